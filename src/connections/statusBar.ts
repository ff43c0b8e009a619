// "$(database) DataHub: <name>" in the status bar; click to switch connection.
// A production connection takes the warning colours; datahub.statusBar.enabled
// hides the item (live, no reload).
import * as vscode from 'vscode';
import type { ConnectionService } from '../platform/services';
import { Commands } from '../shared/commandIds';
import { describeConnectionLabel, isProduction } from '../shared/connections';

export const STATUS_BAR_SETTING = 'datahub.statusBar.enabled';

/** Test seam: what the item shows now. */
export interface ConnectionStatusBar extends vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  readonly visible: boolean;
  /** The first draw, just after activation (src/platform/startup.ts); later changes draw themselves. */
  start(): void;
}

export function createConnectionStatusBar(connections: ConnectionService): ConnectionStatusBar {
  // The item, its listeners and its first draw come in start() (the turn after activate()): a
  // status bar item's setters each cross to the workbench, and activation only registers.
  let created: vscode.StatusBarItem | undefined;
  const itemNow = (): vscode.StatusBarItem => {
    if (created) return created;
    created = vscode.window.createStatusBarItem('datahub.connection', vscode.StatusBarAlignment.Left, 10);
    created.name = 'DataHub Connection';
    created.command = Commands.switchConnection;
    return created;
  };
  let visible = false;
  const update = () => {
    const item = itemNow();
    const active = connections.active();
    const production = isProduction(active);
    // Certificate checks off (a dev server): marked for as long as the connection is active.
    const tlsOff = active?.rejectUnauthorized === false;
    item.text = active
      ? `${production ? '$(warning)' : '$(database)'} DataHub: ${active.name}${production ? ' (production)' : ''}${active.readOnly ? ' $(lock)' : ''}${tlsOff ? ' $(unlock) TLS unchecked' : ''}`
      : '$(database) DataHub: no connection';
    item.tooltip = active
      ? `DataHub connection "${active.name}" — ${active.gmsUrl}` +
        (production ? '\nProduction: truncations and all-rows restores ask for the name to be typed.' : '') +
        (active.readOnly ? '\nRead-only: restore and truncate are refused.' : '') +
        (tlsOff ? '\nTLS certificate checks are OFF for this connection ("rejectUnauthorized": false): its server is not verified.' : '') +
        '\nClick to switch connection.'
      : 'No DataHub connection. Click to add or import one.';
    item.backgroundColor = production || tlsOff ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.color = production || tlsOff ? new vscode.ThemeColor('statusBarItem.warningForeground') : undefined;
    item.accessibilityInformation = {
      label: active ? `DataHub connection ${describeConnectionLabel(active)}${tlsOff ? ', TLS certificate checks off' : ''}` : 'No DataHub connection',
    };
  };
  const applyVisibility = () => {
    visible = vscode.workspace.getConfiguration('datahub').get<boolean>('statusBar.enabled', true) !== false;
    if (visible) itemNow().show();
    else itemNow().hide();
  };
  let listeners: vscode.Disposable[] = [];
  let disposed = false;
  return {
    get item() {
      return itemNow();
    },
    get visible() {
      return visible;
    },
    start() {
      if (disposed || listeners.length) return;
      listeners = [
        connections.onDidChange(update),
        vscode.workspace.onDidChangeConfiguration((e) => {
          if (e.affectsConfiguration(STATUS_BAR_SETTING)) applyVisibility();
        }),
      ];
      update();
      applyVisibility();
    },
    dispose: () => {
      disposed = true;
      for (const l of listeners) l.dispose();
      created?.dispose();
    },
  };
}
