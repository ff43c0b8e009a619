// The resume point of a restore by pattern, kept in global state per connection so
// it survives a window reload or a crash: the pattern and options, the next start,
// the pages already done after it and the pages that came back incomplete. One run
// per connection; a finished run without incomplete pages clears it. A saved run is a plan under the write
// discipline (src/shared/writePlan.ts): it records where and when its pages were read (origin), and a
// resume checks that origin and every page start it carries before any request.
import { titleFor } from '../shared/connections';
import type { Connection } from '../platform/services';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { IncompletePage } from './logic/restorePlan';
import type { RestoreWindow } from './logic/restoreWindow';
import { formatDateTime } from '../shared/format';
import type { PatternRun } from './logic/patternRun';
import type { PlanOrigin } from '../shared/writePlan';
import { outsideRun } from './logic/savedRunCheck';

const KEY = 'datahub.restore.run.v1';
/** Incomplete pages kept with a run: beyond this the run says how many more there were. */
export const MAX_SAVED_INCOMPLETE = 1000;

export interface SavedRun {
  urnLike: string;
  aspect?: string;
  batchSize: number;
  window?: RestoreWindow;
  /** Rows the whole run may cover from its first start (the `limit` option). */
  maxRows?: number;
  createDefaultAspects?: boolean;
  /** Where the run began (with maxRows, where the cap counts from). */
  firstStart: number;
  nextStart: number;
  doneAfterNext: number[];
  incompletePages: IncompletePage[];
  rowsMigrated: number;
  /** The run reached the end: only its incomplete pages are left. */
  reachedEnd: boolean;
  /** ms since epoch of the last save. */
  savedAt: number;
  /** The connection, server and time of the pages read (absent in a run saved by an older version: not resumed). */
  origin?: PlanOrigin;
}

function isNumberList(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0);
}

/** A stored value is used only when it still has the shape written (state from another version is dropped). */
function valid(v: unknown): v is SavedRun {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.urnLike === 'string' &&
    typeof r.batchSize === 'number' &&
    typeof r.nextStart === 'number' &&
    typeof r.firstStart === 'number' &&
    isNumberList(r.doneAfterNext) &&
    Array.isArray(r.incompletePages) &&
    r.incompletePages.every((p) => typeof p === 'object' && p !== null && typeof (p as IncompletePage).start === 'number')
  );
}

export class SavedRuns {
  constructor(private readonly memento: vscode.Memento) {}

  private all(): Record<string, unknown> {
    const value = this.memento.get<unknown>(KEY);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  }

  get(connection: string): SavedRun | undefined {
    const run = this.all()[connection];
    return valid(run) ? run : undefined;
  }

  async save(connection: string, run: SavedRun): Promise<void> {
    const bounded = { ...run, incompletePages: run.incompletePages.slice(0, MAX_SAVED_INCOMPLETE) };
    await this.memento.update(KEY, { ...this.all(), [connection]: bounded });
  }

  async clear(connection: string): Promise<void> {
    const all = this.all();
    if (!(connection in all)) return;
    delete all[connection];
    await this.memento.update(KEY, all);
  }
}

/** "Resume the run of urn:li:dataset:% at start=48000?" plus what else it remembers. */
export function resumeQuestion(run: SavedRun): { message: string; detail: string } {
  const parts = [`Pattern (SQL LIKE): ${run.urnLike}`, `Aspect: ${run.aspect ?? 'all aspects'}`, `batchSize: ${run.batchSize}`];
  if (run.window) parts.push(`Rows written from ${formatDateTime(run.window.gePitEpochMs)} to ${formatDateTime(run.window.lePitEpochMs)}`);
  if (run.maxRows !== undefined) parts.push(`At most ${run.maxRows} rows from start=${run.firstStart}`);
  if (run.createDefaultAspects) parts.push('Creates default aspects (writes to the database)');
  parts.push(`${run.rowsMigrated.toLocaleString('en-US')} rows restored so far; last saved ${formatDateTime(run.savedAt)}.`);
  if (run.doneAfterNext.length > 0) parts.push(`${run.doneAfterNext.length} later page(s) already done are skipped.`);
  if (run.incompletePages.length > 0) {
    parts.push(
      `Incomplete pages to re-run: start=${run.incompletePages
        .slice(0, 5)
        .map((p) => p.start)
        .join(', ')}${run.incompletePages.length > 5 ? ` and ${run.incompletePages.length - 5} more` : ''}.`,
    );
  }
  const message = run.reachedEnd
    ? `Re-run the ${run.incompletePages.length} incomplete page(s) of the run of ${run.urnLike}?`
    : `Resume the run of ${run.urnLike} at start=${run.nextStart}?`;
  return { message, detail: parts.join('\n') };
}

/** The run that continues a saved one: the rest of it, or only its incomplete pages when it reached the end. */
export function continuation(run: SavedRun): PatternRun {
  const base = {
    urnLike: run.urnLike,
    aspect: run.aspect,
    batchSize: run.batchSize,
    window: run.window,
    maxRows: run.maxRows,
    createDefaultAspects: run.createDefaultAspects,
    firstStart: run.firstStart,
    all: true,
    resumes: { origin: run.origin, what: 'the saved run', ...(outsideRun(run) ? { outside: outsideRun(run) } : {}) },
  };
  if (run.reachedEnd) return { ...base, start: run.firstStart, pages: run.incompletePages.map((p) => p.start) };
  return { ...base, start: run.nextStart, skip: run.doneAfterNext, carried: run.incompletePages };
}

/** Offers the saved run of this connection: its continuation, 'new' to start another, undefined when dismissed. */
export async function offerSavedRun(run: SavedRun, connection?: Pick<Connection, 'name' | 'environment'>): Promise<PatternRun | 'new' | undefined> {
  const { message, detail } = resumeQuestion(run);
  const resume = run.reachedEnd ? 'Re-run Incomplete Pages' : 'Resume';
  const fresh = 'Start a New Run';
  const choice = await safeWindow.showInformationMessage(titleFor(connection, message), { modal: true, detail }, resume, fresh);
  if (choice === resume) return continuation(run);
  return choice === fresh ? 'new' : undefined;
}
