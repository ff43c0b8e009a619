// The retention planner feature: datahub.planRetention (command, typed API,
// tree menus) and its webview. Other parts import it only through this file.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerPlanCommand } from './command';
import { PlannerPanel } from './panel';

export type { RetentionApplyOutcome, RetentionPlanResult } from './planRun';

export function registerRetention(services: Services): vscode.Disposable[] {
  const panel = new PlannerPanel(services);
  return [panel, ...registerPlanCommand(services, panel)];
}
