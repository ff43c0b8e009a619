// What the runs of a listing say, as findings with their next step: the executor not picking requests up
// (#12468), runs stuck RUNNING (#17397), failed runs; the message of datahub.listIngestionRuns.
import { formatDuration } from '../../shared/format';
import type { IngestionRun, SourceRow } from './runs';

export interface IngestionFinding {
  id: 'executorDown' | 'runningTooLong' | 'failed' | 'allGood' | 'noSources';
  verdict: 'ok' | 'warning' | 'problem';
  summary: string;
  nextStep?: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const names = (runs: IngestionRun[]) =>
  [...new Set(runs.map((r) => r.sourceName))].slice(0, 3).join(', ') + (new Set(runs.map((r) => r.sourceName)).size > 3 ? ', …' : '');

export function findingsOf(sources: readonly SourceRow[], runs: readonly IngestionRun[], now: number): IngestionFinding[] {
  if (sources.length === 0) return [{ id: 'noSources', verdict: 'ok', summary: 'No ingestion source on this server.' }];
  const out: IngestionFinding[] = [];
  const never = runs.filter((r) => r.problem === 'neverStarted');
  if (never.length > 0) {
    const oldest = Math.max(...never.map((r) => now - r.requestedAt));
    out.push({
      id: 'executorDown',
      verdict: 'problem',
      summary: `${plural(never.length, 'run')} requested but never started (no result for up to ${formatDuration(oldest)}; ${names(never)}): the ingestion executor (datahub-actions) is not picking requests up, as DataHub's documentation says of an execution without a status.`,
      nextStep:
        'Check the datahub-actions pod or container (running, its logs, its connection to GMS and Kafka); once it is back it takes the waiting requests.',
    });
  }
  const stuck = runs.filter((r) => r.problem === 'runningTooLong');
  if (stuck.length > 0) {
    const longest = Math.max(...stuck.map((r) => now - (r.startTimeMs ?? r.requestedAt)));
    out.push({
      id: 'runningTooLong',
      verdict: 'problem',
      summary: `${plural(stuck.length, 'run')} RUNNING far longer than usual (up to ${formatDuration(longest)}; ${names(stuck)}): DataHub may have left it RUNNING after its work ended.`,
      nextStep: 'Show its report (is it still writing?), then cancel it (DataHub: Cancel Ingestion Run); a cancel the executor ignores leaves it RUNNING.',
    });
  }
  const failed = runs.filter((r) => r.problem === 'failed');
  if (failed.length > 0) {
    out.push({
      id: 'failed',
      verdict: 'warning',
      summary: `${plural(failed.length, 'run')} failed (${names(failed)}).`,
      nextStep: 'Show the report of the failed run: its failures name the cause.',
    });
  }
  if (out.length === 0)
    out.push({ id: 'allGood', verdict: 'ok', summary: `No problem among ${plural(runs.length, 'run')} of ${plural(sources.length, 'source')}.` });
  return out;
}

export function listingMessage(
  connection: string,
  hours: number,
  sources: readonly SourceRow[],
  runs: readonly IngestionRun[],
  findings: readonly IngestionFinding[],
  capped: boolean,
): string {
  const head = `Ingestion on "${connection}": ${plural(sources.length, 'source')}, ${plural(runs.length, 'run')} in the last ${plural(hours, 'hour')}`;
  const problems = findings.filter((f) => f.verdict !== 'ok').map((f) => f.summary);
  const tail = capped ? ' Only the first sources and runs were read (a limit of ours): narrow with `source`.' : '';
  return problems.length > 0 ? `${head}. ${problems.join(' ')}${tail}` : `${head}; ${findings[0]?.summary ?? ''}${tail}`;
}
