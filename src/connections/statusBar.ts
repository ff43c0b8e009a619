// "$(database) DataHub: <name>" in the status bar; click to switch connection.
import * as vscode from 'vscode';
import type { ConnectionService } from '../ui/services';

export function createConnectionStatusBar(connections: ConnectionService): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('datahub.connection', vscode.StatusBarAlignment.Left, 10);
  item.name = 'DataHub Connection';
  item.command = 'datahub.switchConnection';
  const update = () => {
    const active = connections.active();
    item.text = active ? `$(database) DataHub: ${active.name}` : '$(database) DataHub: no connection';
    item.tooltip = active
      ? `DataHub connection "${active.name}" — ${active.gmsUrl}\nClick to switch connection.`
      : 'No DataHub connection. Click to add or import one.';
    item.accessibilityInformation = { label: active ? `DataHub connection ${active.name}` : 'No DataHub connection' };
  };
  update();
  item.show();
  const listener = connections.onDidChange(update);
  return vscode.Disposable.from(item, listener);
}
