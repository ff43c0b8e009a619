// The one place the commands' code (handlers, prompts, watches, panels, argument
// schemas; bundled as dist/features.js) is loaded, on a feature's first command, so
// activation never pays for it. The bundle shares every module activation loaded
// (esbuild.js: one copy of each).
import type * as Features from '../features';

let cached: typeof Features | undefined;

export function loadFeatures(): typeof Features {
  // esbuild keeps './features.js' as a runtime require of the sibling bundle (see esbuild.js).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load: an import would bundle it here
  cached ??= require('./features.js') as typeof Features;
  return cached;
}
