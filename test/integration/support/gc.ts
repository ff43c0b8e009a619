// Shared by the GC plan and apply suites (not a suite itself): the sandbox's GC with DataHub's bootstrap recipe,
// the stored sources, the timeseries rows the GC truncates and the soft-deleted entities it hard-deletes.
import { sandbox } from '../../host/inHost';
import { GC_DEFAULT_CONFIG, GC_SOURCE_URN } from '../../../src/gc/logic/recipe';

export interface StoredSource {
  urn: string;
  name: string;
  type: string;
  system: boolean;
  schedule?: { interval: string; timezone: string };
  executorId: string;
  recipe: string;
  version?: string;
  debugMode?: boolean;
  extraArgs?: Array<{ key: string; value: string }>;
}

export const sources = async () => (await sandbox.control<{ sources: StoredSource[] }>('GET', '/ingestion')).sources;
export const gcSource = async () => (await sources()).find((s) => s.urn === GC_SOURCE_URN);
export const script = (body: Record<string, unknown>) => sandbox.control<object>('POST', '/ingestion', body);

/** The GC as DataHub bootstraps it (ingestion-datahub-gc.yaml), with a version, debug mode and an extra arg set. */
export const bootstrapGc = () =>
  script({
    sources: [
      {
        urn: GC_SOURCE_URN,
        name: 'datahub-gc',
        type: 'datahub-gc',
        system: true,
        schedule: { interval: '0 1 * * *', timezone: 'UTC' },
        executorId: 'default',
        version: '1.2.0',
        debugMode: false,
        extraArgs: [{ key: 'extra_pip_requirements', value: '[]' }],
        recipe: JSON.stringify({ source: { type: 'datahub-gc', config: GC_DEFAULT_CONFIG }, pipeline_name: 'urn:li:dataHubIngestionSource:datahub-gc' }),
      },
    ],
  });

/** What the GC could touch: the timeseries rows it truncates, and whether the soft-deleted sample entities remain. */
export async function dataNow(): Promise<{ rows: number[]; present: Record<string, boolean> }> {
  const rows: number[] = [];
  for (const [entityType, aspect] of [
    ['dataset', 'operation'],
    ['dataset', 'datasetusagestatistics'],
    ['chart', 'chartUsageStatistics'],
    ['dashboard', 'dashboardUsageStatistics'],
  ])
    rows.push((await sandbox.control<{ total: number }>('GET', `/timeseries?entityType=${entityType}&aspect=${aspect}`)).total);
  const urns = ['urn:li:chart:(looker,retired_0000000)', 'urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_0000001,PROD)'];
  const present = (await sandbox.control<{ present: Record<string, boolean> }>('GET', `/cleanup?${urns.map((u) => `urn=${encodeURIComponent(u)}`).join('&')}`))
    .present;
  return { rows, present };
}
