// The palette's questions for Reset Consumer Offsets (resetFlow.ts): the group, the topic and, on Kafka, the
// strategy with its value; each a pick of what DataHub's endpoints take, Escape ends it with nothing sent.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import { DATAHUB_CONSUMER_GROUPS, RESET_STRATEGIES, type ResetStrategy } from '../gms/messagingTypes';
import { TOPICS, type ResetTarget } from './logic/resetPlan';

const STRATEGY_WORDS: Record<ResetStrategy, string> = {
  earliest: 'to the oldest message kept (consumes everything kept again)',
  latest: "to the log's end (skips the backlog)",
  'to-offset': 'to one offset',
  'shift-by': 'back or forward by a number of messages',
};

export async function pickResetTarget(transport: 'kafka' | 'pgqueue'): Promise<ResetTarget | undefined> {
  const group = await vscode.window.showQuickPick(
    DATAHUB_CONSUMER_GROUPS.map((g) => safeWindow.safeItem({ label: g })),
    { title: 'Reset Consumer Offsets: which consumer group (stop its consumer first on Kafka)', ignoreFocusOut: true },
  );
  if (!group) return undefined;
  const topics = TOPICS.filter((t) => (transport === 'kafka' ? t.alias : t.consumer));
  const topic = await vscode.window.showQuickPick(
    topics.map((t) => safeWindow.safeItem({ label: t.alias ?? t.name, description: t.alias ? t.name : undefined })),
    { title: `Reset Consumer Offsets: which topic of ${group.label}`, ignoreFocusOut: true },
  );
  if (!topic) return undefined;
  if (transport === 'pgqueue') return { group: group.label, topic: topic.label };
  const strategy = await vscode.window.showQuickPick(
    RESET_STRATEGIES.filter((s) => s === 'earliest' || s === 'latest').map((s) =>
      safeWindow.safeItem({ label: s, description: STRATEGY_WORDS[s], strategy: s }),
    ),
    { title: 'Reset Consumer Offsets: where to (the server dry-runs it first; to-offset and shift-by through the API)', ignoreFocusOut: true },
  );
  return strategy ? { group: group.label, topic: topic.label, strategy: strategy.strategy } : undefined;
}
