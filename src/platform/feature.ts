// The one shape every feature's door (src/<feature>/index.ts) has: register(services)
// returns what to dispose and the feature's seam, the handles extension.ts wires
// to other features and hands to tests (src/api/testApi.ts). Nothing is kept in
// module-level state: two activations get two independent sets.
import type * as vscode from 'vscode';

export interface FeatureRegistration<Seam> {
  disposables: vscode.Disposable[];
  seam: Seam;
  /**
   * The feature's first draw of its state and what it reads back from the last window: run
   * once just after activate() returns (src/platform/startup.ts), not during it.
   */
  afterActivation?: () => void;
}
