// TLS certificate checks turned off for one connection: a warning the first time
// such a connection is used, and the move from the old global switch
// (datahub.tls.rejectUnauthorized: false) to per-connection entries, with a notice.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Connection } from '../platform/services';
import { tokenSecretKey, urlOrigin } from '../shared/connections';
import { isTlsOptOutRefusal, planGlobalTlsMigration } from '../shared/tlsOptOut';
import { Commands } from '../shared/commandIds';

const TLS_WARNED_KEY = 'datahub.tlsOffWarned';
/** The refusals already shown in this window (the settings are read again on every change). */
const refusalsShown = new Set<string>();

/** Says on screen, once per window, that a connection's "rejectUnauthorized": false was refused (production, DataHub Cloud). */
export function showTlsRefusals(problems: readonly string[]): void {
  for (const problem of problems) {
    if (!isTlsOptOutRefusal(problem) || refusalsShown.has(problem)) continue;
    refusalsShown.add(problem);
    void safeWindow.showWarningMessage(problem);
  }
}
export const OLD_GLOBAL_SETTING = 'tls.rejectUnauthorized';

/** Once per connection (and server): say that its certificate is not checked. */
export async function warnTlsOffOnce(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, connection: Connection): Promise<void> {
  const key = tokenSecretKey(connection);
  const warned = context.globalState.get<string[]>(TLS_WARNED_KEY, []);
  if (warned.includes(key)) return;
  await context.globalState.update(TLS_WARNED_KEY, [...warned, key]);
  log.warn(`${connection.name}: TLS certificate checks are OFF for ${urlOrigin(connection.gmsUrl)} ("rejectUnauthorized": false).`);
  const pick = await safeWindow.showWarningMessage(
    `TLS certificate checks are OFF for "${connection.name}" (${urlOrigin(connection.gmsUrl)}): anyone on the network path could read its access token. Keep it for a development server you trust; set "caFile" instead where you can.`,
    'Open Settings',
  );
  if (pick) await vscode.commands.executeCommand(Commands.openSettings);
}

/** globalState: the old global switch was moved (VS Code cannot remove an unregistered setting, so the line stays, inert). */
export const TLS_MIGRATED_KEY = 'datahub.tlsGlobalMigrated';

/**
 * The old global datahub.tls.rejectUnauthorized: false becomes "rejectUnauthorized": false
 * on each connection that may have it (not production, not DataHub Cloud), once; the
 * global value is no longer read, and a notice names both lists and asks for the line
 * to be removed from settings.json. Never silent.
 */
export async function migrateGlobalTlsOptOut(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
): Promise<{ optOut: string[]; refused: string[] } | undefined> {
  const config = vscode.workspace.getConfiguration('datahub');
  if (config.inspect<boolean>(OLD_GLOBAL_SETTING)?.globalValue !== false) return undefined;
  if (context.globalState.get<boolean>(TLS_MIGRATED_KEY)) return undefined;
  const raw = config.inspect<unknown[]>('connections')?.globalValue;
  const entries = Array.isArray(raw) ? raw : [];
  const named = entries.filter((e): e is Connection => typeof e === 'object' && e !== null && typeof (e as Connection).name === 'string');
  const plan = planGlobalTlsMigration(named.map((e) => ({ name: e.name, gmsUrl: String(e.gmsUrl ?? ''), environment: e.environment })));
  const updated = entries.map((e) =>
    typeof e === 'object' && e !== null && plan.optOut.includes(String((e as Connection).name)) ? { ...e, rejectUnauthorized: false } : e,
  );
  if (plan.optOut.length > 0) await config.update('connections', updated, vscode.ConfigurationTarget.Global);
  await context.globalState.update(TLS_MIGRATED_KEY, true);
  const kept = plan.refused.length ? ` Checks stay ON for ${plan.refused.map((n) => `"${n}"`).join(', ')} (production or DataHub Cloud).` : '';
  const off = plan.optOut.length
    ? `now off only for ${plan.optOut.map((n) => `"${n}"`).join(', ')} ("rejectUnauthorized": false on each).`
    : 'on for every connection.';
  const text =
    `datahub.tls.rejectUnauthorized: false turned certificate checks off for every DataHub connection; it is no longer read. Checks are ${off}${kept}` +
    ' Remove the old line from your user settings.json.';
  log.warn(text);
  const open = 'Open User Settings (JSON)';
  void safeWindow.showWarningMessage(text, open).then((pick) => pick && vscode.commands.executeCommand('workbench.action.openSettingsJson'));
  return plan;
}
