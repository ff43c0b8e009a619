// The insights feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { noArgs } from '../shared/args';
import { clearHistoryArgs, exportIndexSizesArgs, revealIndexArgs } from './logic/args';

/** The argument schema of each insights command the typed API offers. */
export const insightsArgs = {
  showIndexSizeChart: noArgs(),
  exportIndexSizes: exportIndexSizesArgs,
  copyIndexSizesMarkdown: noArgs(),
  clearHistory: clearHistoryArgs,
  revealIndex: revealIndexArgs,
} as const satisfies Record<ApiCommandOf<'insights'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof insightsArgs> = z.input<(typeof insightsArgs)[N]>;

/** The typed API's methods for the insights commands (src/api/index.ts joins every feature's). */
export interface InsightsApi {
  /** Opens the size chart. */
  showIndexSizeChart(args?: ArgsOf<'showIndexSizeChart'>): Result<Outcome & { opened: true }>;
  /** Writes the index sizes (or, with `what: 'entityCounts'`, the entity counts and their growth) as CSV or JSON to `path` (replaces the file). */
  exportIndexSizes(args: ArgsOf<'exportIndexSizes'>): Result<Outcome & { path: string; rows: number }>;
  /** Copies the index sizes as a Markdown table. */
  copyIndexSizesMarkdown(args?: ArgsOf<'copyIndexSizesMarkdown'>): Result<Outcome & { markdown: string }>;
  /** Clears the size history (of the active connection, or all). */
  clearHistory(args?: ArgsOf<'clearHistory'>): Result<Outcome & { cleared: string[] }>;
  /** Shows and selects an index in the tree. */
  revealIndex(args: ArgsOf<'revealIndex'>): Result<Outcome & { revealed: string }>;
}
