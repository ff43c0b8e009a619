// The retention planner feature: datahub.planRetention (command, typed API,
// tree menus) and its webview. Other parts import it only through this file.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { registerPlanCommand } from './command';
import { PlannerPanel } from './panel';

export type { RetentionApplyOutcome, RetentionPlanResult } from './planRun';
/** The argument schema of datahub.planRetention (the typed API's parameter type). */
export type { retentionArgs } from './logic/args';

/** Retention has no seam of its own: tests drive it through its command. */
export function register(services: Services): FeatureRegistration<undefined> {
  const panel = new PlannerPanel(services);
  return { disposables: [panel, ...registerPlanCommand(services, panel)], seam: undefined };
}
