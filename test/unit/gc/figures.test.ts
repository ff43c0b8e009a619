// A GC run's figures (src/gc/logic/figures.ts) from structured reports shaped as DataHub's GC writes them
// (SoftDeletedEntitiesReport, DataProcessCleanupReport, DatahubExecutionRequestCleanupReport in one), failures in
// both forms, hostile titles, reports that are not JSON or too long.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { figuresOf, MAX_FAILURE_TITLES, MAX_GC_REPORT_CHARS } from '../../../src/gc/logic/figures';

const report = (source: Record<string, unknown>, sink: Record<string, unknown> = { failures: [], warnings: [] }) =>
  JSON.stringify({ cli: { cli_version: '1.2.0' }, source: { type: 'datahub-gc', report: source }, sink: { type: 'datahub-rest', report: sink } });

describe('GC figures', () => {
  it('a night stopped by the deletion limit: flat figures by name and type, the limit reached, no failure', () => {
    const out = figuresOf(
      report({
        events_produced: 0,
        num_hard_deleted: 25001,
        num_hard_deleted_by_type: { dataset: 20000, dataProcessInstance: 5001 },
        sample_hard_deleted_aspects_by_type: { dataset: ['urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)'] },
        num_soft_deleted_entity_found: 26000,
        num_soft_deleted_retained_due_to_age: 999,
        num_soft_deleted_retained_due_to_age_by_type: { chart: 999 },
        num_aspects_removed: 12,
        num_aspect_removed_by_type: { dataprocessInstance: 12 },
        deletion_limit_reached: true,
        runtime_limit_reached: false,
        ergc_records_read: 1800,
        ergc_records_deleted: 40,
        ergc_start_time: '2026-12-01T01:00:00',
        expired_tokens_revoked: 2,
        failures: [],
        warnings: [{ title: 'slow', message: 'm', context: [] }],
      }),
    );
    assert.equal(out.unread, undefined);
    assert.equal(out.figures.hardDeleted, 25001);
    assert.equal(out.figures['hardDeleted.dataset'], 20000);
    assert.equal(out.figures['hardDeleted.dataProcessInstance'], 5001);
    assert.equal(out.figures.keptForAge, 999);
    assert.equal(out.figures['keptForAge.chart'], 999);
    assert.equal(out.figures.runRecordsRemoved, 12);
    assert.equal(out.figures.requestsTrimmed, 40);
    assert.equal(out.figures.tokensRevoked, 2);
    assert.equal(out.figures['report.events_produced'], 0);
    assert.equal(out.figures.failures, 0);
    assert.equal(out.figures.warnings, 1);
    assert.deepEqual(out.limitsReached, ['softDeletedCleanup.limit_entities_delete']);
    assert.deepEqual(out.failures, []);
  });

  it('failures by title in the list form and the older map form, distinct and capped; hardDeleted is there even when the report has none', () => {
    const list = figuresOf(
      report({
        failures: [
          { title: 'While trying to truncate indices ', message: 'x', context: ['a'] },
          { title: 'While trying to truncate indices ', message: 'y', context: [] },
          { title: 'Failed to delete entity', message: 'z', context: [] },
        ],
        ergc_runtime_limit_reached: true,
      }),
    );
    assert.deepEqual(list.failures, ['While trying to truncate indices', 'Failed to delete entity']);
    assert.equal(list.figures.failures, 3);
    assert.equal(list.figures.hardDeleted, 0);
    assert.deepEqual(list.limitsReached, ['executionRequestCleanup.runtime_limit_seconds']);
    const map = figuresOf(report({ failures: { 'Too many read errors, aborting': ['1'], other: 'x' } }));
    assert.deepEqual(map.failures, ['Too many read errors, aborting', 'other']);
    assert.equal(map.figures.failures, 2);
    const many = figuresOf(report({ failures: Array.from({ length: 50 }, (_, i) => ({ title: `t${i}`, message: '' })) }));
    assert.equal(many.failures.length, MAX_FAILURE_TITLES);
    assert.equal(many.figures.failures, 50);
  });

  it('a hostile title stays one capped line of text: no control or bidi character, no link syntax', () => {
    const out = figuresOf(report({ failures: [{ title: `[click](https://evil.example)\u202e\n${'x'.repeat(500)}`, message: '' }] }));
    const [title] = out.failures;
    assert.ok(title.length <= 200);
    assert.doesNotMatch(title, /\]\(|\u202e|\n/);
  });

  it('a report that is not JSON, nested too deep or too long is not read, and says why', () => {
    assert.match(figuresOf('{"source": ').unread ?? '', /not JSON/);
    assert.match(figuresOf('['.repeat(100) + ']'.repeat(100)).unread ?? '', /nesting deeper/);
    assert.match(figuresOf(' '.repeat(MAX_GC_REPORT_CHARS + 1)).unread ?? '', /over 16,000,000 characters/);
    assert.deepEqual(figuresOf(report({ num_hard_deleted: 3 }) + 'x').figures, {});
  });

  it('escaped strings and numbers in every JSON form are read as JSON.parse reads them', () => {
    const out = figuresOf(report({ num_hard_deleted: 1.5e3, num_hard_deleted_by_type: { 'a"b': -7 }, failures: [{ title: 'caf\u00e9 "x"\ttab' }] }));
    assert.equal(out.figures.hardDeleted, 1500);
    assert.equal(out.figures['hardDeleted.a"b'], -7);
    assert.deepEqual(out.failures, ['café "x"\ttab']);
  });
});
