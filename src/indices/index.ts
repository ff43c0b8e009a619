// The indices feature: the Timeseries Indices view and its commands (refresh,
// sort, filter, copy). Other features and extension.ts use it through here.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { createIndicesView, type IndicesView } from './indicesView';
import { registerCopyCommands } from './copyIndex';
import { registerFilterCommands } from './filterIndices';
import { registerRefreshIndexSizes } from './refreshIndexSizes';
import { registerSortCommands } from './sortIndices';

export { FetchingIndexSizesService } from './indexSizesService';
export type { IndicesView } from './indicesView';

/** Creates the view and registers its commands; the view is disposed with the rest. */
export function registerIndices(services: Services): { view: IndicesView; disposables: vscode.Disposable[] } {
  const view = createIndicesView(services);
  return {
    view,
    disposables: [
      view,
      registerRefreshIndexSizes(services, view),
      ...registerSortCommands(services, view),
      ...registerFilterCommands(services, view),
      ...registerCopyCommands(services),
    ],
  };
}
