// Whether a call through the typed API (what activate() returns, so any other
// installed extension) may skip the confirmations a person would see. Pure: the
// extension mode and the setting are read by src/ui/apiGate.ts.

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
}

/**
 * True when an API call goes ahead without its modal and typed name. In
 * Production only the user's own setting allows it; Test and Development hosts
 * (tests, benchmarks, F5) skip them unless a test asks for Production behaviour.
 */
export function apiSkipsConfirmations(trust: ApiTrust): boolean {
  if (trust.host !== 'production' && !trust.productionLike) return true;
  return trust.allowUnconfirmed;
}
