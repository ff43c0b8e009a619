// The jobs watched on the cluster as facts for the DataHub Doctor: a RestoreIndices job and a system
// update, each one line with its state as a verdict and the next step. Pure: no vscode import.
import type { ConnectionFact, FactVerdict } from '../../shared/statusFact';
import { Commands } from '../../shared/commandIds';
import { uiLine } from '../../shared/uiText';

/** What a watched RestoreIndices job's snapshot holds, as far as its fact needs. */
export interface ClusterJobFactInput {
  job: string;
  connection: string;
  state: 'starting' | 'running' | 'stalled' | 'succeeded' | 'incomplete' | 'failed' | 'disagree';
  message: string;
  progress: string;
  watching: boolean;
  trouble?: string;
  error?: string;
}

/** What a watched system update's snapshot holds, as far as its fact needs. */
export interface UpgradeFactInput {
  job: string;
  connection: string;
  state: 'starting' | 'running' | 'succeeded' | 'failed' | 'disagree';
  message: string;
  watching: boolean;
  trouble?: string;
  error?: string;
  gaveUp?: boolean;
}

const SOURCE = 'DataHub Tasks (the Job watched on the cluster)';

function verdictOf(state: string, trouble: boolean): FactVerdict {
  if (state === 'failed') return 'failing';
  if (state === 'stalled' || state === 'incomplete' || state === 'disagree' || trouble) return 'warning';
  return 'ok';
}

export function clusterJobFact(s: ClusterJobFactInput): ConnectionFact {
  const verdict = verdictOf(s.state, s.trouble !== undefined || s.error !== undefined);
  const resumable = s.state === 'stalled' || s.state === 'incomplete' || s.state === 'failed';
  const summary = uiLine(s.trouble ?? s.error ?? [s.message, s.progress].filter((t) => t !== '').join(' · '), 200);
  return {
    id: `clusterJob:${uiLine(s.job, 100)}`,
    connection: s.connection,
    title: `RestoreIndices job ${uiLine(s.job, 80)}`,
    verdict,
    summary,
    figures: { state: s.state, watching: s.watching },
    source: SOURCE,
    ...(resumable
      ? {
          nextStep: 'resume it from its last batch (its row in DataHub Tasks), after reading its log',
          nextCommand: Commands.resumeClusterJob,
          nextArgs: { job: s.job },
        }
      : verdict === 'warning'
        ? { nextStep: 'look at its log (its row in DataHub Tasks)', nextCommand: Commands.showClusterJobLog, nextArgs: { job: s.job } }
        : {}),
  };
}

export function upgradeFact(s: UpgradeFactInput): ConnectionFact {
  const verdict = verdictOf(s.state, s.trouble !== undefined || s.error !== undefined || s.gaveUp === true);
  return {
    id: `systemUpdate:${uiLine(s.job, 100)}`,
    connection: s.connection,
    title: `System update ${uiLine(s.job, 80)}`,
    verdict,
    summary: uiLine(s.trouble ?? s.error ?? s.message, 200),
    figures: { state: s.state, watching: s.watching },
    source: SOURCE,
    ...(verdict !== 'ok'
      ? { nextStep: "read its log in the task's row (Show System Update Log)", nextCommand: Commands.showUpgradeReindexLog, nextArgs: { job: s.job } }
      : {}),
  };
}
