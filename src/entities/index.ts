// Entity counts: how many entities of each type the server holds, active and soft-deleted, by platform on
// demand, and their growth between readings; the Entity Counts view beside Timeseries Indices and
// datahub.countEntities (palette and typed API). Other parts import it only through this file.
import * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { commandIdsOf } from '../shared/commandIds';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
import { connectionView } from '../platform/connectionView';
import { CountsStore } from './countsStore';
import type { EntityCountsFeed } from '../insights';
/** This feature's commands.ts, loaded on first use. */
type CommandsEntities = typeof import('./commands');

export type { CountEntitiesResult } from './commands';
export type { CountGrowth, TypeGrowth } from './logic/counts';
/** The argument schemas of the entity commands (the typed API's parameter types). */
export type { entitiesArgs, EntitiesApi } from './table';

/** What the feature offers the others: its readings and their history, for the size chart and the export. */
export interface EntitiesSeam {
  counts: EntityCountsFeed;
}

export function register(services: Services): FeatureRegistration<EntitiesSeam> {
  const store = new CountsStore(services.context.globalStorageUri, services.log);
  // Rows loaded on first draw; the counts are read when asked (they cost the server a count per type).
  const bound = connectionView(services, {
    id: 'datahub.entityCounts',
    name: 'Entity Counts',
    store,
    tree: () => loadFeature<CommandsEntities>('entities').createTree(store),
  });
  const { view } = bound;
  const commands = deferCommands(
    { name: 'entity commands', commands: commandIdsOf('entities'), load: () => loadFeature<CommandsEntities>('entities').registerCommands(services, store) },
    services.log,
  );
  const describe = () => {
    const r = store.reading;
    view.description = store.busy ? 'counting…' : r ? (r.source === 'countsApi' ? 'counts endpoint' : 'search facets') : undefined;
  };
  const disposables: vscode.Disposable[] = [store, bound, commands, store.onDidChange(describe)];
  return { disposables, seam: { counts: store.feed() } };
}
