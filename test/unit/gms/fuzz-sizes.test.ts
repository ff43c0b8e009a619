// Property-based fuzzing of the index sizes and task status parsers (the restore and
// truncate parsers are in fuzz.test.ts).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeEnvelope, isGmsError, parseIndexSizes, parseTaskStatus, type IndexSizes } from '../../../src/gms';

const RUNS = 300;
const part = fc.string({ unit: fc.constantFrom(...'abcxyz019._-'), minLength: 1, maxLength: 8 });

/** Runs fn; a throw must be a GmsError of an allowed kind. Returns the value or undefined. */
function valueOrInvalid<T>(fn: () => T, allowed: string[] = ['invalidResponse']): T | undefined {
  try {
    return fn();
  } catch (e) {
    assert.ok(isGmsError(e), `threw a non-GmsError: ${String(e)}`);
    assert.ok(allowed.includes(e.kind), `threw kind ${e.kind}: ${e.message}`);
    assert.doesNotMatch(e.message, /\n/);
    return undefined;
  }
}

/** Character-level damage: delete a range, insert structural characters, duplicate a slice. */
function mutate(text: string): fc.Arbitrary<string> {
  const pos = fc.integer({ min: 0, max: text.length });
  const junk = fc.string({ unit: fc.constantFrom(...'{}()[],=: \n"\\%aZ0-.'), minLength: 1, maxLength: 6 });
  return fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant('delete' as const), pos, fc.integer({ min: 1, max: 20 }), fc.constant('')),
        fc.tuple(fc.constant('insert' as const), pos, fc.constant(0), junk),
        fc.tuple(fc.constant('dup' as const), pos, fc.integer({ min: 1, max: 30 }), fc.constant('')),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((ops) => {
      let s = text;
      for (const [op, at, n, ins] of ops) {
        const i = Math.min(at, s.length);
        if (op === 'delete') s = s.slice(0, i) + s.slice(i + n);
        else if (op === 'insert') s = s.slice(0, i) + ins + s.slice(i);
        else s = s.slice(0, i) + s.slice(i, i + n) + s.slice(i);
      }
      return s;
    });
}

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
