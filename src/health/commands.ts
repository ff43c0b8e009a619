// Search Health's commands, loaded on the first of them (dist/features.js): check,
// refresh, fix, Copy URNs, and the one-URN search check, Explain Search and Inspect URN. index.ts
// declares their ids; the view, its store and the background lag reads stay eager.
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerCommand, registerVscodeCommand } from '../platform/commandRunner';
import * as safeWindow from '../platform/safeWindow';
import { rowInput } from '../platform/rowCommands';
import { activeClient } from '../platform/activeClient';
import { registrationsOf, Commands } from '../shared/commandIds';
import { checkSearchHealth, resultOf, runCheck } from './checkHealth';
import { fixStep } from './fixDrift';
import type { HealthStore, LagResult } from './healthStore';
import { HealthTree, type HealthNode } from './healthTree';
import { registerCheckSearchIndex } from './checkSearchIndex';
import { registerExplainSearch } from './explainSearch';
import { registerInspectUrn } from './inspectUrn';

export { healthFacts } from './healthFacts';

export interface HealthState {
  store: HealthStore;
  /** Reads the lag into the view; `twice` takes two readings so the rate is the rate now. */
  readLag(twice?: boolean): Promise<LagResult[]>;
}

/** The view's rows (index.ts creates the view at activation; this code loads when it is first drawn). */
export function createTree(store: HealthStore): HealthTree {
  return new HealthTree(store);
}

export function registerCommands(services: Services, { store, readLag }: HealthState): vscode.Disposable[] {
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
    const active = await activeClient(services, run, { action: 'consistencyFix', writes: 'Fix Search Drift' });
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

  const copy = registerVscodeCommand(Commands.copyDriftUrns, async (arg?: unknown) => {
    // Only a row the view handed out names a group; anything else copies nothing.
    const node = rowInput(arg, (v): v is HealthNode => 'kind' in v).row;
    const group = node?.kind === 'group' ? node.group : undefined;
    const urns = group ? (store.report?.tally.urns[group] ?? []) : [];
    if (urns.length === 0) return;
    await vscode.env.clipboard.writeText(urns.join('\n'));
    void safeWindow.setStatusBarMessage(`Copied ${urns.length} URN${urns.length === 1 ? '' : 's'}`, 3000);
  });

  return registrationsOf(
    'health',
    refresh,
    check,
    fix,
    copy,
    registerCheckSearchIndex(services),
    registerExplainSearch(services),
    registerInspectUrn(services),
  );
}
