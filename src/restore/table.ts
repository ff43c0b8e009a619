// The restore feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { noArgs } from '../shared/args';
import {
  restoreIndicesArgs,
  restoreIndicesByPatternArgs,
  restoreIndicesChangedBetweenArgs,
  restoreUrnAtCursorArgs,
  restoreUrnsInFileArgs,
  restoreUrnsInSelectionArgs,
} from './logic/args';
import type { AtCursorResult } from './editor/restoreAtCursor';
import type { PatternResult } from './restorePattern';
import type { RestoreUrnResult } from './restore';
import type { UrnListResult } from './editor/restoreUrnList';

/** The argument schema of each restore command the typed API offers. */
export const restoreArgs = {
  restoreIndices: restoreIndicesArgs,
  restoreIndicesByPattern: restoreIndicesByPatternArgs,
  restoreIndicesChangedBetween: restoreIndicesChangedBetweenArgs,
  restoreUrnAtCursor: restoreUrnAtCursorArgs,
  restoreUrnsInFile: restoreUrnsInFileArgs,
  restoreUrnsInSelection: restoreUrnsInSelectionArgs,
  cancelRestore: noArgs(),
} as const satisfies Record<ApiCommandOf<'restore'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof restoreArgs> = z.input<(typeof restoreArgs)[N]>;

/** The typed API's methods for the restore commands (src/api/index.ts joins every feature's). */
export interface RestoreApi {
  /** Restores the indices of one URN (optionally one aspect); `verify` then checks search. */
  restoreIndices(args: ArgsOf<'restoreIndices'>): Result<RestoreUrnResult>;
  /** Restores every URN matching a SQL LIKE pattern, in batches; `all` lifts the row limit. */
  restoreIndicesByPattern(args: ArgsOf<'restoreIndicesByPattern'>): Result<PatternResult>;
  /** Restores the rows changed between two instants (gePitEpochMs, lePitEpochMs). */
  restoreIndicesChangedBetween(args: ArgsOf<'restoreIndicesChangedBetween'>): Result<PatternResult>;
  /** Restores the URN(s) in `text` or at a position of a document. */
  restoreUrnAtCursor(args: ArgsOf<'restoreUrnAtCursor'>): Result<AtCursorResult>;
  /** Restores every URN in a document (`uri`) or in `urns`, each once, after one confirmation; names the URNs that restored nothing. */
  restoreUrnsInFile(args: ArgsOf<'restoreUrnsInFile'>): Result<UrnListResult>;
  /** Restores every URN in the active editor's selections or in `urns`, each once, after one confirmation. */
  restoreUrnsInSelection(args: ArgsOf<'restoreUrnsInSelection'>): Result<UrnListResult>;
  /** Stops the running restores of this window. */
  cancelRestore(args?: ArgsOf<'cancelRestore'>): Result<Outcome & { cancelled: number }>;
}
