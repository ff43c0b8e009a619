// The truncate options' values and defaults, apart from their parsing (truncateOptions.ts,
// with zod), so the task list's texts load without the argument schemas. Pure.
import type { TruncateRequest } from '../../gms/types';
import { MAX_BATCH_SIZE } from '../../gms/bounds';

export type MethodChoice = NonNullable<TruncateRequest['method']>;

export const METHODS: ReadonlyArray<{ id: MethodChoice; label: string; detail: string }> = [
  {
    id: 'auto',
    label: 'Auto',
    detail: 'The server decides: deletes in place when under half the rows go, otherwise copies the rest to a new index (and deletes in place if it cannot).',
  },
  { id: 'deleteByQuery', label: 'Force delete by query', detail: 'Deletes the old rows in place; the index stays the same index.' },
  {
    id: 'reindex',
    label: 'Force reindex',
    detail: 'Copies the rows that stay into a new index and swaps it in; servers whose indices are not aliases refuse it.',
  },
];

/** The client's bound (src/gms/validate.ts). */
export const BATCH_SIZE_MAX = MAX_BATCH_SIZE;
export const TIMEOUT_SECONDS_MAX = 86_400;

/** The truncate options, the one vocabulary for prompts, argument objects and texts ('auto' sends no force flag). */
export interface TruncateOptions {
  batchSize?: number;
  timeoutSeconds?: number;
  method: MethodChoice;
}

export const DEFAULT_OPTIONS: TruncateOptions = { method: 'auto' };
