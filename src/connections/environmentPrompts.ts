// The two questions about a connection's safety, asked by Add Connection and
// Edit Connection: which environment it points at, and whether it is read-only.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Environment } from '../shared/connections';

interface EnvironmentItem extends vscode.QuickPickItem {
  value: Environment | null;
}

/** The environment quick pick; resolves null for none, undefined when dismissed. */
export async function pickEnvironment(title: string, current?: Environment): Promise<Environment | null | undefined> {
  const items: EnvironmentItem[] = [
    { label: 'None', description: 'no marking', value: null },
    {
      label: '$(warning) Production',
      description: 'warning colours; type the name before a truncation or an all-rows restore',
      value: 'production',
    },
    { label: 'Staging', description: 'named in the view', value: 'staging' },
    { label: 'Development', description: 'named in the view', value: 'development' },
  ].map((item) => safeWindow.safeItem({ ...item, picked: (item.value ?? undefined) === current }) as EnvironmentItem);
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: `Which environment does this connection point at?${current ? ` Now: ${current}.` : ''}`,
    ignoreFocusOut: true,
  });
  return picked ? picked.value : undefined;
}

interface ReadOnlyItem extends vscode.QuickPickItem {
  value: boolean;
}

/** The read-only yes/no; resolves undefined when dismissed. */
export async function pickReadOnly(title: string, current = false): Promise<boolean | undefined> {
  const items: ReadOnlyItem[] = [
    { label: 'No, allow restore and truncate', value: false },
    { label: '$(lock) Yes, read-only', description: 'restore and truncate are refused; sizes, chart and search check still work', value: true },
  ].map((item) => safeWindow.safeItem(item));
  if (current) items.reverse();
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: `Read-only?${current ? ' Now: read-only.' : ''}`,
    ignoreFocusOut: true,
  });
  return picked?.value;
}
