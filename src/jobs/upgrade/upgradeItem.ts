// A watched system-update job and its reindexes as rows of DataHub Tasks: the job's row
// (its state, how many indices are done), then one row per index (its documents, percent,
// batches, rate and ETA from the task status, or its end in the log's words).
import * as vscode from 'vscode';
import { uiLine, uiText } from '../../shared/uiText';
import { Commands } from '../../shared/commandIds';
import { indexLine, type IndexProgress, type UpgradeState } from '../logic/upgrade/reindexState';

/** What the watch command returns and the tree shows. */
export interface UpgradeSnapshot {
  job: string;
  connection: string;
  pod?: string;
  state: UpgradeState['kind'];
  /** The state in a sentence or two, with the failing index's reason in the log's words. */
  message: string;
  indices: IndexProgress[];
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

export function upgradeJobItem(s: UpgradeSnapshot, id: string): vscode.TreeItem {
  const item = new vscode.TreeItem(uiLine(`system update ${s.job}`), vscode.TreeItemCollapsibleState.None);
  item.id = id;
  const done = s.indices.filter((i) => i.state === 'done' || i.state === 'skipped').length;
  const more = s.indicesNotFollowed ? ` (${s.indicesNotFollowed} more not followed)` : '';
  const stopped = s.gaveUp ? 'GMS not answering: watch stopped' : undefined;
  item.description = uiLine(
    [s.trouble ?? stopped, `${JOB_SHORT[s.state]}`, `${done}/${s.indices.length} indices reindexed${more}`].filter(Boolean).join(' · '),
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

export function indexItem(p: IndexProgress, id: string, job: string): vscode.TreeItem {
  const item = new vscode.TreeItem(uiLine(`reindex ${p.index}`), vscode.TreeItemCollapsibleState.None);
  item.id = id;
  const line = indexLine(p);
  item.description = uiLine(`${INDEX_SHORT[p.state]}${line ? ` · ${line}` : ''}`);
  const lines = [
    `${p.index}${p.dest ? ` → ${p.dest}` : ''}`,
    p.task ? `Task: ${p.task}` : 'No task id in the log yet',
    ...(p.reason ? [`Reason (from the log): ${p.reason}`] : []),
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
