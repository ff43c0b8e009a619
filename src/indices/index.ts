// The Timeseries Indices feature as other features see it: the view and its commands.
export { createIndicesView, type IndicesView } from './indicesView';
export { registerCopyCommands } from './copyIndex';
export { registerFilterCommands } from './filterIndices';
export { registerRefreshIndexSizes } from './refreshIndexSizes';
export { registerSortCommands } from './sortIndices';
