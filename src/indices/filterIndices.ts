// DataHub: Filter Indices… / Clear Filter — substring of entity, aspect or index
// name, case-insensitive, `*` as a wildcard.
// Programmatic: { filter } -> { filter, shown, total }; clearFilter -> { filter: '' }.
import { activeTitle } from '../platform/titles';
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { filterIndices, MAX_FILTER_LENGTH } from './logic/indices';
import type { IndicesView } from './indicesView';
import { registerCommand } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { filterIndicesArgs } from './logic/args';
import { Commands } from '../shared/commandIds';

export function registerFilterCommands(services: Services, view: IndicesView) {
  const counts = (filter: string) => {
    const indices = services.indexSizes.current?.indices ?? [];
    const shown = filterIndices(indices, filter).length;
    const message = filter ? `${shown} of ${indices.length} indices contain "${filter}".` : `All ${indices.length} indices shown.`;
    return { filter, shown, total: indices.length, message };
  };
  return [
    registerCommand(services, Commands.filterIndices, async (arg) => {
      let filter: string | undefined;
      const tooLong = (text: string) =>
        text.trim().length > MAX_FILTER_LENGTH ? `The filter is ${text.trim().length} characters long; use at most ${MAX_FILTER_LENGTH}.` : undefined;
      if (arg) {
        filter = parseArgs(Commands.filterIndices, filterIndicesArgs, arg).filter ?? '';
        const problem = tooLong(filter);
        if (problem) throw new Error(`datahub.filterIndices: ${problem}`);
      } else {
        filter = await vscode.window.showInputBox({
          title: activeTitle(services, 'Filter Timeseries Indices'),
          prompt: 'Part of an entity, aspect or index name; * matches anything. Empty clears the filter.',
          placeHolder: 'e.g. profile, dataset*usage',
          value: view.provider.filter,
          validateInput: tooLong,
        });
        if (filter === undefined) return undefined;
      }
      await view.setFilter(filter);
      return counts(view.provider.filter);
    }),
    registerCommand(services, Commands.clearFilter, async () => {
      await view.setFilter('');
      return counts('');
    }),
  ];
}
