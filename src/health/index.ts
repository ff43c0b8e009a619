// Search Health: is it in search, and why not. The view beside Timeseries Indices
// (indexing lag, drift in four groups), datahub.checkSearchHealth (palette and typed API),
// datahub.refreshSearchHealth, datahub.fixSearchDrift and Copy URNs on a group; and the
// one-URN questions: datahub.checkSearchIndex (database, search, soft-deleted) and
// datahub.explainSearch (why a search text does not find it), datahub.inspectUrn (the database
// beside search, field by field).
// Other parts import it only through this file.
import * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { commandIdsOf } from '../shared/commandIds';
import { describeLag } from '../shared/searchLag';
import { HealthStore, type LagResult } from './healthStore';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
import { lazyTreeProvider } from '../platform/lazyTree';
import { ourTreeView } from '../platform/treeRows';
/** This feature's commands.ts, loaded on first use. */
type CommandsHealth = typeof import('./commands');

export type { HealthFix, SearchHealthResult } from './checkHealth';
export type { LagResult } from './healthStore';
export type { CheckSearchIndexResult } from './checkSearchIndex';
export type { ExplainSearchResult } from './explainSearch';
export type { InspectUrnResult } from './inspectUrn';
/** The argument schemas of the search-health commands (the typed API's parameter types). */
export type { healthArgs, HealthApi } from './table';

export function register(services: Services): FeatureRegistration<undefined> {
  const store = new HealthStore();
  // The rows' code loads with the commands, when the view is first drawn.
  const tree = lazyTreeProvider(() => loadFeature<CommandsHealth>('health').createTree(store), store.onDidChange);
  const view = ourTreeView('datahub.searchHealth', { treeDataProvider: tree, showCollapseAll: true });

  const readLag = async (twice = false): Promise<LagResult[]> => {
    const active = await services.connections.client();
    const states = await store.busyWith('reading lag…', () => store.readLag(active, store.signal(), twice));
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

  const commands = deferCommands(
    {
      name: 'Search Health commands',
      commands: commandIdsOf('health'),
      load: () => loadFeature<CommandsHealth>('health').registerCommands(services, { store, readLag }),
    },
    services.log,
  );

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
  const disposables: vscode.Disposable[] = [
    store,
    view,
    commands,
    // Asked for by the Doctor, whose commands live in the same lazily loaded bundle.
    services.statusFacts.register(() => loadFeature<CommandsHealth>('health').healthFacts(store)),
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
  // The auto-refresh timer (a setting read) starts just after activation.
  return { disposables, seam: undefined, afterActivation: schedule };
}
