// The parameters of one restore by URN pattern, as the run, the saved-run store
// (resume) and the job writer share them. Pure: no vscode import.
import type { IncompletePage } from './restorePlan';
import type { PatternRunParams } from './restoreFormat';
import type { RestoreWindow } from './restoreWindow';

/** Everything a pattern run needs: the scope and paging (PatternRunParams), and what an earlier run left. */
export interface PatternRun extends PatternRunParams {
  concurrency?: number;
  /** Pages known done from an earlier run (its doneAfterNext). */
  skip?: number[];
  /** Rows written in this window only. */
  window?: RestoreWindow;
  /** At most this many rows from start (the `limit` option). */
  maxRows?: number;
  createDefaultAspects?: boolean;
  /** Restore exactly these page starts (incomplete pages of an earlier run), nothing else. */
  pages?: number[];
  /** Where the whole run began, when this continues it (maxRows counts from there). */
  firstStart?: number;
  /** Incomplete pages of the earlier part of this run, kept in its result and saved state. */
  carried?: IncompletePage[];
  /**
   * When this resumes an earlier run: where and when that run read its pages (a PlanOrigin, as saved; checked
   * before any request, src/shared/writePlan.ts) and how the messages name it ("the saved run").
   */
  resumes?: { origin: unknown; what: string; /** A page start it carries outside the run itself: refused. */ outside?: string };
}
