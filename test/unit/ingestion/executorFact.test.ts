// The Doctor's line for the ingestion executor (src/ingestion/logic/executorFact.ts), from the view's last reading:
// failing when requests were never picked up, a warning for runs stuck RUNNING, ok otherwise; its next step is the
// listing (one of the commands a Doctor line may name).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { executorFact } from '../../../src/ingestion/logic/executorFact';
import type { IngestionListing } from '../../../src/ingestion/logic/read';
import type { IngestionRun } from '../../../src/ingestion/logic/runs';
import { NEXT_COMMANDS } from '../../../src/shared/statusFact';
import { Commands } from '../../../src/shared/commandIds';

const H = 3_600_000;
const at = 1_800_000_000_000;
const run = (id: string, problem?: IngestionRun['problem'], ago = H): IngestionRun => ({
  urn: `urn:li:dataHubExecutionRequest:${id}`,
  id,
  sourceUrn: 'urn:li:dataHubIngestionSource:s',
  sourceName: 'S',
  status: problem === 'neverStarted' ? null : 'RUNNING',
  requestedAt: at - ago,
  ...(problem ? { problem } : {}),
});
const listing = (runs: IngestionRun[]): IngestionListing => ({ message: '', sources: [], runs, findings: [] });

describe('ingestion executor fact', () => {
  it('failing when a request was never picked up, naming how long', () => {
    const f = executorFact('prod', listing([run('a', 'neverStarted', 2 * H), run('b')]), at);
    assert.equal(f.verdict, 'failing');
    assert.match(f.summary, /1 request\(s\) never picked up, the oldest 2 h 00 min before the reading: the executor \(datahub-actions\) looks down/);
    assert.equal(f.nextCommand, Commands.listIngestionRuns);
    assert.ok((NEXT_COMMANDS as readonly string[]).includes(Commands.listIngestionRuns));
  });

  it('a warning for a run stuck RUNNING; ok when every request was picked up', () => {
    assert.equal(executorFact('prod', listing([run('s', 'runningTooLong', 30 * H)]), at).verdict, 'warning');
    const ok = executorFact('prod', listing([run('b')]), at);
    assert.deepEqual([ok.verdict, ok.connection, ok.nextCommand], ['ok', 'prod', undefined]);
  });
});
