// The table of connections (src/doctor/logic/allConnections.ts): a connection's verdict is its worst line's,
// unreachable when GMS itself gave no answer, each area's worst line, the message and the Markdown.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { allMarkdown, allMessage, areaOf, diagnosisOf, noTokenDiagnosis } from '../../../src/doctor/logic/allConnections';
import { buildReport, type DoctorLine } from '../../../src/doctor/logic/report';

const line = (id: string, verdict: DoctorLine['verdict'], summary = id, figures: DoctorLine['figures'] = {}): DoctorLine => ({
  id,
  title: id,
  source: 'GET /x',
  verdict,
  summary,
  figures,
});
const who = { name: 'prod', environment: 'production' as const, gmsOrigin: 'https://gms.example:443' };

describe('the Doctor on all connections', () => {
  it('areas by line id', () => {
    assert.deepEqual(
      [
        'gmsReady',
        'searchCluster',
        'transport',
        'consumer:x',
        'consumers:more',
        'messagingLag:mcp:t',
        'registered:g:t',
        'failedMcps',
        'systemInfo',
        'throttle',
      ].map((id) => areaOf({ id })),
      ['gms', 'searchCluster', 'consumers', 'consumers', 'consumers', 'consumers', 'consumers', 'failedWrites', 'version', undefined],
    );
  });

  it('the worst line decides; a line not read is a warning, one not offered is not', () => {
    const report = buildReport('prod', 0, [
      line('gmsReady', 'ok'),
      line('searchCluster', 'failing', 'red: 5 primary shards unassigned'),
      line('throttle', 'unreadable'),
      line('rateLimits', 'notOffered'),
      line('systemInfo', 'ok', 'GMS v1.0.0', { gmsVersion: 'v1.0.0' }),
    ]);
    const d = diagnosisOf(who, report);
    assert.equal(d.verdict, 'failing');
    assert.equal(d.summary, 'searchCluster: red: 5 primary shards unassigned');
    assert.deepEqual(d.areas.searchCluster, { verdict: 'failing', text: 'red: 5 primary shards unassigned' });
    assert.deepEqual(d.areas.version, { verdict: 'ok', text: 'v1.0.0' });
    assert.equal(d.areas.failedWrites.verdict, 'notRead');
    assert.equal(diagnosisOf(who, buildReport('prod', 0, [line('gmsReady', 'ok'), line('throttle', 'unreadable')])).verdict, 'warning');
    assert.equal(diagnosisOf(who, buildReport('prod', 0, [line('gmsReady', 'ok'), line('rateLimits', 'notOffered')])).verdict, 'ok');
  });

  it('unreachable when GMS itself did not answer (not when it refused)', () => {
    const timeout = buildReport('x', 0, [{ ...line('gmsReady', 'unreadable', 'no answer', { errorKind: 'timeout' }), details: ['No answer within 2 s.'] }]);
    assert.equal(diagnosisOf(who, timeout).verdict, 'unreachable');
    assert.match(diagnosisOf(who, timeout).summary, /^GMS did not answer: No answer within 2 s\./);
    assert.deepEqual(diagnosisOf(who, timeout).areas.searchCluster, { verdict: 'notRead', text: 'no answer' });
    const refused = buildReport('x', 0, [line('gmsReady', 'unreadable', 'not read: 401', { errorKind: 'unauthorized' })]);
    assert.equal(diagnosisOf(who, refused).verdict, 'warning');
  });

  it('the message and the table: worst first, every name inert', () => {
    const rows = [
      diagnosisOf(who, buildReport('prod', 0, [line('gmsReady', 'ok')])),
      noTokenDiagnosis({ name: 'dev | <b>x</b>', gmsOrigin: 'http://127.0.0.1:1' }),
    ];
    assert.equal(
      allMessage(rows),
      'DataHub Doctor on 2 connections: 1 no token, 1 ok. Worst: "dev | <b>x</b>" no token (no access token is stored for this connection: nothing was read (DataHub: Set Access Token)).',
    );
    const md = allMarkdown(rows, 0).text;
    assert.match(md, /^# DataHub Doctor: all connections$/m);
    assert.match(md, /^\| prod \| production \| OK \| OK: gmsReady \|/m);
    assert.match(md, /^\| dev \\\| \\<b\\>x\\<\/b\\> \| {2}\| No token \| no token \|/m);
    assert.match(md, /^## DataHub GC$/m);
    assert.match(md, /^- \*\*prod\*\*: not read \(not asked\)$/m);
    assert.match(md, /^- \*\*dev \\\| \\<b\\>x\\<\/b\\>\*\*: not read \(no token\)$/m);
  });

  it("DataHub GC: each connection's worst finding and next step from its line; server text inert; it weighs on the verdict", () => {
    const gc: DoctorLine = {
      ...line('datahubGc', 'warning', 'Each of the last 3 nights the GC stopped at its deletion limit [x](https://evil.example)'),
      title: 'DataHub GC',
      nextStep: 'raise soft_deleted_entities_cleanup.limit_entities_delete',
    };
    const d = diagnosisOf(who, buildReport('prod', 0, [line('gmsReady', 'ok'), gc]));
    assert.equal(d.verdict, 'warning');
    assert.deepEqual(d.gc, { verdict: 'warning', summary: gc.summary, nextStep: gc.nextStep });
    const md = allMarkdown([d], 0).text;
    assert.match(md, /^- \*\*prod\*\*: Warning, Each of the last 3 nights the GC stopped at its deletion limit .* Next step: raise soft_deleted/m);
    assert.doesNotMatch(md, /\]\(https/);
    assert.doesNotMatch(md, /not read yet/);
  });
});
