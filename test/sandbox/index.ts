// Entry point for tests and the demo: the server, its contract, the sample data.
export * from './api';
export { startSandbox, FRONTEND_PREFIX } from './server';
export { SAMPLE_URNS, SAMPLE_ASPECTS } from './data';
export { NODE_ID, INDEX_SEEDS } from './timeseries';
export { INTERNAL_BATCH } from './restore';
export { SEARCH_SAMPLES } from './searchIndex';
export { DEMO_ORPHANS } from './drift';
export { CONSUMER_GROUPS, PARTITIONS } from './lag';
export { CHECKS } from './consistencyScan';
