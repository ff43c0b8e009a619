// Property-based fuzzing of the index sizes and task status parsers (the restore and
// truncate parsers are in restoreResult-fuzz.test.ts).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from '../fc';
import { decodeEnvelope, parseIndexSizes, parseTaskStatus, type IndexSizes } from '../../../src/gms';
import { mutate, RUNS, valueOrInvalid } from './fuzzParsers';

const part = fc.string({ unit: fc.constantFrom(...'abcxyz019._-'), minLength: 1, maxLength: 8 });

// ---- restore results ------------------------------------------------------

// ---- index sizes ----------------------------------------------------------

const anyJson = fc.jsonValue({ maxDepth: 2 });
const entryArb = fc.record(
  {
    indexName: fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.option(part), part, part).map(([p, e, a]) => `${p ? `${p}_` : ''}${e}_${a}aspect_v1`) },
      { weight: 1, arbitrary: anyJson },
    ),
    entityName: fc.oneof(part, fc.constant(null), anyJson),
    aspectName: fc.oneof(part, fc.constant(null), anyJson),
    sizeInMb: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant('NaN'), fc.constant(null), anyJson),
    sizeMb: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -2_147_483_648, max: -1 }), fc.constant(null)),
  },
  { requiredKeys: [] },
);
const indexBodyArb = fc.tuple(fc.array(entryArb, { maxLength: 6 }), fc.constantFrom('object', 'stringArray', 'stringObject')).map(([entries, form]) => {
  const value = form === 'object' ? { indexSizes: entries } : form === 'stringArray' ? JSON.stringify(entries) : JSON.stringify({ indexSizes: entries });
  return JSON.stringify({ value });
});

function checkSizes(r: IndexSizes): void {
  for (const i of r.indices) {
    assert.equal(typeof i.indexName, 'string');
    assert.ok(i.indexName.length > 0);
    assert.ok(i.entityName.length > 0 && i.entityName === i.entityName.toLowerCase());
    assert.equal(typeof i.aspectName, 'string');
    if (i.sizeMb === null) assert.equal(i.sizeSource, 'unknown');
    else assert.ok(Number.isFinite(i.sizeMb) && i.sizeMb >= 0 && i.sizeSource !== 'unknown');
  }
}

describe('index sizes parser (fuzz)', () => {
  it('generated bodies, whole or mutated: normalised sizes or invalidResponse', () => {
    fc.assert(
      fc.property(fc.oneof(indexBodyArb, indexBodyArb.chain(mutate)), (body) => {
        const r = valueOrInvalid(() => parseIndexSizes(decodeEnvelope('getIndexSizes', body)));
        if (r) checkSizes(r);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('well-formed entries keep their names and a size source that follows the rules', () => {
    const good = fc.array(
      fc.record({
        indexName: fc.tuple(part, part).map(([e, a]) => `${e}_${a}aspect_v1`),
        sizeInMb: fc.option(fc.double({ min: 0, max: 1e7, noNaN: true })),
        sizeMb: fc.option(fc.double({ min: -1e7, max: 1e7, noNaN: true })),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(good, (entries) => {
        const { indices } = parseIndexSizes({ indexSizes: entries });
        entries.forEach((e, k) => {
          const got = indices[k];
          assert.equal(got.indexName, e.indexName);
          if (e.sizeInMb !== null) assert.deepEqual([got.sizeMb, got.sizeSource], [e.sizeInMb, 'current']);
          else if (e.sizeMb !== null && e.sizeMb >= 0) assert.ok(got.sizeSource === 'legacy' && Math.abs((got.sizeMb ?? -1) - e.sizeMb / 1000) < 1e-9);
          else assert.deepEqual([got.sizeMb, got.sizeSource], [null, 'unknown']);
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('task status parser (fuzz)', () => {
  it('any value: a task status, taskNotFound, a server error, or invalidResponse', () => {
    const statusArb = fc.record({ completed: fc.oneof(fc.boolean(), anyJson), taskId: fc.oneof(part, anyJson), status: anyJson }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(statusArb.map((s) => JSON.stringify(s)).chain(mutate), anyJson), (value) => {
        const r = valueOrInvalid(() => parseTaskStatus(value, 'n:1'), ['invalidResponse', 'notFound', 'server']);
        if (r) {
          assert.equal(typeof r.completed, 'boolean');
          assert.equal(typeof r.task, 'string');
          assert.equal(typeof r.status, 'object');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
