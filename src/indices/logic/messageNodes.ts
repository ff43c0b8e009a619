// The tree's placeholder lines: a state (loading, empty, no match, …) or an error
// as clickable items, one per follow-up action, so the view is never blank.
import { describeError } from '../../shared/errors';
import type { MessageNode } from './indexTreeNodes';
import { Commands } from '../../shared/commandIds';

export function message(
  id: string,
  label: string,
  icon: string,
  extra: { command?: string; args?: unknown[]; description?: string; tooltip?: string; color?: string } = {},
): MessageNode {
  return {
    kind: 'message',
    id,
    label,
    icon,
    color: extra.color,
    description: extra.description,
    tooltip: extra.tooltip,
    command: extra.command ? { command: extra.command, title: label, arguments: extra.args } : undefined,
  };
}

const STATE_ICONS: Record<string, string> = {
  unauthorized: 'key',
  forbidden: 'lock',
  notFound: 'question',
  unreachable: 'debug-disconnect',
  tls: 'shield',
  invalidResponse: 'warning',
  server: 'error',
  noConnection: 'plug',
};

/** An error as clickable items: the main line runs the first action, then one line per other action. */
export function errorNodes(error: unknown, connection: { name: string; gmsUrl: string }, hasToken: boolean | undefined): MessageNode[] {
  const retry = { title: 'Retry', command: Commands.refreshIndexSizes };
  const description = describeError(error, { connection, hasToken, action: 'getIndexSizes', retry });
  const [first, ...rest] = description.actions;
  const nodes: MessageNode[] = [
    message('error', description.short, STATE_ICONS[description.state] ?? 'error', {
      color: 'list.errorForeground',
      tooltip: description.message,
      command: first?.command,
      args: first?.args,
    }),
  ];
  rest.forEach((action, i) => {
    nodes.push(message(`errorAction:${i}`, action.title, 'arrow-right', { command: action.command, args: action.args }));
  });
  // Every error state offers a way to try again.
  if (!description.actions.some((a) => a.command === Commands.refreshIndexSizes)) {
    nodes.push(message('errorAction:retry', 'Retry', 'refresh', { command: Commands.refreshIndexSizes }));
  }
  return nodes;
}
