// DataHub: Sort by Size / Sort by Name — remembered across sessions.
// Programmatic: {} -> { sort }.
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { SortMode } from '../model/indices';
import type { IndicesView } from '../views/indicesView';
import { registerCommand } from './run';

export function registerSortCommands(services: Services, view: IndicesView): vscode.Disposable[] {
  const sortBy = (mode: SortMode) => async () => {
    await view.setSort(mode);
    return { sort: mode };
  };
  return [
    registerCommand(services, 'datahub.sortBySize', sortBy('size')),
    registerCommand(services, 'datahub.sortByName', sortBy('name')),
  ];
}
