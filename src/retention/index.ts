// The retention planner feature: datahub.planRetention (command, typed API,
// tree menus) and its webview. Other parts import it only through this file.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsRetention = typeof import('./commands');
import { commandIdsOf } from '../shared/commandIds';

export type { RetentionApplyOutcome, RetentionPlanResult } from './planRun';
/** The argument schema of datahub.planRetention (the typed API's parameter type). */
export type { retentionArgs, RetentionApi } from './table';

/** Retention has no seam of its own: tests drive it through its command. */
export function register(services: Services): FeatureRegistration<undefined> {
  const load = () => loadFeature<CommandsRetention>('retention').registerCommands(services);
  return { disposables: [deferCommands({ name: 'retention planner', commands: commandIdsOf('retention'), load }, services.log)], seam: undefined };
}
