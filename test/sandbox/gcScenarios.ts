// What the garbage collector of a DataHub can look like, one scenario at a time (POST /__sandbox/gc {scenario}):
// the GC source and its runs in the ingestion model (ingestion.ts), and the entity counts (entityCounts.ts) the
// findings weigh. Each starts from the GC as seeded (its runs replaced); times are relative to the clock now.
//   healthy           the seed: the bootstrap recipe, three SUCCESS nights well under the deletion limit
//   defaultInstall    the bootstrap recipe; seven nights each stopped by limit_entities_delete (25,001 hard-deleted,
//                     deletion_limit_reached), 400,000 soft-deleted datasets waiting and 1.25 million
//                     dataProcessInstance documents while dataprocess_cleanup is off (as bootstrapped)
//   failingRuns       the last three nights FAILURE, their reports naming the failures (truncation refused, a delete
//                     that failed), the nights before SUCCESS
//   stalledExecutor   the last run picked up 3 days ago; the two nightly requests since have no result (the executor,
//                     datahub-actions, is down: DataHub #12468)
//   stuckRun          a run RUNNING for 6 hours, past its stages' runtime limits (2 h + 1 h) plus an hour
//   missing           no datahub-gc source (a DataHub before 0.14, or the source deleted), and none of its runs
import type { IngestionModel, RunScript } from './ingestion';
import { GC_SOURCE_URN } from './ingestion';
import type { EntityInventory } from './entityCounts';
import { GC_BOOTSTRAP_RECIPE, gcReportJson, structuredGcReport, type GcNight } from './gcSeed';

export const GC_SCENARIOS = ['healthy', 'defaultInstall', 'failingRuns', 'stalledExecutor', 'stuckRun', 'missing'] as const;
export type GcScenario = (typeof GC_SCENARIOS)[number];

const H = 3_600_000;
const M = 60_000;
/** The hours since the last 01:00 the scenarios pretend (the nightly run's request, 0 1 * * *). */
const SINCE_NIGHT = 6;

const night = (k: number, status: string | null, report?: GcNight, durationMs = 25 * M): RunScript => ({
  sourceUrn: GC_SOURCE_URN,
  id: `9c0e6a2d-7b1f-4c3e-8a5d-gc00000000${String(k).padStart(2, '0')}`,
  requestedAgoMs: (k * 24 + SINCE_NIGHT) * H,
  status,
  ...(status !== null ? { startedAgoMs: (k * 24 + SINCE_NIGHT) * H - 4000 } : {}),
  ...(status !== null && status !== 'RUNNING' ? { durationMs } : {}),
  ...(report ? { structuredReport: structuredGcReport(gcReportJson(report)) } : {}),
  report:
    status === 'FAILURE'
      ? '~~~~ Execution Summary - RUN_INGEST ~~~~\nPipeline finished with at least 1 failure; produced 0 events in 21 minutes.\n'
      : `~~~~ Execution Summary - RUN_INGEST ~~~~\nExecution finished with status ${status ?? 'none'}.\n`,
});

const calm = (k: number): GcNight => ({ hardDeleted: { dataset: 280 + k * 7, dataProcessInstance: 40 }, keptForAge: 120 });
const atLimit: GcNight = { hardDeleted: { dataset: 21_000, dataProcessInstance: 4_001 }, keptForAge: 3_200, found: 402_000, deletionLimitReached: true };
const FAILURES = [
  {
    title: 'While trying to truncate indices ',
    message: 'OperationalError: 500 Server Error for url: /operations?action=truncateTimeseriesAspect',
    context: ['datasetusagestatistics'],
  },
  { title: 'Failed to delete entity', message: 'Failed to delete entity', context: ['urn:li:dataset:(urn:li:dataPlatform:hive,logs.app_events,PROD)'] },
];

/** Applies a scenario; a name it does not know is said, nothing changed. */
export function applyGcScenario(model: IngestionModel, entities: EntityInventory, scenario: unknown): string | undefined {
  if (!GC_SCENARIOS.includes(scenario as GcScenario)) return `scenario must be one of ${GC_SCENARIOS.join(', ')}`;
  const gc = model.sources.get(GC_SOURCE_URN);
  for (const [urn, r] of model.requests) if (r.sourceUrn === GC_SOURCE_URN) model.requests.delete(urn);
  if (scenario === 'missing') {
    model.sources.delete(GC_SOURCE_URN);
    return undefined;
  }
  const source = {
    urn: GC_SOURCE_URN,
    name: 'datahub-gc',
    type: 'datahub-gc',
    system: true,
    schedule: { interval: '0 1 * * *', timezone: 'UTC' },
    executorId: 'default',
    ...gc,
    recipe: GC_BOOTSTRAP_RECIPE,
  };
  let runs: RunScript[];
  switch (scenario as Exclude<GcScenario, 'missing'>) {
    case 'healthy':
      runs = [0, 1, 2].map((k) => night(k, 'SUCCESS', calm(k), (11 + k) * M));
      break;
    case 'defaultInstall':
      runs = [0, 1, 2, 3, 4, 5, 6].map((k) => night(k, 'SUCCESS', atLimit, 118 * M));
      // The backlog and the run records as the counts read them: 400,000 soft-deleted datasets, 1.25 million runs.
      entities.grow('dataset', 0, 398_000);
      entities.grow('dataprocessinstance', 1_130_000, 0);
      break;
    case 'failingRuns':
      runs = [0, 1, 2].map((k) => night(k, 'FAILURE', { ...calm(k), failures: FAILURES }, 21 * M));
      runs.push(...[3, 4].map((k) => night(k, 'SUCCESS', calm(k))));
      break;
    case 'stalledExecutor':
      runs = [night(0, null), night(1, null), night(3, 'SUCCESS', calm(3)), night(4, 'SUCCESS', calm(4))];
      break;
    case 'stuckRun':
      runs = [night(0, 'RUNNING'), night(1, 'SUCCESS', calm(1)), night(2, 'SUCCESS', calm(2))];
      break;
  }
  return model.configure({ sources: [source], runs });
}
