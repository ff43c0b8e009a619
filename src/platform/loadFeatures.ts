// The one place the commands' code (handlers, prompts, watches, panels, argument
// schemas) is loaded, on a feature's first command, so activation never pays for it:
// dist/features.js (what several features share, and a loader a feature; src/features.ts)
// and the feature's own dist/feature-<name>.js. The lazy bundles share every module
// activation loaded (esbuild.js: one copy of each). src/features.ts exports each feature's
// commands.ts under the feature's name; the feature names its own module's type, so
// nothing here imports a feature.

import type { FeatureName } from '../shared/commandIds';

/** The features whose commands load on first use (the export names of src/features.ts). */
export type LazyFeatureName = FeatureName;

let cached: Partial<Record<LazyFeatureName, () => unknown>> | undefined;

/** The feature's commands.ts, from dist/features.js; e.g. `loadFeature<typeof import('./commands')>('restore')`. */
export function loadFeature<T>(name: LazyFeatureName): T {
  // esbuild keeps './features.js' as a runtime require of the sibling bundle (see esbuild.js).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load: an import would bundle it here
  cached ??= require('./features.js') as Partial<Record<LazyFeatureName, () => unknown>>;
  const part = cached[name];
  if (typeof part !== 'function') throw new Error(`dist/features.js has no part "${name}": the extension is damaged; reinstall it.`);
  return part() as T;
}
