// The Doctor's "DataHub GC" line (src/doctor/logic/gcLine.ts): the worst finding as its verdict and summary, every
// finding under it with its next step, a refusal naming Manage Ingestion, a reading that failed like any other.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gcLine } from '../../../src/doctor/logic/gcLine';
import { GmsError } from '../../../src/gms/errors';
import { Commands } from '../../../src/shared/commandIds';
import { GC_DEFAULT_CONFIG, stagesOf } from '../../../src/gc/logic/recipe';
import type { GcReading } from '../../../src/gc/logic/types';

const reading = (findings: GcReading['findings']): GcReading => ({
  source: {
    urn: 'urn:li:dataHubIngestionSource:datahub-gc',
    name: 'datahub-gc',
    executorId: 'default',
    recipe: {},
    nextRunAt: Date.parse('2026-12-04T01:00:00Z'),
  },
  stages: stagesOf({ ...GC_DEFAULT_CONFIG }),
  runs: [{ urn: 'u', id: 'r', status: 'FAILURE', requestedAt: 0, figures: { hardDeleted: 7 }, limitsReached: [], failures: ['x'] }],
  findings,
  counts: { softDeleted: 3, dataProcessInstances: 1_250_000, source: 'GET /openapi/v1/entities/counts' },
});

describe('Doctor: the DataHub GC line', () => {
  it('the worst finding is the line; every finding is under it with its next step; the Ingestion view as the command', () => {
    const line = gcLine({
      ok: true,
      ms: 5,
      value: reading([
        { id: 'gcFailing', verdict: 'failing', summary: 'The last run of the GC failed', nextStep: 'open the report' },
        { id: 'runRecordsUnbounded', verdict: 'warning', summary: 'run records', nextStep: 'turn dataprocess_cleanup on' },
      ]),
    });
    assert.equal(line.id, 'datahubGc');
    assert.equal(line.title, 'DataHub GC');
    assert.equal(line.verdict, 'failing');
    assert.equal(line.summary, 'The last run of the GC failed (+1 more)');
    assert.equal(line.nextStep, 'open the report');
    assert.equal(line.nextCommand, Commands.listIngestionRuns);
    assert.deepEqual(
      line.findings?.map((f) => [f.verdict, f.nextStep]),
      [
        ['failing', 'open the report'],
        ['warning', 'turn dataprocess_cleanup on'],
      ],
    );
    assert.equal(line.figures.lastStatus, 'FAILURE');
    assert.equal(line.figures.lastHardDeleted, 7);
    assert.equal(line.figures.dataProcessInstances, 1_250_000);
  });

  it('all well: ok, no next step', () => {
    const line = gcLine({ ok: true, ms: 5, value: reading([{ id: 'ok', verdict: 'ok', summary: 'The GC runs as scheduled' }]) });
    assert.equal(line.verdict, 'ok');
    assert.equal(line.nextStep, undefined);
    assert.equal(line.nextCommand, undefined);
  });

  it('a 403 names Manage Ingestion; a timeout is a reading not made', () => {
    const refused = gcLine({ ok: false, ms: 5, error: new GmsError({ kind: 'forbidden', message: 'no' }) });
    assert.equal(refused.verdict, 'unreadable');
    assert.match(refused.summary, /lacks the Manage Ingestion privilege/);
    const late = gcLine({ ok: false, ms: 10_000, error: new GmsError({ kind: 'timeout', message: 'late' }) });
    assert.match(late.summary, /no answer within/);
  });
});
