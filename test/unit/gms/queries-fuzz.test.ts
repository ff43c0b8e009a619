// Property-based tests of the GraphQL answer readers: generated answers read back
// to what was generated; damaged answers give a value or a one-line GmsError,
// never another exception, and never a result for the wrong URN.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from '../fc';
import { isGmsError, parseCheckData, parseFindData, readGraphQLAnswer } from '../../../src/gms';

const RUNS = 300;
const ORIGIN = 'http://gms:8080';

const part = fc.string({ unit: fc.constantFrom(...'abcxyz019._-'), minLength: 1, maxLength: 8 });
const urn = fc.oneof(
  part.map((k) => `urn:li:corpuser:${k}`),
  fc.tuple(part, part).map(([p, t]) => `urn:li:dataset:(urn:li:dataPlatform:${p},${t},PROD)`),
);

function readOrFail<T>(text: string, parse: (data: unknown) => ReturnType<typeof parseCheckData> | ReturnType<typeof parseFindData>): T | undefined {
  try {
    return readGraphQLAnswer(text, ORIGIN, parse as (d: unknown) => { ok: true; value: T } | { ok: false; reason: string });
  } catch (e) {
    assert.ok(isGmsError(e), `threw a non-GmsError: ${String(e)}`);
    assert.ok(['invalidResponse', 'forbidden', 'server'].includes(e.kind), `kind ${e.kind}`);
    assert.doesNotMatch(e.message, /\n/);
    return undefined;
  }
}

const checkAnswer = fc.record({
  urn,
  exists: fc.boolean(),
  hit: fc.boolean(),
  removed: fc.option(fc.boolean(), { nil: undefined }),
});

function mutate(text: string): fc.Arbitrary<string> {
  const pos = fc.integer({ min: 0, max: text.length });
  const junk = fc.string({ unit: fc.constantFrom(...'{}[],:"\\ntrufalse0'), minLength: 1, maxLength: 6 });
  return fc
    .array(fc.tuple(fc.boolean(), pos, fc.integer({ min: 1, max: 12 }), junk), { minLength: 1, maxLength: 3 })
    .map((ops) => ops.reduce((s, [del, at, n, ins]) => (del ? s.slice(0, at) + s.slice(at + n) : s.slice(0, at) + ins + s.slice(at)), text));
}

describe('GraphQL check answers', () => {
  it('read back what the server said', () => {
    fc.assert(
      fc.property(checkAnswer, ({ urn: u, exists, hit, removed }) => {
        const text = JSON.stringify({
          data: {
            entityExists: exists,
            searchAcrossEntities: { total: hit ? 1 : 0, searchResults: hit ? [{ entity: { urn: u } }] : [] },
            entity: { urn: u, type: 'DATASET', ...(removed === undefined ? {} : { status: { removed } }) },
          },
          extensions: {},
        });
        const value = readOrFail(text, (d) => parseCheckData(u, d));
        assert.deepEqual(value, { urn: u, inDatabase: exists, inSearch: hit, removed: removed === true });
      }),
      { numRuns: RUNS },
    );
  });

  it('damaged answers never throw anything but a GmsError, and a hit for another URN is no hit', () => {
    fc.assert(
      fc.property(
        checkAnswer.chain((a) => {
          const text = JSON.stringify({
            data: { entityExists: a.exists, searchAcrossEntities: { total: 1, searchResults: [{ entity: { urn: `${a.urn}x` } }] } },
          });
          return fc.tuple(fc.constant(a.urn), mutate(text));
        }),
        ([u, text]) => {
          const value = readOrFail<{ inSearch: boolean }>(text, (d) => parseCheckData(u, d));
          // A damage that deletes the trailing 'x' makes the hit's URN the asked one: a real hit then.
          if (value && !text.includes(JSON.stringify(u))) assert.equal(value.inSearch, false);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('"Unauthorized" errors beside partial data are forbidden; other errors say what the server said', () => {
    const unauthorized = JSON.stringify({
      errors: [{ message: 'Unauthorized to perform this action. Please contact your DataHub administrator.', extensions: { code: 403 } }],
      data: { entityExists: null },
    });
    assert.throws(
      () => readGraphQLAnswer(unauthorized, ORIGIN, (d) => parseCheckData('urn:li:corpuser:a', d)),
      (e: unknown) => isGmsError(e) && e.kind === 'forbidden',
    );
    const failed = JSON.stringify({ errors: [{ message: 'Failed to execute search\n\tat com.linkedin...' }], data: null });
    assert.throws(
      () => readGraphQLAnswer(failed, ORIGIN, (d) => parseCheckData('urn:li:corpuser:a', d)),
      (e: unknown) => isGmsError(e) && e.kind === 'server' && /Failed to execute search\. Check the GMS logs/.test(e.message) && !e.message.includes('\n'),
    );
  });
});

describe('GraphQL search answers', () => {
  const entity = fc.record({
    urn,
    type: fc.constantFrom('DATASET', 'CHART', 'CORP_USER', 'TAG'),
    name: fc.option(part, { nil: undefined }),
    platform: fc.option(part, { nil: undefined }),
  });

  it('read back every well-formed result and skip the others', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(entity, fc.constant(null), fc.constant({ type: 'DATASET' })), { maxLength: 12 }), (hits) => {
        const results = hits.map((h) =>
          h && 'urn' in h
            ? {
                entity: {
                  urn: h.urn,
                  type: h.type,
                  ...(h.name ? { properties: { name: h.name } } : {}),
                  ...(h.platform ? { platform: { name: h.platform } } : {}),
                },
              }
            : { entity: h },
        );
        const text = JSON.stringify({ data: { searchAcrossEntities: { total: results.length, searchResults: results } } });
        const value = readOrFail<Array<{ urn: string; name?: string; platform?: string }>>(text, parseFindData);
        const expected = hits.filter((h): h is { urn: string; type: 'DATASET'; name?: string; platform?: string } => h !== null && 'urn' in h);
        assert.deepEqual(
          value?.map((v) => v.urn),
          expected.map((h) => h.urn),
        );
        assert.deepEqual(
          value?.map((v) => v.name),
          expected.map((h) => h.name),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('damaged answers never throw anything but a GmsError', () => {
    const text = JSON.stringify({
      data: { searchAcrossEntities: { total: 1, searchResults: [{ entity: { urn: 'urn:li:tag:pii', type: 'TAG', name: 'pii' } }] } },
    });
    fc.assert(
      fc.property(mutate(text), (damaged) => void readOrFail(damaged, parseFindData)),
      { numRuns: RUNS },
    );
  });
});
