// The messages between the retention planner webview (media/retention/main.ts)
// and its host (src/retention/panel.ts). No vscode import: the webview bundle
// uses these types and guards too. Everything shown is pre-formatted text, put
// on screen with textContent only.
import { isIndexName, isObject, parseWith, type Guards } from '../../shared/messageGuards';

export type RowStatus = 'idle' | 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** The cutoff chosen for one index: none, a preset or custom number of days, or a date. */
export type CutoffChoiceMessage = { kind: 'none' } | { kind: 'days'; days: number } | { kind: 'date'; date: string };

export interface PlannerRow {
  indexName: string;
  /** "dashboard / dashboardUsageStatistics" */
  pairLabel: string;
  sizeLabel: string;
  cutoff: CutoffChoiceMessage;
  /** "at or before 2025-01-01 10:00 (UTC+01:00)" once a cutoff is set. */
  cutoffLabel?: string;
  /** Why the typed cutoff was refused. */
  cutoffError?: string;
  status: RowStatus;
  /** "120 of 201 rows (59.70%)" */
  countsLabel?: string;
  /** "about 1.2 GB (estimate)" */
  freedLabel?: string;
  /** 0..100 for the share bar. */
  percent?: number | null;
  error?: string;
  /** After apply: "done: 120 rows deleted", "failed: …". */
  outcome?: string;
  outcomeKind?: 'done' | 'failed' | 'started' | 'skipped';
}

export interface PlannerState {
  connection: string;
  rows: PlannerRow[];
  presets: number[];
  /** "about 14.2 GB of 33.2 GB", once any dry run is done. */
  totalLabel?: string;
  /** "4 of 7 counted" */
  progressLabel?: string;
  running: boolean;
  applying: boolean;
  note: string;
  /** A message for the whole planner (plan file opened, not-found indices, ...). */
  banner?: string;
}

export type PlannerHostMessage =
  { type: 'state'; state: PlannerState } | { type: 'row'; row: PlannerRow; totalLabel?: string; progressLabel?: string; running: boolean };

export type PlannerMessage =
  | { type: 'ready' }
  | { type: 'setCutoff'; indexName: string; cutoff: CutoffChoiceMessage }
  | { type: 'setAll'; cutoff: CutoffChoiceMessage }
  | { type: 'dryRun' }
  | { type: 'cancel'; indexName?: string }
  | { type: 'apply' }
  | { type: 'copyRecipe' }
  | { type: 'savePlan' }
  | { type: 'openPlan' };

const MAX_DAYS = 36_500;

function cutoffOf(value: unknown): CutoffChoiceMessage | undefined {
  if (!isObject(value)) return undefined;
  if (value.kind === 'none') return { kind: 'none' };
  if (value.kind === 'days' && typeof value.days === 'number' && Number.isInteger(value.days) && value.days >= 1 && value.days <= MAX_DAYS)
    return { kind: 'days', days: value.days };
  if (value.kind === 'date' && typeof value.date === 'string' && value.date.length <= 40) return { kind: 'date', date: value.date };
  return undefined;
}

const guards: Guards<PlannerMessage> = {
  ready: () => ({ type: 'ready' }),
  setCutoff: (m) => {
    const cutoff = cutoffOf(m.cutoff);
    return isIndexName(m.indexName) && cutoff ? { type: 'setCutoff', indexName: m.indexName, cutoff } : undefined;
  },
  setAll: (m) => {
    const cutoff = cutoffOf(m.cutoff);
    return cutoff ? { type: 'setAll', cutoff } : undefined;
  },
  dryRun: () => ({ type: 'dryRun' }),
  cancel: (m) => (m.indexName === undefined ? { type: 'cancel' } : isIndexName(m.indexName) ? { type: 'cancel', indexName: m.indexName } : undefined),
  apply: () => ({ type: 'apply' }),
  copyRecipe: () => ({ type: 'copyRecipe' }),
  savePlan: () => ({ type: 'savePlan' }),
  openPlan: () => ({ type: 'openPlan' }),
};

/** A message from the webview, checked; undefined for anything unknown or malformed. */
export function parsePlannerMessage(value: unknown): PlannerMessage | undefined {
  return parseWith(guards, value);
}

/** A message from the host, checked by shape. */
export function isPlannerHostMessage(value: unknown): value is PlannerHostMessage {
  if (!isObject(value)) return false;
  if (value.type === 'state') return isObject(value.state) && Array.isArray(value.state.rows);
  if (value.type === 'row') return isObject(value.row) && isIndexName(value.row.indexName);
  return false;
}
