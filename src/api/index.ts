// The typed API activate() returns: one method per command, named after it
// without the "datahub." prefix, taking the same argument object and returning
// the same result. It calls the command's own handler, marked confirmed, so no
// prompt or modal appears: for automation and tests. It holds no token, no
// secret store and no internal service. Through command ids (command links,
// keybindings, other extensions) destructive steps keep their modal instead.
import type { AtCursorResult } from '../restore/editor/restoreAtCursor';
import type { RestoreUrnResult } from '../restore/restore';
import type { PatternResult } from '../restore/restorePattern';
import type { JobResult } from '../restore/restoreAsJob';
import type { CheckSearchIndexResult } from '../restore/checkSearchIndex';
import type { TaskStatusResult, TruncateCommandResult } from '../truncate/truncate';
import type { WatchResult } from '../truncate/truncateWatch';
import { callThroughApi } from '../ui/commandRunner';

type Args = Record<string, unknown>;
type Method<R = unknown> = (args?: Args) => Promise<R | undefined>;

/** Every command that takes an argument object. */
export const API_COMMANDS = [
  'addConnection',
  'switchConnection',
  'removeConnection',
  'setAccessToken',
  'clearAccessToken',
  'testConnection',
  'importFromCli',
  'openSettings',
  'refreshIndexSizes',
  'sortBySize',
  'sortByName',
  'filterIndices',
  'clearFilter',
  'copyIndexName',
  'copyEntityAspect',
  'restoreIndices',
  'restoreIndicesByPattern',
  'restoreIndicesChangedBetween',
  'restoreIndicesAsJob',
  'checkSearchIndex',
  'restoreUrnAtCursor',
  'cancelRestore',
  'showLog',
  'truncateTimeseriesAspect',
  'showTaskStatus',
  'getTaskStatus',
  'showIndexSizeChart',
  'exportIndexSizes',
  'copyIndexSizesMarkdown',
  'clearHistory',
  'revealIndex',
] as const;

export type ApiCommand = (typeof API_COMMANDS)[number];

/** Results of the commands whose result has a declared shape; the rest resolve to plain objects. */
interface TypedResults {
  addConnection: { name: string; gmsUrl: string };
  importFromCli: { name: string; gmsUrl: string; source: string; hasToken: boolean; created: boolean };
  restoreIndices: RestoreUrnResult;
  restoreIndicesByPattern: PatternResult;
  restoreIndicesChangedBetween: PatternResult;
  restoreIndicesAsJob: JobResult;
  checkSearchIndex: CheckSearchIndexResult;
  restoreUrnAtCursor: AtCursorResult;
  cancelRestore: { cancelled: number };
  truncateTimeseriesAspect: TruncateCommandResult;
  showTaskStatus: WatchResult;
  getTaskStatus: TaskStatusResult;
  exportIndexSizes: { path: string; rows: number };
  copyIndexSizesMarkdown: { markdown: string };
  clearHistory: { cleared: string[] };
}

export type DataHubCommands = {
  readonly [K in ApiCommand]: Method<K extends keyof TypedResults ? TypedResults[K] : unknown>;
};

export function createCommandsApi(): DataHubCommands {
  const api: Partial<Record<ApiCommand, Method>> = {};
  for (const name of API_COMMANDS) api[name] = (args?: Args) => callThroughApi(`datahub.${name}`, args);
  return Object.freeze(api) as DataHubCommands;
}
