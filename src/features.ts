// The entry of dist/features.js: each feature's commands (handlers, prompts, watches,
// panels, argument schemas), loaded on the feature's first command through
// src/platform/loadFeatures.ts. Every module activation already loaded is taken from
// dist/extension.js, not bundled again (esbuild.js).
export * as restore from './restore/commands';
export * as jobs from './jobs/commands';
export * as connections from './connections/commands';
export * as indices from './indices/commands';
export * as truncate from './truncate/commands';
export * as retention from './retention/commands';
export * as insights from './insights/commands';
export * as health from './health/commands';
