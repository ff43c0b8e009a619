// The policy half of the confirmation gate: whether a call through the typed API
// may skip the modals a person would see (src/model/shared/apiTrust.ts decides,
// from the extension mode and the user's datahub.api.allowUnconfirmedCalls).
// The asking half is src/ui/confirmGate.ts.
import * as vscode from 'vscode';
import { ALLOW_UNCONFIRMED_SETTING, apiSkipsConfirmations, type HostMode } from '../model/shared/apiTrust';

let host: HostMode = 'production';
let productionLike = false;

/** Called once by activate(): the way VS Code runs the extension. */
export function configureApiGate(mode: vscode.ExtensionMode): void {
  host = mode === vscode.ExtensionMode.Test ? 'test' : mode === vscode.ExtensionMode.Development ? 'development' : 'production';
}

/** Test seam: make a Test or Development host ask like a Production one (true), or skip again (false). */
export function simulateProduction(on: boolean): void {
  productionLike = on;
}

/** The setting from the user's own settings only: a workspace cannot turn the confirmations off. */
function allowUnconfirmed(): boolean {
  const inspected = vscode.workspace.getConfiguration('datahub').inspect<boolean>(ALLOW_UNCONFIRMED_SETTING);
  return inspected?.globalValue === true;
}

/** True when a typed-API call goes ahead without its modal (mode 'api'); false makes it ask (mode 'link'). */
export function apiCallsSkipConfirmations(): boolean {
  return apiSkipsConfirmations({ host, productionLike, allowUnconfirmed: allowUnconfirmed() });
}
