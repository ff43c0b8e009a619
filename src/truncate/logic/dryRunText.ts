// The words of a truncation's dry run: the confirmation's question and detail, or the plain "nothing to
// delete". Apart from ./truncateText.ts (the task list's words, which activation loads for the DataHub
// Tasks view) so that this loads with the truncate commands only. Pure: no vscode import.
import type { TruncateMethod } from '../../gms/types';
import { formatCutoffTime } from './cutoff';
import { DEFAULT_OPTIONS, type TruncateOptions } from './optionValues';
import { cutoffLine, targetName, type CutoffChoice, type DryRunResult, type TruncateTarget } from './truncateText';

const n = (value: number): string => value.toLocaleString('en-US');

export interface DryRunView {
  /** 'confirm' asks before deleting; 'empty' and 'nothing' only inform (nothing to confirm). */
  kind: 'confirm' | 'empty' | 'nothing';
  message: string;
  detail: string;
}

export function methodLabel(method: TruncateMethod | 'unknown'): string {
  return method === 'deleteByQuery' ? 'delete by query' : method === 'reindex' ? 'reindex' : 'chosen by the server';
}

function methodLine(result: DryRunResult, forced: boolean): string {
  const kept = Math.max(0, result.total - result.toDelete);
  const how =
    result.method === 'reindex'
      ? `the server copies the ${n(kept)} rows that stay into a new index, then swaps it in`
      : result.method === 'deleteByQuery'
        ? `the server deletes the ${n(result.toDelete)} rows in place`
        : 'the server did not say which method it will use';
  // Real servers usually cannot reindex (plain indices, not aliases): the flow then deletes by query.
  const fallback = result.method === 'reindex' && !forced ? ' If the server cannot reindex this index, the rows are deleted in place instead.' : '';
  return `Method: ${methodLabel(result.method)}${forced ? ' (forced)' : ''}: ${how}.${fallback}`;
}

function optionsLine(options: TruncateOptions): string {
  const batch = options.batchSize !== undefined ? `batch size ${n(options.batchSize)}` : 'default batch size';
  const timeout = options.timeoutSeconds !== undefined ? `timeout ${n(options.timeoutSeconds)} s` : 'default timeout';
  return `Server options: ${batch}, ${timeout}.`;
}

/** "59.70%", always from the two counts: the server's bracket is not trusted (old servers printed the fraction). */
export function formatPercent(result: Pick<DryRunResult, 'toDelete' | 'total'>): string {
  return result.total > 0 ? `${((result.toDelete / result.total) * 100).toFixed(2)}%` : 'n/a';
}

/** What the dry run means for the user: a question to confirm, or a plain "nothing to do". */
export function presentDryRun(
  target: TruncateTarget,
  cutoff: CutoffChoice,
  result: DryRunResult,
  options: TruncateOptions = DEFAULT_OPTIONS,
  now: Date = new Date(),
): DryRunView {
  const name = targetName(target);
  const where = `Entity type ${target.entityType}, aspect ${target.aspect}.`;
  if (result.total === 0) {
    return {
      kind: 'empty',
      message: `${name} is empty: there is nothing to truncate.`,
      detail: [where, cutoffLine(cutoff, now), `Server said: ${result.summary}`].join('\n'),
    };
  }
  if (result.toDelete === 0) {
    return {
      kind: 'nothing',
      message: `Nothing to delete in ${name}: none of its ${n(result.total)} rows is at or before ${formatCutoffTime(cutoff.endTimeMillis)}.`,
      detail: [where, cutoffLine(cutoff, now), `Server said: ${result.summary}`].join('\n'),
    };
  }
  const forced = options.method !== undefined && options.method !== 'auto';
  return {
    kind: 'confirm',
    message: `Delete ${n(result.toDelete)} of ${n(result.total)} rows (${formatPercent(result)}) from ${name}?`,
    detail: [
      where,
      cutoffLine(cutoff, now),
      methodLine(result, forced),
      optionsLine(options),
      'Deleted rows cannot be restored. The server runs the deletion as a background task, which you can watch in DataHub Tasks.',
    ].join('\n'),
  };
}
