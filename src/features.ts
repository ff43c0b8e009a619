// The entry of dist/features.js: each feature's commands (handlers, prompts, watches,
// panels, argument schemas), loaded on the feature's first command through
// src/platform/loadFeatures.ts. Every module activation already loaded is taken from
// dist/extension.js, not bundled again (esbuild.js). Each part is a function: requiring
// the bundle evaluates none of them, and a feature's modules (its argument schemas among
// them) are evaluated on its own first command, not on another feature's.
/* eslint-disable @typescript-eslint/no-require-imports -- each part evaluated on first use */
export const restore = (): typeof import('./restore/commands') => require('./restore/commands');
export const jobs = (): typeof import('./jobs/commands') => require('./jobs/commands');
export const connections = (): typeof import('./connections/commands') => require('./connections/commands');
export const indices = (): typeof import('./indices/commands') => require('./indices/commands');
export const truncate = (): typeof import('./truncate/commands') => require('./truncate/commands');
export const retention = (): typeof import('./retention/commands') => require('./retention/commands');
export const insights = (): typeof import('./insights/commands') => require('./insights/commands');
export const health = (): typeof import('./health/commands') => require('./health/commands');
export const doctor = (): typeof import('./doctor/commands') => require('./doctor/commands');
export const entities = (): typeof import('./entities/commands') => require('./entities/commands');
