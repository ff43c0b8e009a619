// DataHub: Refresh Index Sizes — fetches now (joining a fetch in flight).
// Programmatic: {} -> { connection, fetchedAt, totalMb, indices: [{ entityName, aspectName, indexName, sizeMb, sizeSource }] }
// where connection is { name, gmsUrl }.
import * as vscode from 'vscode';
import type { IndexSizesSnapshot, Services } from '../platform/services';
import type { IndicesView } from './indicesView';
import { registerCommand } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';

export function registerRefreshIndexSizes(services: Services, view: IndicesView): vscode.Disposable {
  return registerCommand(services, Commands.refreshIndexSizes, async (_arg, run) => {
    run.errorContext = { ...run.errorContext, action: 'getIndexSizes', connection: services.connections.active() };
    let snapshot: IndexSizesSnapshot;
    try {
      snapshot = await services.indexSizes.refresh();
    } catch (error) {
      const failure = services.indexSizes.lastError;
      if (failure) run.errorContext = { ...run.errorContext, connection: failure.connection, hasToken: failure.hasToken };
      // The view shows the failure with its actions; notify only when nobody sees the view.
      if (run.mode === 'ui' && view.treeView.visible) {
        services.log.error(`datahub.refreshIndexSizes: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
      throw error;
    }
    return {
      connection: { ...snapshot.connection },
      fetchedAt: snapshot.fetchedAt,
      totalMb: snapshot.totalMb,
      indices: snapshot.indices.map((i) => ({ ...i })),
    };
  });
}
