// Whether a call through the typed API (what activate() returns, so any other
// installed extension) may skip the confirmations a person would see. Pure: the
// extension mode, the setting and the acknowledgement are read by src/platform/apiGate.ts.

/** How VS Code runs the extension (vscode.ExtensionMode, by name). */
export type HostMode = 'production' | 'development' | 'test';

/** The user setting (application scope, user settings only) that lets trusted automation skip the confirmations. */
export const ALLOW_UNCONFIRMED_SETTING = 'api.allowUnconfirmedCalls';

export interface ApiTrust {
  host: HostMode;
  /** Test seam: a Test or Development host behaves as a Production one. */
  productionLike: boolean;
  /** datahub.api.allowUnconfirmedCalls from the user's settings (never a workspace's). */
  allowUnconfirmed: boolean;
  /**
   * The person confirmed, in this extension's own modal, that the setting is theirs.
   * Any extension can write user settings, so the setting alone is not enough.
   */
  acknowledged: boolean;
}

/**
 * What a typed-API call to a destructive step does:
 * - `skip`: goes ahead without its modal (a Test / Development host, or the setting on and acknowledged);
 * - `ask`: asks like a person's call (the setting off: the default);
 * - `acknowledge`: the setting is on but not yet acknowledged: ask the person once whether it is theirs.
 */
export type ApiConfirmation = 'skip' | 'ask' | 'acknowledge';

export function apiConfirmation(trust: ApiTrust): ApiConfirmation {
  if (trust.host !== 'production' && !trust.productionLike) return 'skip';
  if (!trust.allowUnconfirmed) return 'ask';
  return trust.acknowledged ? 'skip' : 'acknowledge';
}
