// Two connections side by side (src/doctor/logic/compare.ts and its document, compareMarkdown.ts): rows per
// key, the differences first, the counts' difference, a side not read keeping the other's values, server
// text inert in the document.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { compareMessage, compareSection, type SideReadings } from '../../../src/doctor/logic/compare';
import { compareMarkdown } from '../../../src/doctor/logic/compareMarkdown';
import { GmsError } from '../../../src/gms/errors';
import type { EntityCountsReading } from '../../../src/gms/entityCountTypes';

const counts = (types: Array<[string, number, number]>): EntityCountsReading => ({
  source: 'countsApi',
  computedAt: 0,
  cacheHit: false,
  types: types.map(([entityType, active, softDeleted]) => ({ entityType, active, softDeleted })),
  totals: { active: types.reduce((t, x) => t + x[1], 0), softDeleted: types.reduce((t, x) => t + x[2], 0) },
});
const ok = <T>(value: T) => ({ ok: true as const, value, ms: 1 });

describe('compare connections', () => {
  it('version: the differing rows first, in the order read', () => {
    const left: SideReadings = { version: ok({ ok: true, version: 'v1.0.0', commit: 'abc', serverType: 'quickstart' }) };
    const right: SideReadings = { version: ok({ ok: true, version: 'v0.14.1', commit: 'abc', serverType: 'prod' }) };
    const s = compareSection('version', left, right);
    assert.deepEqual(
      s.rows.map((r) => [r.key, r.differs]),
      [
        ['version', true],
        ['serverType', true],
        ['commit', false],
      ],
    );
    assert.equal(s.unread, undefined);
  });

  it('entity counts: a row per type with the difference (right minus left), a type on one side only differs, the total too', () => {
    const s = compareSection(
      'entityCounts',
      {
        entityCounts: ok(
          counts([
            ['chart', 4000, 12],
            ['dataset', 238000, 2000],
          ]),
        ),
      },
      {
        entityCounts: ok(
          counts([
            ['chart', 4000, 12],
            ['dataset', 238120, 1997],
            ['tag', 5, 0],
          ]),
        ),
      },
    );
    assert.deepEqual(
      s.rows.map((r) => [r.key, r.differs, r.difference]),
      [
        ['dataset', true, '+120 active, −3 soft-deleted'],
        ['(total)', true, '+125 active, −3 soft-deleted'],
        ['tag', true, '+5 active, ±0 soft-deleted'],
        ['chart', false, undefined],
      ],
    );
    assert.equal(s.rows[0].left, '238,000 active, 2,000 soft-deleted');
  });

  it('a side whose reading failed: says why, the other side still shows, nothing "differs"', () => {
    const failed = { ok: false as const, error: new GmsError({ kind: 'timeout', message: 'No answer within 2 s.' }), ms: 2000 };
    const s = compareSection('entityCounts', { entityCounts: ok(counts([['dataset', 1, 0]])) }, { entityCounts: failed });
    assert.deepEqual(s.unread, { right: 'No answer within 2 s.' });
    assert.ok(s.rows.every((r) => r.left !== undefined && r.right === undefined && !r.differs));
    assert.match(
      compareMessage('a', 'b', [s], { right: 'nothing answered' }),
      /no differences in what both sides answered\. "b" not read \(nothing answered\)\./,
    );
  });

  it('settings: every reindex setting Check Upgrade Readiness reads, "not set" where GMS has none', () => {
    const s = compareSection(
      'settings',
      { settings: ok({ 'elasticsearch.buildIndices.incrementalReindexEnabled': true }) },
      { settings: ok({ 'elasticsearch.buildIndices.incrementalReindexEnabled': 'false' }) },
    );
    assert.equal(s.rows.length, 8);
    assert.deepEqual(s.rows[0], { key: 'elasticsearch.buildIndices.incrementalReindexEnabled', left: 'true', right: 'false', differs: true });
    assert.equal(s.rows[1].left, 'not set');
  });

  it('the document: a table per section; server text cannot link, run HTML or break the table', () => {
    const hostile = 'v1 | <img src=x onerror=alert(1)> [x](command:datahub.truncateIndex) https://evil.example';
    const s = compareSection('version', { version: ok({ ok: true, version: hostile }) }, { version: ok({ ok: true, version: 'v1.0.0' }) });
    const md = compareMarkdown({ name: 'staging', gmsOrigin: 'http://127.0.0.1:1' }, { name: 'prod', gmsOrigin: 'http://127.0.0.1:2' }, [s], 0).text;
    assert.match(md, /^# Compare connections: staging and prod$/m);
    assert.match(md, /^## GMS's version/m);
    const row = md.split('\n').find((l) => l.includes('onerror'))!;
    assert.equal(row.split(/(?<!\\)\|/).length, 6, 'one row of four cells');
    assert.ok(!/(?<!\\)<img/.test(row) && !/(?<!\\)\[x\]/.test(row));
    assert.match(row, /`https:\/\/e/, 'the address in a code span');
  });
});
