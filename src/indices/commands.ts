// The Timeseries Indices view's commands, loaded on the first of them (dist/features.js):
// refresh, sort, filter, copy. index.ts declares their ids; the view stays eager.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registrationsOf } from '../shared/commandIds';
import type { IndicesView } from './indicesView';
import { registerCopyCommands } from './copyIndex';
import { registerFilterCommands } from './filterIndices';
import { registerRefreshIndexSizes } from './refreshIndexSizes';
import { registerSortCommands } from './sortIndices';

export function registerCommands(services: Services, view: IndicesView): vscode.Disposable[] {
  return registrationsOf(
    'indices',
    registerRefreshIndexSizes(services, view),
    ...registerSortCommands(services, view),
    ...registerFilterCommands(services, view),
    ...registerCopyCommands(services),
  );
}
