// The indices feature: the Timeseries Indices view and its commands (refresh,
// sort, filter, copy). Other features and extension.ts use it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { createIndicesView, type IndicesView } from './indicesView';
import { registerCopyCommands } from './copyIndex';
import { registerFilterCommands } from './filterIndices';
import { registerRefreshIndexSizes } from './refreshIndexSizes';
import { registerSortCommands } from './sortIndices';

export { FetchingIndexSizesService } from './indexSizesService';
export type { IndicesView } from './indicesView';
export type { IndexTreeNode } from './logic/indexTreeNodes';
/** The argument schemas of the index view's commands (the typed API's parameter types). */
export type { indicesArgs } from './logic/args';
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
    disposables: [
      view,
      registerRefreshIndexSizes(services, view),
      ...registerSortCommands(services, view),
      ...registerFilterCommands(services, view),
      ...registerCopyCommands(services),
    ],
  };
}
