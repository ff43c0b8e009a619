// One poll of the incremental path: the version GMS reports (GET /config), then the two
// dataHubUpgradeResult aspects DataHub writes under it (logic/upgrade/incremental.ts), and the
// copy task's status for the index being copied. Which path runs: incremental when DataHub has
// recorded phase-1 state for this version or the job's log names the incremental step; legacy otherwise.
import type { GmsClient, TaskStatus } from '../../gms/types';
import { isGmsError } from '../../gms/errors';
import { incrementalIndices, incrementalState, incrementalUrns, upgradeVersion, withCopyProgress, type IncrementalIndex } from '../logic/upgrade/incremental';
import type { UpgradeState } from '../logic/upgrade/reindexState';

/** Log lines of BuildIndicesIncrementalStep / IncrementalReindexCatchUpStep (their ids and messages). */
export const INCREMENTAL_LOG = /BuildIndicesIncremental|IncrementalReindexCatchUp|incremental reindex/i;
/** The version in the step's id as DefaultUpgradeManager logs it: "Executing Step 3/14: BuildIndicesIncremental_v1.3.0-0...". */
export const STEP_VERSION = /\bBuildIndicesIncremental_([A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*)/;

/** Whether these log lines name the incremental steps, and the version their step id carries. */
export function scanLog(lines: readonly string[]): { incremental: boolean; version?: string } {
  let out: { incremental: boolean; version?: string } = { incremental: false };
  for (const l of lines) {
    if (!INCREMENTAL_LOG.test(l)) continue;
    const version = STEP_VERSION.exec(l)?.[1];
    out = { incremental: true, ...(version ? { version } : out.version ? { version: out.version } : {}) };
  }
  return out;
}

export interface IncrementalReading {
  path: 'incremental' | 'legacy';
  version?: string;
  indices: IncrementalIndex[];
  state?: UpgradeState;
  /** What could not be read, and why (the watch goes on). */
  note?: string;
}

const words = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export async function readIncremental(
  client: GmsClient,
  input: { revision: string; version?: string; logSaysIncremental: boolean; jobFailed?: string },
  taskStatus: (task: string) => Promise<{ status?: TaskStatus; error?: string }>,
): Promise<IncrementalReading> {
  const legacy = (note?: string): IncrementalReading => ({ path: input.logSaysIncremental ? 'incremental' : 'legacy', indices: [], ...(note ? { note } : {}) });
  let version = input.version;
  if (version === undefined) {
    const reported = await client.getServerVersion();
    if (!reported.ok) return legacy(`The incremental reindex's state was not read: ${reported.reason}.`);
    version = upgradeVersion(reported.version, input.revision);
  }
  const urns = incrementalUrns(version);
  try {
    const phase1 = await client.upgrade.upgradeResult(urns.phase1);
    if (phase1 === undefined) return { ...legacy(), version };
    const catchUp = await client.upgrade.upgradeResult(urns.catchUp);
    const indices: IncrementalIndex[] = [];
    for (const i of incrementalIndices(phase1, catchUp)) {
      if (i.phase !== 'copying' || !i.taskId) {
        indices.push(i);
        continue;
      }
      const { status } = await taskStatus(i.taskId);
      const s = status?.status;
      const created = (s?.created ?? 0) + (s?.updated ?? 0) + (s?.deleted ?? 0);
      indices.push(
        withCopyProgress(
          i,
          s && typeof s.total === 'number'
            ? { created, total: s.total, completed: status.completed, ...(status.runTimeNanos ? { runningMs: status.runTimeNanos / 1e6 } : {}) }
            : undefined,
        ),
      );
    }
    return { path: 'incremental', version, indices, state: incrementalState(phase1, catchUp, indices, input.jobFailed) };
  } catch (error) {
    // A server without the v3 entity API, or a token that may not read the upgrade entity: the legacy watch goes on.
    if (isGmsError(error) && (error.kind === 'notFound' || error.kind === 'forbidden'))
      return { ...legacy(`The incremental reindex's state was not read: ${words(error)}`), version };
    throw error;
  }
}
