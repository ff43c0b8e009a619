// A saved restore run read back (restoreResume.ts) is used only as the run it claims to be: every page
// start it carries lies inside the run. Pure: no vscode import.
import { MAX_BATCH_SIZE } from '../../gms/validate';
import type { IncompletePage } from './restorePlan';

/** What of a saved run this check reads. */
export interface SavedPages {
  batchSize: number;
  firstStart: number;
  nextStart: number;
  maxRows?: number;
  doneAfterNext: number[];
  incompletePages: IncompletePage[];
}

/**
 * The first page start the saved run carries that lies outside the run itself (before where it began,
 * a page done after the resume point that is not after it, past its row limit), or a batch size no
 * restore takes: what is read back is used only as the run it claims to be. Undefined when all fit.
 */
export function outsideRun(run: SavedPages): string | undefined {
  if (!Number.isInteger(run.batchSize) || run.batchSize < 1 || run.batchSize > MAX_BATCH_SIZE) return `its batch size ${run.batchSize}`;
  const end = run.maxRows !== undefined ? run.firstStart + run.maxRows : Infinity;
  if (!Number.isInteger(run.firstStart) || run.firstStart < 0 || run.nextStart < run.firstStart) return `its resume point start=${run.nextStart}`;
  const done = run.doneAfterNext.find((s) => s < run.nextStart || s >= end);
  if (done !== undefined) return `a page done at start=${done}`;
  const page = run.incompletePages.find((p) => !Number.isInteger(p.start) || p.start < run.firstStart || p.start >= end);
  if (page !== undefined) return `an incomplete page at start=${page.start}`;
  return undefined;
}
