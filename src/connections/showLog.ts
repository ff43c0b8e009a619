// DataHub: Show Log — the "DataHub" log output channel.
import * as vscode from 'vscode';
import type { Services } from '../ui/services';
import { registerCommand } from '../ui/commandRunner';

export function registerShowLog(services: Services): vscode.Disposable {
  return registerCommand(services, 'datahub.showLog', () => {
    services.log.show(true);
    return {};
  });
}
