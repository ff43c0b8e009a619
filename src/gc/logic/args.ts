// The argument objects of the GC commands, one schema each: the handler parses through it, the typed API takes its
// parameter type from it and docs/api.md its table. Pure: no vscode import.
import * as z from '../../shared/zod';
import { describe, wholeNumber } from '../../shared/args';

/** Runs read at most (newest first). */
export const MAX_GC_RUNS = 10;

export const readGarbageCollectionArgs = z.object({
  runs: describe(
    z.optional(wholeNumber(() => `"runs" must be a whole number from 1 to ${MAX_GC_RUNS}. Nothing was sent.`, 1, MAX_GC_RUNS)),
    `How many of the GC's runs to read with their reports, newest first (default ${MAX_GC_RUNS}).`,
  ),
});
