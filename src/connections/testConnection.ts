// DataHub: Test Connection — which operations transport the server is spoken to over
// (the connection's api setting, or the one probe of 'auto'), then one getIndexSizes
// call; reports the transport, latency, index count and whether TLS checks are off; then which messaging
// transport carries DataHub's events (GET /openapi/operations/messaging/transport,
// MessagingOperationsController.java: kafka or pgqueue), left out where the server does not say.
// Programmatic: { connection? } -> { connection, transport, transportReason, latencyMs, indexCount, messaging?, tlsChecksOff? }.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { connectionArgs } from './logic/args';
import { targetConnection } from '../platform/target';
import { Commands } from '../shared/commandIds';
import { uiLine } from '../shared/uiText';

/** The messaging transport in words: "Kafka", "the Postgres queue (pgqueue)", or the server's word. */
export function messagingWords(transport: string): string {
  return transport === 'pgqueue' ? 'the Postgres queue (pgqueue)' : transport === 'kafka' ? 'Kafka' : `"${uiLine(transport, 40)}"`;
}
import { throttleNote } from '../shared/format';

export function registerTestConnection(services: Services) {
  return registerCommand(services, Commands.testConnection, async (arg, run) => {
    const connection = targetConnection(services, parseArgs(Commands.testConnection, connectionArgs, arg), run);
    run.errorContext = { ...run.errorContext, action: 'getIndexSizes' };
    const attempt = async (signal?: AbortSignal) => {
      const { client, hasToken } = await services.connections.clientFor(connection);
      run.errorContext = { ...run.errorContext, hasToken };
      const started = performance.now();
      // With api 'auto' the first getIndexSizes is also what tells the transport: no extra request.
      const sizes = await client.getIndexSizes(signal);
      const latencyMs = Math.round(performance.now() - started);
      const chosen = await client.transport();
      // Best effort: an older server (404) or a token without the privilege (403) leaves it out, not an error.
      const messaging = await client.messaging.transport(signal).then(
        (t) => t.transport,
        () => undefined,
      );
      return {
        ...(messaging !== undefined ? { messaging } : {}),
        transport: chosen.transport,
        transportReason: chosen.reason,
        transportFrom: chosen.probed ? ('server' as const) : ('setting' as const),
        latencyMs,
        indexCount: sizes.indices.length,
      };
    };
    const since = Date.now();
    const result = await safeWindow.runCancellable(
      arg ? undefined : { location: vscode.ProgressLocation.Notification, title: `Testing DataHub connection "${connection.name}"…` },
      undefined,
      (signal) => attempt(signal),
    );
    const how = result.transportFrom === 'setting' ? 'as set in the connection' : 'found out from the server';
    const over = `${result.transport === 'openapi' ? 'OpenAPI' : 'Rest.li'} (${how})`;
    services.log.info(`${connection.name}: transport ${result.transport}: ${result.transportReason}`);
    const tlsOff = connection.rejectUnauthorized === false && connection.gmsUrl.startsWith('https:');
    const text =
      `Connected to ${connection.name} over ${over} in ${result.latencyMs} ms: ${result.indexCount} timeseries ${result.indexCount === 1 ? 'index' : 'indices'}.` +
      (result.messaging !== undefined ? ` Events go through ${messagingWords(result.messaging)}.` : '') +
      (tlsOff ? ` TLS certificate checks are OFF for this connection ("rejectUnauthorized": false): its server was not verified.` : '') +
      throttleNote(services.connections.throttledSince(connection.name, since));
    services.log.info(text);
    if (run.mode === 'ui') void (tlsOff ? safeWindow.showWarningMessage(text) : safeWindow.showInformationMessage(text));
    return { message: text, connection: connection.name, ...result, ...(tlsOff ? { tlsChecksOff: true as const } : {}) };
  });
}
