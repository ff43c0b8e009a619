// The plan of a change to DataHub's GC: what the settings change in its recipe, what the GC would do with them
// (its own dry run, on the server), and what its index truncation would delete at the proposed cutoff (the
// server's own truncate dry runs). Pure: no vscode import. DataHub's parts it follows:
//   the dry run       a temporary, unscheduled datahub-gc source (createIngestionSource: DataHub gives it a new
//       urn, so it never touches the real GC) holding the proposed config with dry_run: true and every stage the
//       dry run does not cover turned off (settings.ts dryRunConfig, after datahub_gc.py), run once
//       (createIngestionExecutionRequest), followed to its end (follow.ts), its structured report read
//       (figures.ts), and the temporary source deleted (deleteIngestionSource) whatever happened: failure,
//       cancel, an executor that never picked the run up.
//   truncation        datahub_gc.py truncate_indices: operation and datasetusagestatistics of dataset,
//       chartUsageStatistics of chart, dashboardUsageStatistics of dashboard, older than
//       truncate_index_older_than_days: each asked of POST /operations?action=truncateTimeseriesAspect with
//       dryRun: true at that cutoff; one that fails is listed with its error and the plan goes on.
import type { GmsClient, IngestionSourceDetail, IngestionSourceInput } from '../../gms/types';
import { uiLine } from '../../shared/uiText';
import { figuresOf } from './figures';
import { GC_SOURCE_URN, parseGcRecipe } from './recipe';
import { applySettings, changesOf, dryRunConfig, valueAt, type GcChange, type GcSettings } from './settings';
import { runAndFollow, type FollowEnd } from './follow';

export type PlanClient = Pick<GmsClient, 'ingestion' | 'truncateTimeseriesAspect'>;

/** The aspects the GC truncates (datahub_gc.py truncate_indices), in its order. */
export const GC_TRUNCATED = [
  { entityType: 'dataset', aspect: 'operation' },
  { entityType: 'dataset', aspect: 'datasetusagestatistics' },
  { entityType: 'chart', aspect: 'chartUsageStatistics' },
  { entityType: 'dashboard', aspect: 'dashboardUsageStatistics' },
] as const;

const DAY = 86_400_000;

export interface GcDryRun {
  runUrn: string;
  /** The run's final status; `notPickedUp` when the executor never took it, `stillRunning` past the wait. */
  status: string;
  figures: Record<string, number>;
  limitsReached: string[];
  failures: string[];
}

export interface GcTruncation {
  entityType: string;
  aspect: string;
  rowsToDelete?: number;
  total?: number;
  error?: string;
}

/** The GC source as it was read for the plan: what the apply keeps and compares against. */
export interface GcPlannedSource {
  detail: IngestionSourceDetail;
  recipe: Record<string, unknown>;
  config: Record<string, unknown>;
}

export interface GcPlan {
  changes: GcChange[];
  /** The proposed source.config (the settings applied, every other key as it was). */
  proposed: Record<string, unknown>;
  source: GcPlannedSource;
  dryRun?: GcDryRun;
  truncation?: GcTruncation[];
  /** Whether the temporary source is gone (false: its urn, to remove by hand). */
  temporaryRemoved: true | string;
  cutoffDays?: number;
}

export interface PlanOptions {
  pickupMs: number;
  waitMs: number;
  pollMs: number;
  now: () => number;
  /** A name no other source has (the caller adds the time and a random part). */
  temporaryName: string;
  onStep?: (step: string) => void;
}

/** The GC source and its recipe; why not, as an Error a person can act on. */
export async function readGcSource(client: Pick<PlanClient, 'ingestion'>, connection: string, signal?: AbortSignal): Promise<GcPlannedSource> {
  const detail = await client.ingestion.getIngestionSource(GC_SOURCE_URN, signal);
  if (!detail)
    throw new Error(
      `"${connection}" has no garbage collector source (${GC_SOURCE_URN}): DataHub before 0.14 or the source was deleted. Nothing was planned; its bootstrap (ingestion-datahub-gc.yaml) creates it again on GMS's next start.`,
    );
  const parsed = parseGcRecipe(detail.recipe);
  if (!parsed.ok) throw new Error(`The recipe of DataHub's GC on "${connection}" cannot be read (${parsed.reason}). Nothing was planned.`);
  return { detail, recipe: parsed.recipe, config: parsed.config };
}

/** The whole recipe with `config` as its source.config, every other key as it was. */
export function recipeWith(recipe: Record<string, unknown>, config: Record<string, unknown>): string {
  const source = (recipe.source ?? {}) as Record<string, unknown>;
  return JSON.stringify({ ...recipe, source: { ...source, config } });
}

/** The source's input as UpdateIngestionSourceInput declares it, everything but the recipe kept as read. */
export function inputOf(detail: IngestionSourceDetail, recipe: string, schedule: IngestionSourceInput['schedule'] | null): IngestionSourceInput {
  return {
    name: detail.name,
    type: detail.type,
    ...(schedule ? { schedule } : {}),
    config: {
      recipe,
      executorId: detail.executorId ?? 'default',
      ...(detail.version !== undefined ? { version: detail.version } : {}),
      ...(detail.debugMode !== undefined ? { debugMode: detail.debugMode } : {}),
      ...(detail.extraArgs.length > 0 ? { extraArgs: detail.extraArgs.map((e) => ({ key: e.key, value: e.value })) } : {}),
    },
  };
}

const errorText = (error: unknown) => uiLine(error instanceof Error ? error.message : String(error), 300);

/** The server's truncate dry runs at the cutoff, one per aspect the GC truncates; a failure is kept and the rest go on. */
export async function truncationAt(
  client: Pick<PlanClient, 'truncateTimeseriesAspect'>,
  days: number,
  now: number,
  signal?: AbortSignal,
): Promise<GcTruncation[]> {
  const endTimeMillis = now - days * DAY;
  const out: GcTruncation[] = [];
  for (const { entityType, aspect } of GC_TRUNCATED) {
    if (signal?.aborted) break;
    try {
      const r = await client.truncateTimeseriesAspect({ entityType, aspect, endTimeMillis, dryRun: true }, signal);
      out.push(
        r.kind === 'dryRun'
          ? { entityType, aspect, rowsToDelete: r.toDelete, total: r.total }
          : { entityType, aspect, error: 'the server did not answer as a dry run' },
      );
    } catch (error) {
      if (signal?.aborted) break;
      out.push({ entityType, aspect, error: errorText(error) });
    }
  }
  return out;
}

function dryRunOf(end: FollowEnd): GcDryRun {
  if (end.kind === 'ended') {
    const report = end.request.result?.structuredReport?.serializedValue;
    const read = report !== undefined ? figuresOf(report) : undefined;
    return {
      runUrn: end.request.urn,
      status: end.request.result?.status ?? 'none',
      figures: read?.figures ?? {},
      limitsReached: read?.limitsReached ?? [],
      failures: read?.failures ?? [],
    };
  }
  const status = end.kind === 'notPickedUp' ? 'notPickedUp' : end.kind === 'tooLong' ? 'stillRunning' : 'cancelled';
  return { runUrn: end.requestUrn, status, figures: {}, limitsReached: [], failures: [] };
}

/**
 * The plan: the source read, the changes, the truncation figures at the proposed cutoff (when the proposed config
 * truncates), then the GC's dry run on a temporary source, always removed after.
 */
export async function planGc(client: PlanClient, connection: string, settings: GcSettings, options: PlanOptions, signal?: AbortSignal): Promise<GcPlan> {
  options.onStep?.("reading DataHub's GC source");
  const source = await readGcSource(client, connection, signal);
  const changes = changesOf(source.config, settings, source.detail.schedule);
  const proposed = applySettings(source.config, settings);
  const truncates = valueAt(proposed, 'truncate_indices') !== false;
  const cutoffDays = (valueAt(proposed, 'truncate_index_older_than_days') as number | undefined) ?? 30;
  let truncation: GcTruncation[] | undefined;
  if (truncates) {
    options.onStep?.(`the server's truncate dry runs at ${cutoffDays} days`);
    truncation = await truncationAt(client, cutoffDays, options.now(), signal);
  }
  if (signal?.aborted) return { changes, proposed, source, ...(truncation ? { truncation } : {}), temporaryRemoved: true, cutoffDays };

  options.onStep?.('creating the temporary dry-run source');
  const input: IngestionSourceInput = inputOf(source.detail, recipeWith(source.recipe, dryRunConfig(proposed)), null);
  const temporary = await client.ingestion.createSource({ ...input, name: options.temporaryName }, signal);
  // Nothing a server says widens a write: an answer naming the GC itself (or no new urn) is not run, not deleted.
  if (temporary === GC_SOURCE_URN || temporary === source.detail.urn)
    throw new Error(`DataHub answered the temporary source's creation with the GC's own urn (${temporary}); nothing was run or deleted. Check the server.`);
  let end: FollowEnd | undefined;
  let removed: true | string = temporary;
  try {
    options.onStep?.('running the dry run');
    end = await runAndFollow(client, temporary, { pickupMs: options.pickupMs, waitMs: options.waitMs, pollMs: options.pollMs }, signal, options.now, () =>
      options.onStep?.('following the dry run'),
    );
  } finally {
    try {
      await client.ingestion.deleteSource(temporary);
      removed = true;
    } catch {
      // Said in the result: the urn to remove by hand (it has no schedule: it never runs on its own).
    }
  }
  return { changes, proposed, source, dryRun: dryRunOf(end), ...(truncation ? { truncation } : {}), temporaryRemoved: removed, cutoffDays };
}
