// The Doctor's failed readings: notOffered (no such endpoint) and unreadable (401, 403 naming the
// privilege, timeout, network, 5xx), short and specific; counts per verdict; capped server text.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { buildReport, cap, capDetails, DETAILS_MAX, failedReadingLine, SUMMARY_MAX, type DoctorLine } from '../../../src/doctor/logic/report';
import { GmsError } from '../../../src/gms/errors';

const base = { id: 'throttle', title: 'Throttling', source: 'GET /openapi/operations/throttle/requests', privilege: 'Manage System Operations' };

describe('failed readings', () => {
  it('an endpoint the server does not have is notOffered, with no error shown', () => {
    const error = new GmsError({ kind: 'notFound', code: 'openapiMissing', message: 'GMS has no /openapi/operations/throttle/requests (404)', status: 404 });
    const line = failedReadingLine({ ...base, offeredSince: 'v1.1' }, error, 12);
    assert.equal(line.verdict, 'notOffered');
    assert.equal(line.summary, 'not offered by this server (DataHub before v1.1, or its OpenAPI servlet is off)');
    assert.equal(line.details, undefined);
    assert.equal(line.nextStep, undefined);
  });

  it('a plain 404 (no openapiMissing code) is not "not offered"', () => {
    const line = failedReadingLine(base, new GmsError({ kind: 'notFound', message: 'consumer group x not found', status: 404 }), 5);
    assert.equal(line.verdict, 'unreadable');
  });

  it('403 names the privilege and what to do; 401 points to the token command', () => {
    const forbidden = failedReadingLine(base, new GmsError({ kind: 'forbidden', message: 'Forbidden: needs MANAGE_SYSTEM_OPERATIONS', status: 403 }), 30);
    assert.equal(forbidden.verdict, 'unreadable');
    assert.match(forbidden.summary, /lacks the Manage System Operations privilege \(403\)/);
    assert.match(forbidden.nextStep ?? '', /grant .*Manage System Operations/);
    assert.equal(forbidden.figures.httpStatus, 403);
    const open = failedReadingLine(
      { id: 'maintenance', title: 'Maintenance window', source: 'GET /openapi/operations/maintenance/status' },
      new GmsError({ kind: 'forbidden', message: 'Forbidden', status: 403 }),
      30,
    );
    assert.equal(open.summary, 'not read: refused (403)', 'an endpoint any login reads names no privilege');
    assert.doesNotMatch(open.nextStep ?? '', /Manage System Operations/);
    const unauthorized = failedReadingLine(base, new GmsError({ kind: 'unauthorized', message: 'token refused', status: 401 }), 30);
    assert.equal(unauthorized.verdict, 'unreadable');
    assert.equal(unauthorized.nextCommand, 'datahub.setAccessToken');
  });

  it('timeout, network and 5xx say what happened and ask whether GMS is up', () => {
    const timeout = failedReadingLine(base, new GmsError({ kind: 'timeout', message: 'no answer in 10 s' }), 10_000);
    assert.equal(timeout.summary, 'not read: no answer within 10 s');
    assert.match(timeout.nextStep ?? '', /retry; is GMS up/);
    const network = failedReadingLine(base, new GmsError({ kind: 'network', message: 'ECONNREFUSED 127.0.0.1:8080' }), 3);
    assert.equal(network.summary, 'not read: GMS could not be reached');
    assert.equal(network.nextCommand, 'datahub.testConnection');
    assert.deepEqual(network.details, ['ECONNREFUSED 127.0.0.1:8080']);
    const server = failedReadingLine(base, new GmsError({ kind: 'server', message: 'GMS answered 502', status: 502 }), 40);
    assert.equal(server.summary, 'not read: GMS failed (502)');
    assert.equal(server.verdict, 'unreadable');
  });

  it('an error that is not a GmsError is unreadable with its text capped, no link possible', () => {
    const line = failedReadingLine(base, new Error(`[click](command:x) ${'y'.repeat(1000)}`), 1);
    assert.equal(line.verdict, 'unreadable');
    assert.ok(line.summary.length <= 140);
    assert.ok(!line.summary.includes(']('));
  });
});

describe('report', () => {
  it('counts lines per verdict', () => {
    const line = (verdict: DoctorLine['verdict']): DoctorLine => ({ id: verdict, title: verdict, verdict, summary: '', figures: {}, source: 'GET /health' });
    const r = buildReport('prod', 1_764_000_000_000, [line('ok'), line('ok'), line('failing'), line('notOffered')]);
    assert.deepEqual(r.counts, { ok: 2, warning: 0, failing: 1, notOffered: 1, unreadable: 0 });
    assert.equal(r.lines.length, 4);
  });

  it('GMS unreachable is said in full once; later lines so read are quiet', () => {
    const down = new GmsError({ kind: 'network', message: 'ECONNREFUSED 127.0.0.1:8080' });
    const forbidden = new GmsError({ kind: 'forbidden', message: 'needs MANAGE_SYSTEM_OPERATIONS', status: 403 });
    const r = buildReport('prod', 0, [
      failedReadingLine({ ...base, id: 'gmsReady' }, down, 3),
      failedReadingLine(base, down, 3),
      failedReadingLine({ ...base, id: 'maintenance' }, forbidden, 3),
    ]);
    assert.equal(r.lines[0].summary, 'not read: GMS could not be reached');
    assert.equal(r.lines[0].nextCommand, 'datahub.testConnection');
    assert.equal(r.lines[1].summary, 'not read (as above)');
    assert.equal(r.lines[1].verdict, 'unreadable');
    assert.equal(r.lines[1].nextStep, undefined);
    assert.equal(r.lines[1].nextCommand, undefined);
    assert.match(r.lines[2].summary, /403/);
    assert.equal(r.counts.unreadable, 3);
  });

  it('caps summaries, details and their number', () => {
    assert.equal(cap('a\nb'), 'a b');
    assert.equal(cap('x'.repeat(500)).length, SUMMARY_MAX);
    const many = capDetails(Array.from({ length: DETAILS_MAX + 3 }, (_, i) => `d${i}`));
    assert.equal(many.length, DETAILS_MAX + 1);
    assert.equal(many.at(-1), '… and 3 more');
  });
});
