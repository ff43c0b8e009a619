// The ingestion executor as a fact for the DataHub Doctor, from what the Ingestion view last read (nothing is read
// here): requests it never picked up (no result 10 minutes on: DataHub's docs say the executor, datahub-actions,
// is down, #12468), runs RUNNING far longer than usual (#17397), or every request picked up.
import type { ConnectionFact } from '../../shared/statusFact';
import { Commands } from '../../shared/commandIds';
import { formatDateTime, formatDuration } from '../../shared/format';
import type { IngestionListing } from './read';

export function executorFact(connection: string, listing: IngestionListing, readAt: number): ConnectionFact {
  const never = listing.runs.filter((r) => r.problem === 'neverStarted');
  const stuck = listing.runs.filter((r) => r.problem === 'runningTooLong');
  const when = ` (read ${formatDateTime(readAt)})`;
  const base = { id: 'ingestionExecutor', connection, title: 'Ingestion executor', source: 'the Ingestion view (listIngestionRuns)' };
  const figures = { runs: listing.runs.length, neverStarted: never.length, runningTooLong: stuck.length };
  if (never.length > 0) {
    const oldest = Math.max(...never.map((r) => readAt - r.requestedAt));
    return {
      ...base,
      verdict: 'failing',
      summary: `${never.length} request(s) never picked up, the oldest ${formatDuration(oldest)} before the reading: the executor (datahub-actions) looks down${when}`,
      figures,
      nextStep: 'check the datahub-actions pod or container, then list the runs again',
      nextCommand: Commands.listIngestionRuns,
    };
  }
  if (stuck.length > 0) {
    return {
      ...base,
      verdict: 'warning',
      summary: `${stuck.length} run(s) RUNNING far longer than usual${when}`,
      figures,
      nextStep: "show the run's report, then cancel it from the Ingestion view",
      nextCommand: Commands.listIngestionRuns,
    };
  }
  return { ...base, verdict: 'ok', summary: `every ingestion request was picked up${when}`, figures };
}
