// The policy half of the confirmation gate: whether a call through the typed API
// may skip the modals a person would see (src/shared/apiTrust.ts decides,
// from the extension mode, the user's datahub.api.allowUnconfirmedCalls and the
// person's acknowledgement of it, class by class). The asking half is src/platform/confirmGate.ts.
import * as vscode from 'vscode';
import * as safeWindow from './safeWindow';
import {
  ALLOW_UNCONFIRMED_SETTING,
  API_CLASSES,
  acknowledgedClasses,
  apiConfirmation,
  apiMaySkipAny,
  classLines,
  withClass,
  type ApiClass,
  type ApiConfirmation,
  type HostMode,
} from '../shared/apiTrust';

/**
 * globalState: the classes the person allowed unconfirmed calls for, in our own modal (another
 * extension can write settings, not this): { version, classes } (src/shared/apiTrust.ts).
 */
const ACKNOWLEDGED_KEY = 'datahub.api.unconfirmedCallsAcknowledged';

let host: HostMode = 'production';
let productionLike = false;
let state: vscode.Memento | undefined;
/** Classes declined in this window since the setting last changed: their calls ask, without asking about the setting again. */
const declined = new Set<ApiClass>();
/** One acknowledgement modal at a time; calls made meanwhile wait for it, then decide for their own class. */
let pending: Promise<void> | undefined;

/** Called once by activate(): the way VS Code runs the extension, and where the acknowledgement is kept. */
export function configureApiGate(mode: vscode.ExtensionMode, globalState: vscode.Memento): vscode.Disposable {
  host = mode === vscode.ExtensionMode.Test ? 'test' : mode === vscode.ExtensionMode.Development ? 'development' : 'production';
  state = globalState;
  // Every change of the setting (turned on again, by anyone) needs a new acknowledgement.
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(`datahub.${ALLOW_UNCONFIRMED_SETTING}`)) return;
    declined.clear();
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

function acknowledged(): ReadonlySet<ApiClass> {
  return acknowledgedClasses(state?.get<unknown>(ACKNOWLEDGED_KEY));
}

function confirmation(cls: ApiClass): ApiConfirmation {
  return apiConfirmation({ host, productionLike, allowUnconfirmed: allowUnconfirmed(), acknowledged: acknowledged(), declined }, cls);
}

/** True when a typed-API call may skip its modals (mode 'api', each step then asked by class); false makes it ask (mode 'link'). */
export function apiCallsMaySkip(): boolean {
  return apiMaySkipAny({ host, productionLike, allowUnconfirmed: allowUnconfirmed() });
}

/**
 * Whether a mode-'api' call of class `cls` goes ahead without its modal now. With the setting
 * on but this class not yet acknowledged, asks the person (one modal at a time), listing every
 * class the acknowledgement would then cover, this one marked; declined, this and later calls
 * of the class ask like a person's until the setting changes.
 */
export async function automationAllowed(cls: ApiClass): Promise<boolean> {
  for (;;) {
    const now = confirmation(cls);
    if (now !== 'acknowledge') return now === 'skip';
    if (!pending) {
      pending = acknowledge(cls).finally(() => (pending = undefined));
      await pending;
      return confirmation(cls) === 'skip';
    }
    // Another class's modal (or this class's, asked by a call made at the same moment) is open: decide after it.
    await pending;
  }
}

async function acknowledge(cls: ApiClass): Promise<void> {
  const allow = 'Allow Unconfirmed Calls';
  const had = acknowledged();
  const choice = await safeWindow.showWarningMessage(
    `Let other extensions and scripts ${had.size > 0 ? 'also ' : ''}${API_CLASSES[cls].label} through DataHub Index Operations without asking you?`,
    {
      modal: true,
      detail:
        `Allowing covers exactly these, and nothing else:\n${classLines(had, cls).join('\n')}\n\n` +
        'datahub.api.allowUnconfirmedCalls is on in your user settings. It may have been turned on by you, or by another extension (extensions can change settings). ' +
        'Allow only if you turned it on and trust every installed extension with your DataHub tokens. Until you allow it, each such call asks first; ' +
        'anything else asks for its own allowance when first called.',
    },
    allow,
  );
  if (choice !== allow) {
    declined.add(cls);
    return;
  }
  await state?.update(ACKNOWLEDGED_KEY, withClass(acknowledged(), cls));
}
