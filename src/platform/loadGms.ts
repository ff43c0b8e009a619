// The one place the network stack (undici + zod, bundled as dist/gms.js) is
// loaded, on first use, so activation never pays for it.
import type * as Gms from '../gms';

let cached: typeof Gms | undefined;

export function loadGms(): typeof Gms {
  // esbuild keeps './gms.js' as a runtime require of the sibling bundle (see esbuild.js).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load: an import would bundle it here
  cached ??= require('./gms.js') as typeof Gms;
  return cached;
}
