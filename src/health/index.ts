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
import { connectionView } from '../platform/connectionView';
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

  // The rows' code loads with the commands, when the view is first drawn. The view reads the lag when it
  // is shown with nothing read, for another connection, and on the auto-refresh interval while it is shown.
  const bound = connectionView(services, {
    id: 'datahub.searchHealth',
    name: 'Search Health',
    store,
    tree: () => loadFeature<CommandsHealth>('health').createTree(store),
    showCollapseAll: true,
    read: () => readLag(),
    empty: () => store.lag.length === 0,
  });
  let timer: ReturnType<typeof setInterval> | undefined;
  const schedule = () => {
    if (timer) clearInterval(timer);
    const minutes = vscode.workspace.getConfiguration('datahub').get<number>('autoRefreshMinutes', 0);
    timer = minutes > 0 ? setInterval(bound.readQuietly, minutes * 60_000) : undefined;
  };
  const disposables: vscode.Disposable[] = [
    store,
    bound,
    commands,
    // Asked for by the Doctor, whose commands live in the same lazily loaded bundle.
    services.statusFacts.register(() => loadFeature<CommandsHealth>('health').healthFacts(store)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('datahub.autoRefreshMinutes')) schedule();
    }),
    new vscode.Disposable(() => timer && clearInterval(timer)),
  ];
  // The auto-refresh timer (a setting read) starts just after activation.
  return { disposables, seam: undefined, afterActivation: schedule };
}
