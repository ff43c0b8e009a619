// The Search Health feature: the view beside Timeseries Indices (indexing lag, drift
// in four groups), datahub.checkSearchHealth (palette and typed API),
// datahub.refreshSearchHealth, datahub.fixSearchDrift and Copy URNs on a group.
// Other parts import it only through this file.
import * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import * as safeWindow from '../platform/safeWindow';
import { Commands } from '../shared/commandIds';
import { assertWritable } from '../shared/connections';
import { describeLag } from '../shared/searchLag';
import { checkSearchHealth, resultOf, runCheck } from './checkHealth';
import { fixStep } from './fixDrift';
import { HealthStore } from './healthStore';
import { HealthTree, type HealthNode } from './healthTree';

export type { HealthFix, SearchHealthResult } from './checkHealth';
/** The argument schemas of the search-health commands (the typed API's parameter types). */
export type { healthArgs } from './logic/args';

export interface LagResult {
  consumer: string;
  group?: string;
  topic?: string;
  events?: number;
  state?: string;
  etaMs?: number;
  description: string;
}

export function register(services: Services): FeatureRegistration<undefined> {
  const store = new HealthStore();
  const tree = new HealthTree(store);
  const view = vscode.window.createTreeView('datahub.searchHealth', { treeDataProvider: tree, showCollapseAll: true });

  const readLag = async (twice = false): Promise<LagResult[]> => {
    const active = await services.connections.client();
    const states = await store.busyWith('reading lag…', () => store.readLag(active, store.scanSignal(), twice));
    return states.flatMap((s): LagResult[] =>
      s.views?.length
        ? s.views.map((v) => ({
            consumer: s.consumer,
            group: v.group,
            topic: v.topic,
            events: v.events,
            state: v.state,
            etaMs: v.etaMs,
            description: describeLag(v),
          }))
        : [{ consumer: s.consumer, description: s.problem?.message ?? 'no consumer group reported' }],
    );
  };

  const refresh = registerCommand(services, Commands.refreshSearchHealth, async (_arg, run) => {
    run.errorContext = { action: 'consumerLag' };
    const lag = await readLag(true);
    const active = await services.connections.client();
    const last = store.report;
    const drift =
      last && store.connection === active.connection.name
        ? resultOf(active.connection.name, await runCheck(services, store, active, last.scope, false, last.sample?.checked))
        : undefined;
    const lagText = lag.length
      ? `Search indexing lag: ${lag.map((l) => `${l.consumer}${l.group ? ` (${l.group})` : ''}: ${l.description}`).join('; ')}.`
      : 'Search indexing lag: nothing reported.';
    return { lag, drift, message: drift ? `${lagText} ${drift.message}` : lagText };
  });

  const check = registerCommand(services, Commands.checkSearchHealth, (arg, run) =>
    checkSearchHealth(services, store, arg, run, (active, report, mode, r) => fixStep(services, store, active, report, mode, r)),
  );

  const fix = registerCommand(services, Commands.fixSearchDrift, async (_arg, run) => {
    const active = await services.connections.client();
    run.errorContext = { connection: active.connection, hasToken: active.hasToken, action: 'consistencyFix' };
    assertWritable(active.connection, 'Fix Search Drift');
    const report = store.connection === active.connection.name ? store.report : undefined;
    if (!report) {
      if (run.mode !== 'ui')
        throw new Error(`${Commands.fixSearchDrift}: no drift check on "${active.connection.name}" yet; run checkSearchHealth first. Nothing was sent.`);
      void safeWindow.showInformationMessage('No drift check yet: run "DataHub: Check Search Health…" first.', 'Check Search Health…').then((c) => {
        if (c) void vscode.commands.executeCommand(Commands.checkSearchHealth);
      });
      return undefined;
    }
    return fixStep(services, store, active, report, 'apply', run);
  });

  const copy = vscode.commands.registerCommand(Commands.copyDriftUrns, async (node?: HealthNode) => {
    const group = node?.kind === 'group' ? node.group : undefined;
    const urns = group ? (store.report?.tally.urns[group] ?? []) : [];
    if (urns.length === 0) return;
    await vscode.env.clipboard.writeText(urns.join('\n'));
    void safeWindow.setStatusBarMessage(`Copied ${urns.length} URN${urns.length === 1 ? '' : 's'}`, 3000);
  });

  // The view reads the lag when it is shown, and on the auto-refresh interval while it is.
  const readQuietly = () => {
    // In an untrusted workspace nothing contacts DataHub until the person runs a command (package.json capabilities).
    if (!view.visible || !vscode.workspace.isTrusted) return;
    readLag().catch((error: unknown) => services.log.debug(`Search Health: lag not read: ${error instanceof Error ? error.message : String(error)}`));
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const schedule = () => {
    if (timer) clearInterval(timer);
    const minutes = vscode.workspace.getConfiguration('datahub').get<number>('autoRefreshMinutes', 0);
    timer = minutes > 0 ? setInterval(readQuietly, minutes * 60_000) : undefined;
  };
  schedule();
  const disposables: vscode.Disposable[] = [
    store,
    view,
    refresh,
    check,
    fix,
    copy,
    // Read in the background only when there is something new to show: the view shown for the first
    // time, another active connection, the auto-refresh interval. Settings or token changes send nothing.
    view.onDidChangeVisibility(() => {
      if (store.lag.length === 0) readQuietly();
    }),
    services.connections.onDidChange(() => {
      if (store.forConnection(services.connections.active()?.name)) readQuietly();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('datahub.autoRefreshMinutes')) schedule();
    }),
    new vscode.Disposable(() => timer && clearInterval(timer)),
  ];
  return { disposables, seam: undefined };
}
