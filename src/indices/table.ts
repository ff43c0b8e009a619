// The indices feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { noArgs } from '../shared/args';
import { copyEntityAspectArgs, copyEntityTypeArgs, copyIndexNameArgs, filterIndicesArgs } from './logic/args';
import type { IndexSizesResult } from './refreshIndexSizes';

/** The argument schema of each indices command the typed API offers. */
export const indicesArgs = {
  refreshIndexSizes: noArgs(),
  sortBySize: noArgs(),
  sortByName: noArgs(),
  filterIndices: filterIndicesArgs,
  clearFilter: noArgs(),
  copyIndexName: copyIndexNameArgs,
  copyEntityType: copyEntityTypeArgs,
  copyEntityAspect: copyEntityAspectArgs,
} as const satisfies Record<ApiCommandOf<'indices'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof indicesArgs> = z.input<(typeof indicesArgs)[N]>;

/** The typed API's methods for the indices commands (src/api/index.ts joins every feature's). */
export interface IndicesApi {
  /** Fetches the index sizes of the active connection (sizes in decimal MB, null when unknown). */
  refreshIndexSizes(args?: ArgsOf<'refreshIndexSizes'>): Result<IndexSizesResult>;
  /** Sorts the tree by size, largest first. */
  sortBySize(args?: ArgsOf<'sortBySize'>): Result<Outcome & { sort: string }>;
  /** Sorts the tree by name. */
  sortByName(args?: ArgsOf<'sortByName'>): Result<Outcome & { sort: string }>;
  /** Shows only the indices whose name contains the text. */
  filterIndices(args: ArgsOf<'filterIndices'>): Result<Outcome & { filter: string; shown: number; total: number }>;
  /** Shows every index again. */
  clearFilter(args?: ArgsOf<'clearFilter'>): Result<Outcome & { filter: ''; shown: number; total: number }>;
  /** Copies an index name to the clipboard. */
  copyIndexName(args: ArgsOf<'copyIndexName'>): Result<Outcome & { text: string }>;
  /** Copies an entity group's entity type to the clipboard. */
  copyEntityType(args: ArgsOf<'copyEntityType'>): Result<Outcome & { text: string }>;
  /** Copies "entity aspect" to the clipboard. */
  copyEntityAspect(args: ArgsOf<'copyEntityAspect'>): Result<Outcome & { text: string }>;
}
