// DataHub: Test Connection — one getIndexSizes call; reports latency and index count.
// Programmatic: { connection? } -> { connection, latencyMs, indexCount, tlsChecksOff? }.
import * as vscode from 'vscode';
import * as safeWindow from '../ui/safeWindow';
import type { Services } from '../ui/services';
import { registerCommand } from '../ui/commandRunner';
import { targetConnection } from '../ui/target';
import { Commands } from '../api/commandIds';

export function registerTestConnection(services: Services): vscode.Disposable {
  return registerCommand(services, Commands.testConnection, async (arg, run) => {
    const connection = targetConnection(services, arg, Commands.testConnection, run);
    run.errorContext = { ...run.errorContext, action: 'getIndexSizes' };
    const attempt = async (signal?: AbortSignal) => {
      const { client, hasToken } = await services.connections.clientFor(connection);
      run.errorContext = { ...run.errorContext, hasToken };
      const started = performance.now();
      const sizes = await client.getIndexSizes(signal);
      return { latencyMs: Math.round(performance.now() - started), indexCount: sizes.indices.length };
    };
    const result = arg
      ? await attempt()
      : await safeWindow.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Testing DataHub connection "${connection.name}"…`, cancellable: true },
          (_progress, token) => {
            const controller = new AbortController();
            token.onCancellationRequested(() => controller.abort());
            return attempt(controller.signal);
          },
        );
    const tlsOff = connection.rejectUnauthorized === false && connection.gmsUrl.startsWith('https:');
    const text =
      `Connected to ${connection.name} in ${result.latencyMs} ms: ${result.indexCount} timeseries ${result.indexCount === 1 ? 'index' : 'indices'}.` +
      (tlsOff ? ` TLS certificate checks are OFF for this connection ("rejectUnauthorized": false): its server was not verified.` : '');
    services.log.info(text);
    if (run.mode === 'ui') void (tlsOff ? safeWindow.showWarningMessage(text) : safeWindow.showInformationMessage(text));
    return { connection: connection.name, ...result, ...(tlsOff ? { tlsChecksOff: true as const } : {}) };
  });
}
