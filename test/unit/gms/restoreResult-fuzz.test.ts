// Property-based tests of the response parsers: generated server answers parse
// to what was generated, and mutated answers give either a valid normalised
// value or GmsError 'invalidResponse' — never another exception.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from '../fc';
import { parseRestoreResult, parseTruncateResult, type RestoreResult, type TruncateResult } from '../../../src/gms';
import { mutate, RUNS, valueOrInvalid } from './fuzzParsers';

// ---- restore results ------------------------------------------------------

const part = fc.string({ unit: fc.constantFrom(...'abcxyz019._-'), minLength: 1, maxLength: 8 });
const urn = fc.oneof(
  part.map((k) => `urn:li:corpuser:${k}`),
  fc.tuple(part, part).map(([p, t]) => `urn:li:dataset:(urn:li:dataPlatform:${p},${t},PROD)`),
  fc.tuple(part, part, part).map(([a, b, c]) => `urn:li:dataJob:(urn:li:dataFlow:(${a},${b},prod),${c})`),
);
// LIKE patterns are often cut inside a tuple, leaving "(" open.
const urnLike = fc.oneof(
  urn.map((u) => `${u.slice(0, -1)}%`),
  urn.map((u) => u.replace(/[^,(]*$/, '%')),
  fc.constant('urn:li:dataset:%'),
);
const argValue = fc.oneof(
  fc.nat({ max: 100000 }).map(String),
  fc.constant('null'),
  fc.constant(''),
  urn,
  urnLike,
  fc.constant('[]'),
  fc.constant('[status, ownership]'),
);
const ident = fc.tuple(fc.constantFrom(...'abcdefghk'), fc.string({ unit: fc.constantFrom(...'abcXYZ09_'), maxLength: 10 })).map(([a, b]) => a + b);
const fieldsArb = (values: fc.Arbitrary<string>) =>
  fc.uniqueArray(fc.tuple(ident, values), { maxLength: 8, selector: ([k]) => k }).map((pairs) => Object.fromEntries(pairs) as Record<string, string>);

interface GenBatch {
  rowsMigrated: number;
  ignored: number;
  lastUrn?: string;
  extra: Record<string, string>;
}
const batchArb: fc.Arbitrary<GenBatch> = fc.record(
  {
    rowsMigrated: fc.nat({ max: 100000 }),
    ignored: fc.nat({ max: 1000 }),
    lastUrn: urn,
    extra: fieldsArb(fc.oneof(fc.nat().map(String), urn, fc.constant('null'))),
  },
  { requiredKeys: ['rowsMigrated', 'ignored', 'extra'] },
);

interface GenRestore {
  raw: string;
  args: Record<string, string>;
  batches: GenBatch[];
}
const restoreArb: fc.Arbitrary<GenRestore> = fc
  .tuple(fieldsArb(argValue), fc.array(batchArb, { maxLength: 4 }), fc.boolean(), fc.boolean())
  .map(([args, batches, curly, resultFirst]) => {
    const print = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');
    const [open, close] = curly ? ['{', '}'] : ['(', ')'];
    const lines = batches.map((b) => {
      const fields: Record<string, string> = { ignored: String(b.ignored), rowsMigrated: String(b.rowsMigrated), ...b.extra };
      if (b.lastUrn !== undefined) fields.lastUrn = b.lastUrn;
      return `RestoreIndicesResult${open}${print(fields)}${close}`;
    });
    const entries = [`args=RestoreIndicesArgs(${print(args)})`, `result=${lines.join('\n')}`];
    if (resultFirst) entries.reverse();
    return { raw: `{${entries.join(', ')}}`, args, batches };
  });

function checkRestore(r: RestoreResult, input: string): void {
  assert.equal(r.raw, input);
  assert.equal(
    r.rowsMigrated,
    r.batches.reduce((s, b) => s + b.rowsMigrated, 0),
  );
  assert.equal(
    r.ignored,
    r.batches.reduce((s, b) => s + b.ignored, 0),
  );
  for (const b of r.batches) {
    assert.ok(Number.isSafeInteger(b.rowsMigrated) && b.rowsMigrated >= 0);
    assert.ok(Object.values(b.timings).every(Number.isFinite));
  }
}

describe('restore result parser (fuzz)', () => {
  it('parses every generated answer back to its args and batches', () => {
    fc.assert(
      fc.property(restoreArb, (g) => {
        const r = parseRestoreResult(g.raw);
        checkRestore(r, g.raw);
        assert.deepEqual(r.args, g.args);
        assert.equal(r.batches.length, g.batches.length);
        g.batches.forEach((b, i) => {
          assert.equal(r.batches[i].rowsMigrated, b.rowsMigrated);
          assert.equal(r.batches[i].ignored, b.ignored);
          assert.equal(r.batches[i].lastUrn, b.lastUrn);
          for (const [k, v] of Object.entries(b.extra)) if (k !== 'lastUrn') assert.equal(r.batches[i].fields[k], v);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('mutated answers: a consistent result or invalidResponse', () => {
    fc.assert(
      fc.property(
        restoreArb.chain((g) => mutate(g.raw)),
        (text) => {
          const r = valueOrInvalid(() => parseRestoreResult(text));
          if (r) checkRestore(r, text);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('any string or JSON value: a consistent result or invalidResponse', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue()), (value) => {
        const r = valueOrInvalid(() => parseRestoreResult(value));
        if (r) checkRestore(r, value as string);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- truncate dry runs ----------------------------------------------------

const dryRunArb = fc
  .tuple(
    fc.nat({ max: 10_000_000 }),
    fc.nat({ max: 10_000_000 }),
    fc.constantFrom('percent', 'nan', 'fraction', 'comma'),
    fc.constantFrom('reindex', 'deleteByQuery', 'unknown'),
  )
  .map(([a, b, format, method]) => {
    const total = Math.max(a, b);
    const toDelete = Math.min(a, b);
    const ratio = total === 0 ? Number.NaN : toDelete / total;
    let shown: string;
    let percent: number | null;
    // The share comes from the counts whatever the bracket says (old servers printed the fraction before the %).
    if (total === 0) [shown, percent] = ['NaN%', null];
    else if (format === 'nan') [shown, percent] = ['NaN%', Number((ratio * 100).toFixed(2))];
    else if (format === 'fraction') [shown, percent] = [`${ratio.toFixed(2)}%`, Number((ratio * 100).toFixed(2))];
    else {
      shown = `${(ratio * 100).toFixed(2)}%`;
      percent = Number((ratio * 100).toFixed(2));
      if (format === 'comma') shown = shown.replace('.', ',');
    }
    const middle = { reindex: 'Reindexing the aspect without the deleted records. ', deleteByQuery: 'Issuing a delete by query request. ', unknown: '' }[
      method
    ];
    const text = `Delete ${toDelete} out of ${total} rows (${shown}). ${middle}This was a dry run. Run with dryRun = false to execute.`;
    return { text, toDelete, total, percent, method };
  });

function checkTruncate(r: TruncateResult): void {
  if (r.kind === 'task') {
    assert.match(r.task, /^[A-Za-z0-9_-]+:\d+$/);
    return;
  }
  if (r.kind === 'completed') {
    assert.match(r.summary, /^Reindex \S+ \S+ index/);
    return;
  }
  assert.ok(Number.isSafeInteger(r.toDelete) && r.toDelete >= 0);
  assert.ok(Number.isSafeInteger(r.total) && r.total >= 0);
  assert.ok(r.percent === null || Number.isFinite(r.percent));
  assert.ok(['reindex', 'deleteByQuery', 'unknown'].includes(r.method));
}

describe('truncate dry-run parser (fuzz)', () => {
  it('parses every generated summary', () => {
    fc.assert(
      fc.property(dryRunArb, (g) => {
        const r = parseTruncateResult(g.text);
        assert.equal(r.kind, 'dryRun');
        if (r.kind !== 'dryRun') return;
        assert.deepEqual([r.toDelete, r.total, r.method, r.summary], [g.toDelete, g.total, g.method, g.text]);
        if (g.percent === null) assert.equal(r.percent, null);
        else assert.ok(r.percent !== null && Math.abs(r.percent - g.percent) < 0.011, `${r.percent} vs ${g.percent}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('mutated summaries and task ids: a valid result or invalidResponse', () => {
    const task = fc.tuple(part, fc.nat()).map(([n, t]) => `${n}:${t}`);
    fc.assert(
      fc.property(
        fc
          .oneof(
            dryRunArb.map((g) => g.text),
            task,
          )
          .chain(mutate),
        (text) => {
          const r = valueOrInvalid(() => parseTruncateResult(text));
          if (r) checkTruncate(r);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
