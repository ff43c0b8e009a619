// The indices feature: the Timeseries Indices view and its commands (refresh,
// sort, filter, copy). Other features and extension.ts use it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsIndices = typeof import('./commands');
import { commandIdsOf } from '../shared/commandIds';
import { createIndicesView, type IndicesView } from './indicesView';

export { FetchingIndexSizesService } from './indexSizesService';
export type { IndicesView } from './indicesView';
export type { IndexTreeNode } from './logic/indexTreeNodes';
/** The argument schemas of the index view's commands (the typed API's parameter types). */
export type { indicesArgs, IndicesApi } from './table';
export type { IndexSizesResult } from './refreshIndexSizes';

/** The indices seam: the Timeseries Indices view (its provider and tree), for the wiring in extension.ts and for tests. */
export interface IndicesSeam {
  view: IndicesView;
}

/** Creates the view and registers its commands; the view is disposed with the rest. */
export function register(services: Services): FeatureRegistration<IndicesSeam> {
  const view = createIndicesView(services);
  return {
    seam: { view },
    afterActivation: () => view.start(),
    disposables: [
      view,
      deferCommands(
        { name: 'index commands', commands: commandIdsOf('indices'), load: () => loadFeature<CommandsIndices>('indices').registerCommands(services, view) },
        services.log,
      ),
    ],
  };
}
