// Where a stopped RestoreIndices job resumes, from the last batch its log shows
// (SendMAEStep.java): with urnBasedPagination the start key of that batch
// (lastUrn/lastAspect, "Getting next batch of urns + aspects, starting with %s - %s"),
// otherwise the row offset after the whole batches this run reported, counted on from
// its own startingOffset (with numThreads > 1 batches finish out of order: the offset
// steps back one batch per extra thread, so none is skipped).
import { jobArgValues, type JobLogSummary } from './jobLog';

export interface ResumePoint {
  /** The job's arguments with the resume point set (everything else as the stopped job had it). */
  argv: string[];
  /** In words, for the confirmation and the result. */
  from: string;
  resume: { startingOffset: number } | { lastUrn: string; lastAspect?: string };
}

function withArgs(argv: readonly string[], drop: readonly string[], add: Array<[string, string]>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '-a' && i + 1 < argv.length) {
      const name = argv[i + 1].split('=', 1)[0];
      if (drop.includes(name)) {
        i++;
        continue;
      }
      out.push(argv[i], argv[i + 1]);
      i++;
      continue;
    }
    out.push(argv[i]);
  }
  for (const [name, value] of add) out.push('-a', `${name}=${value}`);
  return out;
}

/** The resume point, or why there is none. */
export function resumePoint(argv: readonly string[], log: JobLogSummary): ResumePoint | { problem: string } {
  const a = jobArgValues(argv);
  if (!argv.includes('RestoreIndices')) return { problem: 'only a RestoreIndices job can be resumed from its log.' };
  if (a.has('clean'))
    return {
      problem: 'the job ran with clean (wipe the indices first): resuming it would wipe them again. Run it again without clean from its last batch by hand.',
    };
  if (a.has('gePitEpochMs') !== a.has('lePitEpochMs')) {
    return {
      problem: 'the job has only one time bound: DataHub then restores 0 rows (issue 18849); start a new restore with both gePitEpochMs and lePitEpochMs.',
    };
  }
  if (a.get('urnBasedPagination') === 'true') {
    if (!log.lastKey) return { problem: 'its log shows no batch key yet ("Getting next batch of urns + aspects…"): start it again from the beginning.' };
    const add: Array<[string, string]> = [['lastUrn', log.lastKey.lastUrn]];
    if (log.lastKey.lastAspect) add.push(['lastAspect', log.lastKey.lastAspect]);
    return {
      argv: withArgs(argv, ['lastUrn', 'lastAspect', 'startingOffset'], add),
      from: `after ${log.lastKey.lastUrn}${log.lastKey.lastAspect ? ` / ${log.lastKey.lastAspect}` : ''} (the start of the last batch its log shows)`,
      resume: { lastUrn: log.lastKey.lastUrn, ...(log.lastKey.lastAspect ? { lastAspect: log.lastKey.lastAspect } : {}) },
    };
  }
  const batchSize = log.batchSize ?? (Number(a.get('batchSize')) || 1000);
  const threads = Math.max(1, Number(a.get('numThreads')) || 1);
  const offset = Number(a.get('startingOffset')) || 0;
  if (log.sent === undefined) return { problem: 'its log shows no finished batch yet: start it again from the beginning.' };
  const batches = Math.max(0, Math.floor(((log.sent ?? 0) + (log.ignored ?? 0)) / batchSize) - (threads - 1));
  const startingOffset = offset + batches * batchSize;
  return {
    argv: withArgs(argv, ['startingOffset', 'lastUrn', 'lastAspect'], [['startingOffset', String(startingOffset)]]),
    from: `row offset ${startingOffset} (${batches} whole batches of ${batchSize} after offset ${offset})`,
    resume: { startingOffset },
  };
}
