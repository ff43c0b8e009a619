// A watched cluster job as a row of DataHub Tasks: the job's name, its progress or
// end state, an icon that says which, and the state as its context value for the
// row's buttons (Show Log; Resume on a failed, stalled or short job).
import * as vscode from 'vscode';
import { uiLine, uiText } from '../../shared/uiText';
import type { JobState } from '../logic/cluster/jobState';
import { Commands } from '../../shared/commandIds';
import { isOurRow } from '../../platform/treeRows';

/** A row of DataHub Tasks the tree handed out (the watched job or system update) as { job }; anything else is arguments as given. */
export function fromRow(arg: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return isOurRow(arg) && typeof arg.extraRowId === 'string' && typeof arg.name === 'string' ? { job: arg.name } : arg;
}

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
  /** The pod followed: 1 for the first, 2 and on for Kubernetes' retries (of maxAttempts, backoffLimit + 1). */
  attempt: number;
  maxAttempts?: number;
  /** Why the pod before this one ended (OOMKilled (exit 137), Evicted…). */
  previousEnd?: string;
  /** While starting: the pod's own reason (ContainerCreating, ErrImagePull…). */
  startingReason?: string;
  /** GMS does not answer now: "GMS not answering for 2 min; still watching". */
  trouble?: string;
  /** Being watched now. */
  watching: boolean;
  /** Why the watch stopped early, if it did. */
  error?: string;
  /** It stopped because GMS did not answer for the give-up time: Watch Again resumes it. */
  gaveUp?: boolean;
  /** Characters of log text fetched so far (each poll reads only what is new). */
  logCharsFetched: number;
}

function icon(s: ClusterJobSnapshot): vscode.ThemeIcon {
  if (s.trouble) return new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('problemsWarningIcon.foreground'));
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
  const state = s.state === 'starting' && s.startingReason ? `starting (${s.startingReason})` : SHORT[s.state];
  const attempt =
    s.attempt > 1 ? `attempt ${s.attempt}${s.maxAttempts ? ` of ${s.maxAttempts}` : ''}${s.previousEnd ? ` (last: ${s.previousEnd})` : ''}` : undefined;
  const stopped = s.gaveUp ? 'GMS not answering: watch stopped' : undefined;
  item.description = uiLine([s.trouble ?? stopped, `${state}${afterComplete}`, attempt, s.progress].filter(Boolean).join(' · '));
  item.tooltip = uiText(
    `${s.trouble ? `${s.trouble}.\n` : ''}${s.message}\n\nConnection: ${s.connection}${s.pod ? `\nPod: ${s.pod}` : ''}${attempt ? `\nAttempt: ${attempt}` : ''}\nArguments:\n${s.args.map((a) => JSON.stringify(a)).join('\n')}`,
  );
  const resumable = s.state === 'failed' || s.state === 'stalled' || s.state === 'incomplete';
  item.contextValue = s.gaveUp ? 'clusterJob.watchAgain' : resumable ? 'clusterJob.resumable' : 'clusterJob';
  item.iconPath = icon(s);
  item.command = { title: 'Show Log', command: Commands.showClusterJobLog, arguments: [{ job: s.job }] };
  item.accessibilityInformation = { label: `${item.label}, ${item.description}` };
  return item;
}
