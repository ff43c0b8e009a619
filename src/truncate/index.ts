// The truncate feature: Truncate Old Rows (dry run, confirmation, watching the
// task), task status, and the DataHub Tasks view. extension.ts uses it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { registerTruncateFeatures, type TruncateTestApi } from './truncate';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsTruncate = typeof import('./commands');
import { commandIdsOf } from '../shared/commandIds';

export type { TruncateTestApi } from './truncate';
export type { TaskStatusResult } from './truncateWatch';
export type { TruncateCommandResult } from './truncateResult';
export type { WatchResult } from './truncateWatch';
/** The argument schemas of the truncate and task commands (the typed API's parameter types). */
export type { truncateArgs, TruncateApi } from './table';

export function register(services: Services): FeatureRegistration<TruncateTestApi> {
  const { disposables, seam, state, afterActivation } = registerTruncateFeatures(services);
  const load = () => loadFeature<CommandsTruncate>('truncate').registerCommands(services, state);
  return {
    disposables: [...disposables, deferCommands({ name: 'truncate commands', commands: commandIdsOf('truncate'), load }, services.log)],
    seam,
    afterActivation,
  };
}
