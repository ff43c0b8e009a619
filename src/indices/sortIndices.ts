// DataHub: Sort by Size / Sort by Name — remembered across sessions.
// Programmatic: {} -> { sort, message }.
import type { Services } from '../platform/services';
import type { SortMode } from './logic/indices';
import type { IndicesView } from './indicesView';
import { registerCommand } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';

export function registerSortCommands(services: Services, view: IndicesView) {
  const sortBy = (mode: SortMode) => async () => {
    await view.setSort(mode);
    return { sort: mode, message: `Timeseries Indices sorted by ${mode === 'size' ? 'size, largest first' : 'name'}.` };
  };
  return [registerCommand(services, Commands.sortBySize, sortBy('size')), registerCommand(services, Commands.sortByName, sortBy('name'))];
}
