// DataHub: Refresh Index Sizes — fetches now (joining a fetch in flight).
// Programmatic: {} -> { connection, fetchedAt, totalMb, indices: [{ entityName, aspectName, indexName, sizeMb, sizeSource }] }
// where connection is { name, gmsUrl }, and message.
import type { IndexSizesSnapshot, Services } from '../platform/services';
import type { IndicesView } from './indicesView';
import { registerCommand } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { formatIndexCount, formatSize, throttleNote } from '../shared/format';

/** What datahub.refreshIndexSizes returns: the snapshot the view shows. */
export interface IndexSizesResult extends Outcome {
  connection: IndexSizesSnapshot['connection'];
  fetchedAt: IndexSizesSnapshot['fetchedAt'];
  totalMb: number;
  indices: IndexSizesSnapshot['indices'];
}

export function registerRefreshIndexSizes(services: Services, view: IndicesView) {
  return registerCommand(services, Commands.refreshIndexSizes, async (_arg, run): Promise<IndexSizesResult | undefined> => {
    run.errorContext = { ...run.errorContext, action: 'getIndexSizes', connection: services.connections.active() };
    let snapshot: IndexSizesSnapshot;
    const since = Date.now();
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
      message:
        `${formatIndexCount(snapshot.indices.length)} on ${snapshot.connection.name}, ${formatSize(snapshot.totalMb)} in all.` +
        throttleNote(services.connections.throttledSince(snapshot.connection.name, since)),
      connection: { ...snapshot.connection },
      fetchedAt: snapshot.fetchedAt,
      totalMb: snapshot.totalMb,
      indices: snapshot.indices.map((i) => ({ ...i })),
    };
  });
}
