// The seeded "SQL store": latest-version aspect rows (urn, aspect) for a few
// thousand realistic URNs. Deterministic for a given seed.

import { createRandom, type Random } from './random';

/** URNs the tests, the demo and the docs rely on; always present whatever the seed. */
export const SAMPLE_URNS = {
  ordersDataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
  /** Same shape as ordersDataset, with "_" where ordersDataset has "." (LIKE `_` matches both). */
  ordersUnderscoreDataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,db_orders,PROD)',
  /** Matches the regex `db.orders` but not the LIKE pattern `db.orders`. */
  ordersLookalikeDataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,dbxorders,PROD)',
  datahubUser: 'urn:li:corpuser:datahub',
  jdoeUser: 'urn:li:corpuser:jdoe',
  piiTag: 'urn:li:tag:pii',
  lookerChart: 'urn:li:chart:(looker,dashboard_elements.42)',
  dailyEtlFlow: 'urn:li:dataFlow:(airflow,daily_etl,prod)',
  loadOrdersJob: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load_orders)',
} as const;

/** Aspect rows of the sample URNs, by urn (ignored rows listed in SAMPLE_IGNORED_ASPECTS). */
export const SAMPLE_ASPECTS: Record<string, string[]> = {
  [SAMPLE_URNS.ordersDataset]: [
    'browsePathsV2',
    'datasetKey',
    'datasetProperties',
    'globalTags',
    'ownership',
    'schemaMetadata',
    'status',
    // A removed aspect still in the table: restore counts it as ignored.
    'datasetUpstreamLineage',
  ],
  [SAMPLE_URNS.ordersUnderscoreDataset]: ['datasetKey', 'status'],
  [SAMPLE_URNS.ordersLookalikeDataset]: ['datasetKey', 'status'],
  [SAMPLE_URNS.datahubUser]: ['corpUserEditableInfo', 'corpUserInfo', 'corpUserKey'],
  [SAMPLE_URNS.jdoeUser]: ['corpUserInfo', 'corpUserKey', 'corpUserStatus', 'groupMembership'],
  [SAMPLE_URNS.piiTag]: ['tagKey', 'tagProperties'],
  [SAMPLE_URNS.lookerChart]: ['chartInfo', 'chartKey', 'ownership', 'status'],
  [SAMPLE_URNS.dailyEtlFlow]: ['dataFlowInfo', 'dataFlowKey', 'ownership', 'status'],
  [SAMPLE_URNS.loadOrdersJob]: ['dataJobInfo', 'dataJobInputOutput', 'dataJobKey', 'ownership', 'status'],
};

/** Aspect names the entity registry knows; rows with any other aspect are "ignored" by restore. */
export const REGISTRY: Record<string, readonly string[]> = {
  dataset: [
    'browsePathsV2',
    'container',
    'dataPlatformInstance',
    'datasetKey',
    'datasetProperties',
    'editableSchemaMetadata',
    'globalTags',
    'glossaryTerms',
    'institutionalMemory',
    'ownership',
    'schemaMetadata',
    'status',
    'subTypes',
    'upstreamLineage',
  ],
  chart: ['browsePathsV2', 'chartInfo', 'chartKey', 'globalTags', 'ownership', 'status'],
  dashboard: ['browsePathsV2', 'dashboardInfo', 'dashboardKey', 'globalTags', 'ownership', 'status'],
  dataFlow: ['browsePathsV2', 'dataFlowInfo', 'dataFlowKey', 'ownership', 'status'],
  dataJob: ['browsePathsV2', 'dataJobInfo', 'dataJobInputOutput', 'dataJobKey', 'ownership', 'status'],
  corpuser: ['corpUserEditableInfo', 'corpUserInfo', 'corpUserKey', 'corpUserStatus', 'groupMembership'],
  glossaryTerm: ['glossaryTermInfo', 'glossaryTermKey', 'ownership', 'status'],
  tag: ['tagKey', 'tagProperties', 'ownership'],
};

export interface AspectRow {
  urn: string;
  aspect: string;
  /** When this latest version was written (for gePitEpochMs / lePitEpochMs). */
  createdOn: number;
  /** The entity registry does not know the aspect: restore skips the row. */
  ignored: boolean;
}

const DAY = 86_400_000;
const PLATFORMS = ['hive', 'snowflake', 'bigquery', 'postgres', 'mysql', 'kafka', 's3', 'redshift'];
const ENVS = ['PROD', 'PROD', 'PROD', 'DEV', 'QA', 'STG'];
const DOMAINS = ['sales', 'finance', 'marketing', 'ops', 'hr', 'analytics', 'growth', 'billing', 'support', 'logistics'];
const NOUNS = [
  'orders',
  'customers',
  'invoices',
  'payments',
  'sessions',
  'events',
  'shipments',
  'products',
  'refunds',
  'accounts',
  'leads',
  'campaigns',
  'clicks',
  'inventory',
  'returns',
  'subscriptions',
  'tickets',
  'users',
  'vendors',
  'budgets',
];
const SUFFIXES = ['', '_daily', '_hourly', '_raw', '_agg', '_v2', '_snapshot', '_history'];
const FIRST = ['alex', 'sam', 'maria', 'li', 'omar', 'ana', 'noah', 'eva', 'ivan', 'zoe', 'raj', 'mia', 'leo', 'ida'];
const LAST = ['smith', 'garcia', 'chen', 'khan', 'novak', 'silva', 'berg', 'rossi', 'kim', 'moreau', 'ito', 'ward'];

export const ENTITY_COUNTS = {
  dataset: 1500,
  chart: 300,
  dashboard: 120,
  dataFlow: 40,
  dataJob: 300,
  corpuser: 200,
  glossaryTerm: 150,
  tag: 30,
} as const;

/** Distinct URNs of one entity type, from a generator that may repeat. */
function unique(count: number, make: () => string, taken: Set<string>): string[] {
  const out: string[] = [];
  for (let guard = 0; out.length < count && guard < count * 50; guard++) {
    const urn = make();
    if (!taken.has(urn)) {
      taken.add(urn);
      out.push(urn);
    }
  }
  return out;
}

function tableName(r: Random): string {
  return `${r.pick(DOMAINS)}.${r.pick(NOUNS)}${r.pick(SUFFIXES)}`;
}

function generatedUrns(r: Random, taken: Set<string>): Array<[entity: string, urns: string[]]> {
  const flows = unique(
    ENTITY_COUNTS.dataFlow,
    () => {
      const orch = r.pick(['airflow', 'airflow', 'dagster', 'spark', 'azkaban']);
      return `urn:li:dataFlow:(${orch},${r.pick(DOMAINS)}_${r.pick(NOUNS)}_etl,${r.pick(['prod', 'prod', 'dev'])})`;
    },
    taken,
  );
  return [
    [
      'dataset',
      unique(
        ENTITY_COUNTS.dataset,
        () => {
          const platform = r.pick(PLATFORMS);
          const name = platform === 'kafka' ? `${r.pick(DOMAINS)}.${r.pick(NOUNS)}-events` : tableName(r);
          return `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${r.pick(ENVS)})`;
        },
        taken,
      ),
    ],
    [
      'chart',
      unique(
        ENTITY_COUNTS.chart,
        () =>
          r.chance(0.5)
            ? `urn:li:chart:(looker,dashboard_elements.${r.int(1, 9999)})`
            : `urn:li:chart:(${r.pick(['superset', 'tableau', 'mode'])},${r.int(100, 99999)})`,
        taken,
      ),
    ],
    [
      'dashboard',
      unique(ENTITY_COUNTS.dashboard, () => `urn:li:dashboard:(${r.pick(['looker', 'superset', 'tableau'])},${r.pick(DOMAINS)}_${r.int(1, 999)})`, taken),
    ],
    ['dataFlow', flows],
    [
      'dataJob',
      unique(ENTITY_COUNTS.dataJob, () => `urn:li:dataJob:(${r.pick(flows)},${r.pick(['load', 'extract', 'transform', 'publish'])}_${r.pick(NOUNS)})`, taken),
    ],
    ['corpuser', unique(ENTITY_COUNTS.corpuser, () => `urn:li:corpuser:${r.pick(FIRST)}.${r.pick(LAST)}${r.int(1, 99)}`, taken)],
    [
      'glossaryTerm',
      unique(
        ENTITY_COUNTS.glossaryTerm,
        () => `urn:li:glossaryTerm:${r.pick(['Classification', 'Finance', 'Privacy', 'Quality'])}.${r.pick(NOUNS)}_${r.int(1, 99)}`,
        taken,
      ),
    ],
    ['tag', unique(ENTITY_COUNTS.tag, () => `urn:li:tag:${r.pick(NOUNS)}_${r.int(1, 999)}`, taken)],
  ];
}

/** Every row of the store, sorted by urn then aspect (the order restore pages through). */
export function seedRows(seed: number, anchorMs: number, benchRows = 0): AspectRow[] {
  const r = createRandom(seed);
  const rows: AspectRow[] = [];
  const created = (): number => anchorMs - r.int(1, 400 * DAY);
  const taken = new Set<string>(Object.keys(SAMPLE_ASPECTS));
  for (const [urn, aspects] of Object.entries(SAMPLE_ASPECTS)) {
    const entity = urn.split(':')[2];
    for (const aspect of aspects) rows.push({ urn, aspect, createdOn: created(), ignored: !REGISTRY[entity].includes(aspect) });
  }
  for (const [entity, urns] of generatedUrns(r, taken)) {
    const known = REGISTRY[entity];
    const keyAspect = known.find((a) => a.endsWith('Key')) ?? known[0];
    for (const urn of urns) {
      const aspects = new Set<string>([keyAspect, known.includes('status') ? 'status' : keyAspect]);
      for (const a of known) if (r.chance(0.45)) aspects.add(a);
      for (const aspect of aspects) rows.push({ urn, aspect, createdOn: created(), ignored: false });
      // A few leftovers of removed aspects, as on any long-lived instance.
      if (r.chance(0.03)) rows.push({ urn, aspect: `${entity}LegacyFeatures`, createdOn: created(), ignored: true });
    }
  }
  for (let i = 0; i < benchRows; i++) {
    rows.push({ urn: `urn:li:dataset:(urn:li:dataPlatform:bench,t${i},PROD)`, aspect: 'status', createdOn: anchorMs - DAY, ignored: false });
  }
  rows.sort((a, b) => (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : a.aspect < b.aspect ? -1 : a.aspect > b.aspect ? 1 : 0));
  return rows;
}
