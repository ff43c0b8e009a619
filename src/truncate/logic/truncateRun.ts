// The real (not dry) truncate request, and what to do when the server cannot
// reindex. Real servers create timeseries indices as plain indices; an in-place
// reindex needs an alias and fails with a 400 before anything is deleted
// (ESIndexBuilder.java, ElasticSearchTimeseriesAspectService.java in
// datahub-project/datahub). The server picks reindex on its own when more than
// half the rows go, so with the method left to the server the request is sent
// once more as delete by query, as DataHub's own GC source (datahub_gc.py) does.
// Pure: no vscode import.
import { isGmsError } from '../../gms/errors';
import type { TruncateRequest, TruncateResult } from '../../gms/types';

export interface TruncateRunOutcome {
  result: TruncateResult;
  /** Set when the server refused to reindex and the rows are deleted by query instead. */
  fallback?: 'deleteByQuery';
}

/**
 * Sends the real run; with method 'auto' a refused reindex is retried once with
 * forceDeleteByQuery. `onFallback` is called before that second request.
 * With method 'reindex' the refusal is thrown (its message names delete by query).
 */
export async function runTruncateWithFallback(
  send: (request: TruncateRequest) => Promise<TruncateResult>,
  request: TruncateRequest,
  onFallback?: (reason: string) => void,
): Promise<TruncateRunOutcome> {
  const real: TruncateRequest = { ...request, dryRun: false };
  try {
    return { result: await send(real) };
  } catch (error) {
    const auto = (real.method ?? 'auto') === 'auto';
    if (!auto || !isGmsError(error) || error.code !== 'reindexRefused') throw error;
    onFallback?.(error.serverMessage ?? error.message);
    return { result: await send({ ...real, method: 'deleteByQuery' }), fallback: 'deleteByQuery' };
  }
}

/** Told to the user when the fallback starts. */
export function fallbackMessage(name: string): string {
  return `The server could not reindex ${name} (it is a plain index, not an alias), so its old rows are deleted by query instead (forceDeleteByQuery). Nothing had been deleted by the refused reindex.`;
}
