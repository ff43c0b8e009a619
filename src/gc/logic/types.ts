// The shapes of a GC reading (readGarbageCollection's result without its message). Pure: no vscode import.
import type { GcStage } from './recipe';

export interface GcSourceView {
  urn: string;
  name: string;
  schedule?: { interval: string; timezone: string };
  /** The next firing of the schedule in its timezone (epoch ms); none for no schedule or one not evaluated. */
  nextRunAt?: number;
  executorId: string;
  version?: string;
  /** The stored recipe, parsed; its JSON text when it could not be parsed as a GC recipe. */
  recipe: Record<string, unknown> | string;
  /** Why the recipe could not be read as the GC's, when it could not. */
  recipeProblem?: string;
}

export interface GcRun {
  urn: string;
  id: string;
  /** null: the executor has not picked the request up (no result). */
  status: string | null;
  requestedAt: number;
  startTimeMs?: number;
  durationMs?: number;
  /** Flat figures from the structured report (../logic/figures.ts): hardDeleted, hardDeleted.<type>, … */
  figures: Record<string, number>;
  /** The limits the run reached, as `<stage>.<recipe key>`. */
  limitsReached: string[];
  /** The report's failure titles (distinct, capped). */
  failures: string[];
  /** Why the run's report was not read, when it was not. */
  reportUnread?: string;
}

export type GcFindingId = 'ok' | 'gcMissing' | 'gcNotRunning' | 'gcFailing' | 'gcStuck' | 'deletionLimitReached' | 'runRecordsUnbounded' | 'gcUnreadable';
export type GcVerdict = 'ok' | 'warning' | 'failing';

export interface GcFinding {
  id: GcFindingId;
  verdict: GcVerdict;
  summary: string;
  /** Always there when the verdict is not ok. */
  nextStep?: string;
}

/** The entity counts the findings weigh (GET /openapi/v1/entities/counts, or search facets). */
export interface GcCounts {
  /** Soft-deleted documents per entity type, lower-cased. */
  softDeleted: ReadonlyMap<string, number>;
  /** Every dataProcessInstance document, active and soft-deleted. */
  dataProcessInstances: number;
  /** Where they were read. */
  source: string;
}

export interface GcReading {
  source: GcSourceView | null;
  stages: GcStage[];
  runs: GcRun[];
  findings: GcFinding[];
  /** The entity counts the findings used, when they were read. */
  counts?: { softDeleted: number; dataProcessInstances: number; source: string };
  /** Why the counts could not be read, when they were wanted and could not. */
  countsUnread?: string;
}
