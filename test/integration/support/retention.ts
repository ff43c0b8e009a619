// The retention planner's in-host helpers: the sandbox's index names, the plan command through the typed
// API, the truncations the sandbox received and a fresh reading of the index sizes.
import * as vscode from 'vscode';
import { run, sandbox } from '../../host/inHost';
import type { IndexSizesSnapshot } from '../../../src/platform/services';
import type { RetentionPlanResult } from '../../../src/retention';

export const DAY = 86_400_000;
export const DASHBOARD = 'dashboard_dashboardusagestatisticsaspect_v1';
export const DATAJOB = 'datajob_datajobruneventaspect_v1';
export const CHART = 'chart_chartusagestatisticsaspect_v1';

export function plan(arg: Record<string, unknown>): Promise<RetentionPlanResult> {
  return run<RetentionPlanResult>('datahub.planRetention', arg);
}

export const truncations = async () => (await sandbox.actionRequests('truncateTimeseriesAspect')).map((r) => r.body as Record<string, unknown>);

export async function sizes(): Promise<IndexSizesSnapshot> {
  return vscode.commands.executeCommand<IndexSizesSnapshot>('datahub.refreshIndexSizes', {});
}
