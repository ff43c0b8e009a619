// The entity commands, loaded on the first of them (dist/features.js): datahub.countEntities reads the
// counts (the endpoint, or search facets on an older server), keeps them for the Entity Counts view and
// returns them with their growth since the last reading. index.ts declares the ids; the view stays eager.
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import * as safeWindow from '../platform/safeWindow';
import { activeClient } from '../platform/activeClient';
import { registrationsOf, Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import type { EntityCountSource, EntityTypeCount } from '../gms/types';
import { countEntitiesArgs } from './logic/args';
import { countsMessage, readEntityCounts, type CountGrowth } from './logic/counts';
import type { CountsStore } from './countsStore';
import { CountsTree } from './countsTree';
import { registerCleanupCommands } from './cleanup';

export interface CountEntitiesResult extends Outcome {
  connection: string;
  /** countsApi: GET /openapi/v1/entities/counts; search: facets on _entityType (a server without the endpoint). */
  source: EntityCountSource;
  /** When the server computed the figures (epoch ms). */
  computedAt: number;
  /** The endpoint answered from its one-hour cache (refresh: true recounts). */
  cacheHit: boolean;
  types: EntityTypeCount[];
  totals: { active: number; softDeleted: number };
  /** The change since the reading before (ungrouped readings of the same server), and per day. */
  growth?: CountGrowth;
  /** Search facets only: named types search has no document of (unknown to the server, or nothing indexed). */
  noneInSearch?: string[];
}

/** The view's rows (index.ts creates the view at activation; this code loads when it is first drawn). */
export function createTree(store: CountsStore): CountsTree {
  return new CountsTree(store);
}

export function registerCommands(services: Services, store: CountsStore): vscode.Disposable[] {
  return registrationsOf(
    'entities',
    ...registerCleanupCommands(services),
    registerCommand(services, Commands.countEntities, async (arg, run): Promise<CountEntitiesResult> => {
      const args = parseArgs(Commands.countEntities, countEntitiesArgs, arg ?? {});
      const active = await activeClient(services, run, { action: 'upgradeEntityCounts', writes: false });
      const connection = active.connection.name;
      store.forConnection(connection);
      const read = () =>
        store.busyWith('counts', async () => {
          // A person's Refresh (the palette, the view's button) recounts; programs choose (the server caches an hour).
          const refresh = args.refresh ?? run.mode === 'ui';
          const query = { ...(args.groupBy ? { groupBy: args.groupBy } : {}), refresh, ...(args.types ? { types: args.types } : {}) };
          let reading;
          try {
            reading = await readEntityCounts(active.client, query, store.signal());
          } catch (error) {
            store.setError(error instanceof Error ? error.message : String(error));
            throw error;
          }
          const growth = await store.keep(connection, active.connection.gmsUrl, reading);
          const { source, computedAt, cacheHit, types, totals, noneInSearch } = reading;
          const message = countsMessage(connection, reading, growth);
          if (run.mode === 'ui') void safeWindow.showInformationMessage(message);
          return {
            message,
            connection,
            source,
            computedAt,
            cacheHit,
            types,
            totals,
            ...(growth ? { growth } : {}),
            ...(noneInSearch ? { noneInSearch } : {}),
          };
        });
      if (run.mode === 'ui') void vscode.commands.executeCommand('datahub.entityCounts.focus');
      return run.mode === 'ui' ? safeWindow.withProgress({ location: { viewId: 'datahub.entityCounts' }, title: 'Counting entities' }, read) : read();
    }),
  );
}
