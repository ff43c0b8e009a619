// A watched system-update job and its reindexes as rows of DataHub Tasks: the job's row
// (its state, how many indices are done), then one row per index (its documents, percent,
// batches, rate and ETA from the task status, or its end in the log's words).
import * as vscode from 'vscode';
import { uiLine, uiText } from '../../shared/uiText';
import { Commands } from '../../shared/commandIds';
import type { ExtraTaskRow } from '../../platform/taskRows';
import { indexLine, type IndexProgress, type UpgradeState } from '../logic/upgrade/reindexState';
import { incrementalLine, type IncrementalIndex } from '../logic/upgrade/incremental';

/** An index of either path: the incremental one adds its phase, status, catch-up and cursor. */
export type UpgradeIndex = IndexProgress & Partial<Omit<IncrementalIndex, keyof IndexProgress>>;

/** What the watch command returns and the tree shows. */
export interface UpgradeSnapshot {
  /** Which reindex runs: incremental (zero-downtime, DataHub's recorded state) or legacy (the log). */
  path: 'incremental' | 'legacy';
  /** The version the incremental state is recorded under ("<GMS version>-<revision>"), once read. */
  upgradeVersion?: string;
  /** Incremental path: time left copying (the copying index, then the waiting ones at its rate). */
  etaMs?: number;
  /** Why the incremental state could not be read, when it could not. */
  note?: string;
  job: string;
  connection: string;
  pod?: string;
  state: UpgradeState['kind'];
  /** The state in a sentence or two, with the failing index's reason in the log's words. */
  message: string;
  indices: UpgradeIndex[];
  /** The upgrade's result line (SUCCEEDED, FAILED, …). */
  result?: string;
  watching: boolean;
  /** Why the watch stopped early, if it did. */
  error?: string;
  /** GMS does not answer now: "GMS not answering for 2 min; still watching". */
  trouble?: string;
  /** It stopped because GMS did not answer for the give-up time: Watch Again resumes it. */
  gaveUp?: boolean;
  /** Indices the log named beyond the ones followed (at most 200). */
  indicesNotFollowed?: number;
}

const JOB_SHORT: Record<UpgradeSnapshot['state'], string> = {
  starting: 'starting',
  running: 'reindexing',
  succeeded: 'succeeded',
  failed: 'FAILED',
  disagree: 'unclear end',
};

const INDEX_SHORT: Record<IndexProgress['state'], string> = {
  running: 'reindexing',
  verifying: 'verifying',
  done: 'done',
  skipped: 'skipped (0 docs)',
  failed: 'FAILED',
};

const color = (id: string) => new vscode.ThemeColor(id);

const caughtUp = (indices: readonly UpgradeIndex[]): number => indices.filter((i) => i.phase === 'catchUpDone' || i.phase === 'catchUpSkipped').length;

export function upgradeJobItem(s: UpgradeSnapshot, id: string): vscode.TreeItem {
  const item = new vscode.TreeItem(uiLine(`system update ${s.job}`), vscode.TreeItemCollapsibleState.None);
  item.id = id;
  const done = s.indices.filter((i) => i.state === 'done' || i.state === 'skipped').length;
  const more = s.indicesNotFollowed ? ` (${s.indicesNotFollowed} more not followed)` : '';
  const stopped = s.gaveUp ? 'GMS not answering: watch stopped' : undefined;
  item.description = uiLine(
    [
      s.trouble ?? stopped,
      `${JOB_SHORT[s.state]}`,
      s.path === 'incremental' ? `incremental · ${caughtUp(s.indices)}/${s.indices.length} caught up` : `${done}/${s.indices.length} indices reindexed${more}`,
    ]
      .filter(Boolean)
      .join(' · '),
  );
  item.tooltip = uiText(`${s.message}\n\nConnection: ${s.connection}${s.pod ? `\nPod: ${s.pod}` : ''}`);
  item.contextValue = 'upgradeJob';
  item.iconPath = s.trouble
    ? new vscode.ThemeIcon('debug-disconnect', color('problemsWarningIcon.foreground'))
    : s.error
      ? new vscode.ThemeIcon('warning', color('problemsWarningIcon.foreground'))
      : s.state === 'succeeded'
        ? new vscode.ThemeIcon('pass', color('testing.iconPassed'))
        : s.state === 'failed'
          ? new vscode.ThemeIcon('error', color('testing.iconFailed'))
          : s.state === 'disagree'
            ? new vscode.ThemeIcon('warning', color('problemsWarningIcon.foreground'))
            : new vscode.ThemeIcon(s.watching ? 'sync~spin' : 'clock');
  item.command = { title: 'Show Log', command: Commands.showUpgradeReindexLog, arguments: [{ job: s.job }] };
  item.accessibilityInformation = { label: `${item.label}, ${item.description}` };
  return item;
}

export function indexItem(p: UpgradeIndex, id: string, job: string): vscode.TreeItem {
  const item = new vscode.TreeItem(uiLine(`reindex ${p.index}`), vscode.TreeItemCollapsibleState.None);
  item.id = id;
  const line = p.phase ? incrementalLine(p as IncrementalIndex) : indexLine(p);
  item.description = uiLine(p.phase ? line : `${INDEX_SHORT[p.state]}${line ? ` · ${line}` : ''}`);
  const lines = [
    `${p.index}${p.dest ? ` → ${p.dest}` : ''}`,
    ...(p.phase ? [`Phase 1 status: ${p.status ?? 'PENDING'}${p.catchUpStatus ? ` · catch-up: ${p.catchUpStatus}` : ''}`] : []),
    ...(p.lastUrn ? [`Catch-up cursor (lastUrn): ${p.lastUrn}`] : []),
    p.task ? `Task: ${p.task}` : p.phase ? 'No copy task recorded' : 'No task id in the log yet',
    ...(p.reason ? [`${p.phase ? 'Why' : 'Reason (from the log)'}: ${p.reason}`] : []),
    ...(p.statusError ? [`Task status: ${p.statusError}`] : []),
  ];
  item.tooltip = uiText(lines.join('\n'));
  item.contextValue = 'upgradeIndex';
  item.iconPath =
    p.state === 'done' || p.state === 'skipped'
      ? new vscode.ThemeIcon('pass', color('testing.iconPassed'))
      : p.state === 'failed'
        ? new vscode.ThemeIcon('error', color('testing.iconFailed'))
        : new vscode.ThemeIcon(p.state === 'verifying' ? 'search' : 'sync~spin');
  item.command = { title: 'Show Log', command: Commands.showUpgradeReindexLog, arguments: [{ job }] };
  item.accessibilityInformation = { label: `${item.label}, ${item.description}` };
  return item;
}

/** One index's row under its job's: drawn from the job's rows as they are at each redraw. */
export class IndexRow implements ExtraTaskRow {
  constructor(
    readonly extraRowId: string,
    private readonly job: { readonly name: string; shownIndices(): UpgradeIndex[] },
    readonly index: string,
  ) {}
  get watching(): boolean {
    return false;
  }
  treeItem(): vscode.TreeItem {
    const p = this.job.shownIndices().find((i) => i.index === this.index);
    return indexItem(p ?? { index: this.index, state: 'running', retriggers: 0 }, this.extraRowId, this.job.name);
  }
}
