// The retention planner's command and panel, loaded on its first use (dist/features.js).
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registrationsOf } from '../shared/commandIds';
import { registerPlanCommand } from './command';
import { PlannerPanel } from './panel';

export function registerCommands(services: Services): vscode.Disposable[] {
  const panel = new PlannerPanel(services);
  return registrationsOf('retention', panel, registerPlanCommand(services, panel));
}
