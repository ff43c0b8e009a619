// The truncate feature: truncation of old timeseries rows and the DataHub Tasks
// view. extension.ts uses it through here.
export { registerTruncateFeatures as registerTruncate, truncateTestApi, type TruncateTestApi } from './truncate';
