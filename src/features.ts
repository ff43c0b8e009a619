// The entry of dist/features.js, required on a feature's first command through
// src/platform/loadFeatures.ts: a loader for each feature's commands (handlers, prompts,
// watches, panels, argument schemas), bundled on its own as dist/feature-<name>.js, so a
// feature's first command reads its own code and what features share, not every feature's.
// esbuild.js adds the modules more than one feature uses (zod, shared logic), one copy each,
// evaluated on first use; every module activation already loaded is taken from
// dist/extension.js, not bundled again.
/* eslint-disable @typescript-eslint/no-require-imports -- each part evaluated on first use */
export const restore = (): typeof import('./restore/commands') => require('./feature-restore.js');
export const jobs = (): typeof import('./jobs/commands') => require('./feature-jobs.js');
export const connections = (): typeof import('./connections/commands') => require('./feature-connections.js');
export const indices = (): typeof import('./indices/commands') => require('./feature-indices.js');
export const truncate = (): typeof import('./truncate/commands') => require('./feature-truncate.js');
export const retention = (): typeof import('./retention/commands') => require('./feature-retention.js');
export const insights = (): typeof import('./insights/commands') => require('./feature-insights.js');
export const health = (): typeof import('./health/commands') => require('./feature-health.js');
export const doctor = (): typeof import('./doctor/commands') => require('./feature-doctor.js');
export const entities = (): typeof import('./entities/commands') => require('./feature-entities.js');
export const ingestion = (): typeof import('./ingestion/commands') => require('./feature-ingestion.js');
export const gc = (): typeof import('./gc/commands') => require('./feature-gc.js');
