// The network stack as it ships: dist/gms.js of the staged production build.
// The client figures come from this bundle, not from src/ under tsx: tsx compiles
// with keepNames, which wraps every closure a call creates in a name-setting
// helper, a cost the minified bundle does not have.
import * as path from 'node:path';

export type GmsModule = typeof import('../../src/gms');

export function loadGmsBundle(distDir: string): GmsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, loaded as the extension loads it
  return require(path.join(distDir, 'gms.js')) as GmsModule;
}
