// A watched cluster job as a row of DataHub Tasks: the job's name, its progress or
// end state, an icon that says which, and the state as its context value for the
// row's buttons (Show Log; Resume on a failed, stalled or short job).
import * as vscode from 'vscode';
import { uiLine, uiText } from '../../shared/uiText';
import type { JobState } from '../logic/cluster/jobState';
import { Commands } from '../../shared/commandIds';

/** What a watch command returns and the tree shows. */
export interface ClusterJobSnapshot {
  job: string;
  connection: string;
  pod?: string;
  args: string[];
  state: JobState['kind'];
  /** The state in one or two sentences (what happened, what to do next). */
  message: string;
  /** rows · percent · batches · rate · ETA */
  progress: string;
  sent?: number;
  ignored?: number;
  totalRows?: number;
  percent?: number;
  rowsPerSecond?: number;
  etaMs?: number;
  result?: string;
  failedToSend?: number;
  /** Being watched now. */
  watching: boolean;
  /** Why the watch stopped early (the status request failed), if it did. */
  error?: string;
}

function icon(s: ClusterJobSnapshot): vscode.ThemeIcon {
  if (s.error) return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  switch (s.state) {
    case 'succeeded':
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    case 'failed':
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'incomplete':
    case 'disagree':
    case 'stalled':
      return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    default:
      return new vscode.ThemeIcon(s.watching ? 'sync~spin' : 'clock');
  }
}

const SHORT: Record<ClusterJobSnapshot['state'], string> = {
  starting: 'starting',
  running: 'running',
  stalled: 'STALLED',
  succeeded: 'succeeded',
  incomplete: 'rows missing',
  failed: 'FAILED',
  disagree: 'unclear end',
};

export function clusterJobItem(s: ClusterJobSnapshot, id: string): vscode.TreeItem {
  const item = new vscode.TreeItem(uiLine(`job ${s.job}`), vscode.TreeItemCollapsibleState.None);
  item.id = id;
  const afterComplete = s.state === 'failed' && (s.percent ?? 0) >= 100 ? ' after 100%' : '';
  item.description = uiLine(`${SHORT[s.state]}${afterComplete} · ${s.progress}`);
  item.tooltip = uiText(`${s.message}\n\nConnection: ${s.connection}${s.pod ? `\nPod: ${s.pod}` : ''}\nArguments: ${s.args.join(' ')}`);
  const resumable = s.state === 'failed' || s.state === 'stalled' || s.state === 'incomplete' || (s.error !== undefined && !s.watching);
  item.contextValue = resumable ? 'clusterJob.resumable' : 'clusterJob';
  item.iconPath = icon(s);
  item.command = { title: 'Show Log', command: Commands.showClusterJobLog, arguments: [{ job: s.job }] };
  item.accessibilityInformation = { label: `${item.label}, ${item.description}` };
  return item;
}
