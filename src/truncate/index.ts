// The truncate feature: Truncate Old Rows (dry run, confirmation, watching the
// task), task status, and the DataHub Tasks view. extension.ts uses it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { registerTruncateFeatures, type TruncateTestApi } from './truncate';

export type { TaskStatusResult, TruncateCommandResult, TruncateTestApi } from './truncate';
export type { WatchResult } from './truncateWatch';
/** The argument schemas of the truncate and task commands (the typed API's parameter types). */
export type { truncateArgs } from './logic/args';

export function register(services: Services): FeatureRegistration<TruncateTestApi> {
  return registerTruncateFeatures(services);
}
