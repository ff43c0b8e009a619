// The policy half of the confirmation gate: whether a call through the typed API
// may skip the modals a person would see (src/shared/apiTrust.ts decides,
// from the extension mode, the user's datahub.api.allowUnconfirmedCalls and the
// person's acknowledgement of it). The asking half is src/platform/confirmGate.ts.
import * as vscode from 'vscode';
import * as safeWindow from './safeWindow';
import { ALLOW_UNCONFIRMED_SETTING, apiConfirmation, type ApiConfirmation, type HostMode } from '../shared/apiTrust';

/** globalState: the person allowed unconfirmed calls in our own modal (another extension can write settings, not this). */
const ACKNOWLEDGED_KEY = 'datahub.api.unconfirmedCallsAcknowledged';

let host: HostMode = 'production';
let productionLike = false;
let state: vscode.Memento | undefined;
/** Declined in this window since the setting last changed: calls ask, without asking about the setting again. */
let declined = false;
let pending: Promise<boolean> | undefined;

/** Called once by activate(): the way VS Code runs the extension, and where the acknowledgement is kept. */
export function configureApiGate(mode: vscode.ExtensionMode, globalState: vscode.Memento): vscode.Disposable {
  host = mode === vscode.ExtensionMode.Test ? 'test' : mode === vscode.ExtensionMode.Development ? 'development' : 'production';
  state = globalState;
  // Every change of the setting (turned on again, by anyone) needs a new acknowledgement.
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(`datahub.${ALLOW_UNCONFIRMED_SETTING}`)) return;
    declined = false;
    void state?.update(ACKNOWLEDGED_KEY, undefined);
  });
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

function confirmation(): ApiConfirmation {
  return apiConfirmation({ host, productionLike, allowUnconfirmed: allowUnconfirmed(), acknowledged: state?.get<boolean>(ACKNOWLEDGED_KEY) === true });
}

/** True when a typed-API call may skip its modals (mode 'api'); false makes it ask (mode 'link'). */
export function apiCallsMaySkip(): boolean {
  return confirmation() !== 'ask';
}

/**
 * Whether a mode-'api' call goes ahead without its modal now. With the setting on
 * but not yet acknowledged, asks the person once (one modal for calls made at the
 * same moment); declined, this and later calls ask like a person's until the
 * setting changes.
 */
export async function automationAllowed(): Promise<boolean> {
  const now = confirmation();
  if (now !== 'acknowledge') return now === 'skip';
  if (declined) return false;
  pending ??= acknowledge().finally(() => (pending = undefined));
  return pending;
}

async function acknowledge(): Promise<boolean> {
  const allow = 'Allow Unconfirmed Calls';
  const choice = await safeWindow.showWarningMessage(
    'Let other extensions and scripts truncate, restore and apply retention plans through DataHub Index Operations without asking you?',
    {
      modal: true,
      detail:
        'datahub.api.allowUnconfirmedCalls is on in your user settings. It may have been turned on by you, or by another extension (extensions can change settings). ' +
        'Allow only if you turned it on and trust every installed extension with your DataHub tokens. Until you allow it, each such call asks first.',
    },
    allow,
  );
  if (choice !== allow) {
    declined = true;
    return false;
  }
  await state?.update(ACKNOWLEDGED_KEY, true);
  return true;
}
