// Shared by the truncation suites: the command call and the sandbox's row counts.
import { run, sandbox } from '../../host/inHost';
import type { TruncateCommandResult } from '../../../src/truncate';
import { Commands } from '../../../src/shared/commandIds';

export interface TimeseriesCounts {
  indexName: string;
  total: number;
  atOrBefore: number;
}

/** datahub.truncateTimeseriesAspect through the typed API (no prompts; errors reject). */
export function truncate(arg: Record<string, unknown>): Promise<TruncateCommandResult> {
  return run<TruncateCommandResult>(Commands.truncateTimeseriesAspect, arg);
}

/** Documents of the index truncation addresses for the pair (atOrBefore = total without endTimeMillis). */
export function rows(entityType: string, aspect: string, endTimeMillis?: number): Promise<TimeseriesCounts> {
  const q = new URLSearchParams({ entityType, aspect });
  if (endTimeMillis !== undefined) q.set('endTimeMillis', String(endTimeMillis));
  return sandbox.control<TimeseriesCounts>('GET', `/timeseries?${q}`);
}
