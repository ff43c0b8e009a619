// Before an upgrade: is this DataHub ready for its system update's reindex? One line per fact, each
// with a verdict, figures and the next step. Pure: the readings come in, the lines go out.
//
// DataHub sources:
//   metadata-service/configuration/src/main/java/com/linkedin/metadata/config/search/BuildIndicesConfiguration.java
//     elasticsearch.buildIndices.{incrementalReindexEnabled, rollbackDualWriteEnabled, reindexBatchSize,
//     reindexMaxSlices, allowDocCountMismatch, cloneIndices}; application.yaml binds
//     elasticsearch.index.maxReindexHours to ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS with 0 (no limit) by default.
//   metadata-io/.../elasticsearch/indexbuilder/ESIndexBuilder.java: allowDocCountMismatch is read only on the legacy
//     path and only together with cloneIndices; the incremental poll loop ignores it (issue 18949).
//   docs/advanced/parallel-reindexing.md (IndexCostEstimator): cost = documents × primary shards ÷ data nodes;
//     normalIndexCostThreshold 500,000: at or over it an index is LARGE (reindexed first, two at a time).
//   The Helm chart's restore CronJob (datahub-restore-indices-job-template.yml): scheduled "* * * * *" it starts a
//     pod a minute (datahub-helm issues 329 and 457); RestoreIndices given only gePitEpochMs restored 0 rows and
//     reported SUCCEEDED (DataHub issue 18849, fixed by PR 18860).
import type { EntityCount, ServerProperties } from '../../../gms/upgradeTypes';
import type { K8sCronJob } from '../../../gms/k8sTypes';
import type { FactVerdict } from '../../../shared/statusFact';
import { formatDuration } from '../../../shared/format';
import { uiLine } from '../../../shared/uiText';
import { REINDEX_SETTINGS } from '../../../shared/reindexSettings';
import { cronLines } from './readinessCron';
import { unread, type Reading, type ReadinessLine } from './readinessLine';

export type { Reading, ReadinessLine } from './readinessLine';

export const HEAVY_COST = 500_000;

export interface ReadinessInput {
  settings: Reading<ServerProperties>;
  counts: Reading<EntityCount[]>;
  dataNodes: Reading<number>;
  cronJobs: Reading<K8sCronJob[]>;
  /** The last reindex's rate, when one is known. */
  rate?: { docsPerSecond: number; source: string };
}

const n = (v: number): string => Math.round(v).toLocaleString('en-US');
const KEY = REINDEX_SETTINGS;

const bool = (v: unknown): boolean | undefined => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined);
const int = (v: unknown): number | undefined => {
  const x = typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : v;
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : undefined;
};

const SETTINGS_SOURCE = 'GET /openapi/v1/system-info/properties/simple';

function settingsLines(s: ServerProperties, indexHours: { index: string; seconds: number } | undefined): ReadinessLine[] {
  const base = { source: SETTINGS_SOURCE };
  const incremental = bool(s[KEY.incremental]) === true;
  const hours = int(s[KEY.hours]);
  const batch = int(s[KEY.batch]);
  const slices = int(s[KEY.slices]);
  const mismatch = bool(s[KEY.mismatch]) === true;
  const clone = bool(s[KEY.clone]);
  const lines: ReadinessLine[] = [
    {
      ...base,
      id: 'path',
      title: 'Reindex path',
      verdict: 'ok',
      summary: incremental
        ? 'incremental (zero downtime): next indices built beside the live ones, swapped only when the document counts agree, then a catch-up'
        : 'legacy: writes to an index are blocked while it is rebuilt, then the alias moves and the old index is deleted',
      figures: {
        incrementalReindexEnabled: incremental,
        ...(bool(s[KEY.dualWrite]) !== undefined ? { rollbackDualWriteEnabled: bool(s[KEY.dualWrite])! } : {}),
      },
    },
  ];
  const hoursLine: ReadinessLine = { ...base, id: 'maxReindexHours', title: 'Reindex time limit', verdict: 'ok', summary: '', figures: {} };
  if (hours === undefined || hours === 0) {
    Object.assign(hoursLine, {
      verdict: 'warning',
      summary: `maxReindexHours is ${hours === undefined ? 'not reported' : '0'}: no time limit (application.yaml's default, while the docs say 12), so a reindex that never converges runs for ever (DataHub issues 14721, 18949)`,
      nextStep: 'set ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS on the system-update job to a few hours above the longest estimate below',
    });
  } else if (indexHours && indexHours.seconds > hours * 3600) {
    Object.assign(hoursLine, {
      verdict: 'failing',
      summary: `${indexHours.index} would take about ${formatDuration(indexHours.seconds * 1000)}, longer than maxReindexHours = ${hours} h: DataHub stops waiting at the limit and the upgrade fails`,
      nextStep: `raise ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS above ${Math.ceil(indexHours.seconds / 3600)} h before the upgrade`,
    });
  } else
    Object.assign(hoursLine, {
      summary: `${hours} h per index${indexHours ? `; the longest estimate is about ${formatDuration(indexHours.seconds * 1000)}` : ''}`,
    });
  hoursLine.figures = { maxReindexHours: hours ?? -1 };
  lines.push(hoursLine);
  const sized = batch !== undefined && slices !== undefined;
  lines.push({
    ...base,
    id: 'batchAndSlices',
    title: 'Reindex batch size and slices',
    verdict: sized ? 'ok' : 'warning',
    summary: sized
      ? `${n(batch)} documents a scroll batch, at most ${n(slices)} slices (as many as the target's shards)`
      : 'reindexBatchSize or reindexMaxSlices is not reported: DataHub refuses to run without them (BuildIndicesConfiguration)',
    figures: { ...(batch !== undefined ? { reindexBatchSize: batch } : {}), ...(slices !== undefined ? { reindexMaxSlices: slices } : {}) },
    ...(sized ? {} : { nextStep: 'set elasticsearch.buildIndices.reindexBatchSize (5000) and reindexMaxSlices (256) in application.yaml' }),
  });
  const m: ReadinessLine = {
    ...base,
    id: 'docCountMismatch',
    title: 'Document-count mismatch',
    verdict: 'ok',
    summary: 'not allowed: a reindex that loses documents fails rather than being swapped in',
    figures: { allowDocCountMismatch: mismatch, ...(clone !== undefined ? { cloneIndices: clone } : {}) },
  };
  if (mismatch && incremental) {
    Object.assign(m, {
      verdict: 'warning',
      summary:
        'allowDocCountMismatch=true is ignored on the incremental path (issue 18949): a busy index can poll at 99.99 % until maxReindexHours, and its swap is refused',
      nextStep: 'quiet the writes to DataHub during the upgrade (PRE_PROCESS_HOOKS_UI_ENABLED=false on GMS) and set a reindex time limit',
    });
  } else if (mismatch && clone !== true) {
    Object.assign(m, {
      verdict: 'warning',
      summary: 'allowDocCountMismatch=true is honoured only with cloneIndices=true; with cloneIndices=false a mismatch still fails the upgrade',
      nextStep: 'set ELASTICSEARCH_BUILD_INDICES_CLONE_INDICES=true (a clone to fall back on) or turn allowDocCountMismatch off',
    });
  } else if (mismatch) {
    Object.assign(m, {
      verdict: 'warning',
      summary: 'allowDocCountMismatch=true with cloneIndices=true: an index that lost documents is swapped in, the clone kept',
      nextStep: 'after the upgrade compare the counts (Search Health) and restore from the clone what is missing',
    });
  }
  lines.push(m);
  return lines;
}

function indexLines(input: ReadinessInput, shards: number, nodes: number): { lines: ReadinessLine[]; longest?: { index: string; seconds: number } } {
  if (!input.counts.ok)
    return {
      lines: [
        unread(
          'indexCost',
          'Index reindex cost',
          'GET /openapi/v1/entities/counts',
          input.counts,
          "grant the token Get Counts (or Manage System Operations) to see each index's cost",
        ),
      ],
    };
  const lines: ReadinessLine[] = [];
  let longest: { index: string; seconds: number } | undefined;
  const sorted = [...input.counts.value].sort((a, b) => b.documents - a.documents).slice(0, 50);
  for (const c of sorted) {
    const index = `${c.entityType.toLowerCase()}index_v2`;
    const cost = (c.documents * shards) / nodes;
    const heavy = cost >= HEAVY_COST;
    const seconds = input.rate ? c.documents / input.rate.docsPerSecond : undefined;
    if (seconds !== undefined && (!longest || seconds > longest.seconds)) longest = { index, seconds };
    const time = seconds !== undefined ? `; about ${formatDuration(seconds * 1000)} at ${n(input.rate!.docsPerSecond)} docs/s (${input.rate!.source})` : '';
    lines.push({
      id: `index:${uiLine(index, 100)}`,
      title: `Index ${uiLine(index, 100)}`,
      source: 'GET /openapi/v1/entities/counts, /debug/elastic, elasticsearch.index.numShards',
      verdict: heavy ? 'warning' : 'ok',
      summary: `cost ${n(cost)} = ${n(c.documents)} documents × ${shards} primary shard${shards === 1 ? '' : 's'} ÷ ${nodes} data node${nodes === 1 ? '' : 's'}${heavy ? `: heavy (${n(HEAVY_COST)} or more; reindexed first, two at a time)` : ''}${time}`,
      figures: {
        documents: c.documents,
        primaryShards: shards,
        dataNodes: nodes,
        cost,
        heavy,
        ...(seconds !== undefined ? { estimateSeconds: Math.round(seconds) } : {}),
      },
      ...(heavy
        ? {
            nextStep:
              seconds === undefined
                ? 'watch one reindex (or run Estimate Upgrade Reindex Time) to know its duration, and give it a quiet hour'
                : 'run the upgrade in a quiet hour and set the reindex time limit above its estimate',
          }
        : {}),
    });
  }
  return { lines, ...(longest ? { longest } : {}) };
}

export function readinessLines(input: ReadinessInput): ReadinessLine[] {
  const s = input.settings.ok ? input.settings.value : undefined;
  const shards = (s && int(s[KEY.shards])) || 1;
  const nodes = input.dataNodes.ok && input.dataNodes.value > 0 ? input.dataNodes.value : 1;
  const idx = indexLines(input, shards, nodes);
  const settings = input.settings.ok
    ? settingsLines(input.settings.value, idx.longest)
    : [
        unread(
          'settings',
          'Reindex settings',
          SETTINGS_SOURCE,
          input.settings,
          "grant the token Manage System Operations, or read elasticsearch.buildIndices.* and ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS from the system-update job's environment",
        ),
      ];
  const nodeNote: ReadinessLine[] = input.dataNodes.ok
    ? []
    : [
        unread(
          'dataNodes',
          'Data nodes',
          'GET /debug/elastic',
          input.dataNodes,
          'the costs below assume 1 data node; read number_of_data_nodes from the search cluster',
        ),
      ];
  return [...settings, ...nodeNote, ...idx.lines, ...cronLines(input.cronJobs)];
}

const ORDER: FactVerdict[] = ['failing', 'warning', 'unreadable', 'notOffered', 'ok'];

export function readinessMessage(connection: string, lines: readonly ReadinessLine[]): string {
  const count = (v: FactVerdict) => lines.filter((l) => l.verdict === v).length;
  const parts = [
    count('failing') ? `${count('failing')} failing` : '',
    count('warning') ? `${count('warning')} warning${count('warning') === 1 ? '' : 's'}` : '',
    count('unreadable') + count('notOffered') ? `${count('unreadable') + count('notOffered')} not read` : '',
    count('ok') ? `${count('ok')} OK` : '',
  ].filter((p) => p !== '');
  const worst = ORDER.slice(0, 2)
    .map((v) => lines.find((l) => l.verdict === v))
    .find((l) => l !== undefined);
  const first = worst ? ` ${worst.title}: ${worst.summary}${worst.nextStep ? `; ${worst.nextStep}` : ''}.` : ' Ready for the upgrade.';
  return `Upgrade readiness of "${connection}": ${parts.join(', ')}.${first}`;
}
