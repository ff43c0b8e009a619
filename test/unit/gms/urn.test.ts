// The URN grammar: examples from the reference, generated URNs that must
// round-trip, and mutations that must be refused.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from '../fc';
import { MAX_URN_BYTES, decodeUrn, isValidUrn, parseUrn, urnEntityType, urnProblem } from '../../../src/gms/urn';

describe('parseUrn examples', () => {
  it('splits tuple keys on top-level commas only', () => {
    const r = parseUrn('urn:li:dataset:(urn:li:dataPlatform:hive,db.schema.table,PROD)');
    assert.ok(r.ok);
    assert.deepEqual([r.value.namespace, r.value.entityType, r.value.parts], ['li', 'dataset', ['urn:li:dataPlatform:hive', 'db.schema.table', 'PROD']]);
    const nested = parseUrn('urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load_orders)');
    assert.ok(nested.ok);
    assert.deepEqual(nested.value.parts, ['urn:li:dataFlow:(airflow,daily_etl,prod)', 'load_orders']);
    for (const u of ['urn:li:corpuser:jdoe', 'urn:li:tag:pii', 'urn:li:chart:(looker,dashboard_elements.42)']) assert.ok(isValidUrn(u), u);
  });

  it('refuses empty parts, unbalanced parentheses, empty keys, bad heads and length', () => {
    for (const bad of [
      '',
      ' urn:li:corpuser:x',
      'urn:li:corpuser:x ',
      'urn:li:dataset:(a,)',
      'urn:li:dataset:(,a)',
      'urn:li:dataset:()',
      'urn:li:dataset:(a',
      'urn:li:dataset:a)',
      'urn:li:dataset:(a)(b)',
      'urn:li:dataset:',
      'urn:li:1dataset:x',
      'urn::dataset:x',
      'dataset:x',
      'urn:li:dataJob:(urn:li:dataFlow:(airflow,,prod),x)',
      'urn:li:corpuser:a\nb',
      `urn:li:corpuser:${'x'.repeat(MAX_URN_BYTES)}`,
    ]) {
      assert.equal(isValidUrn(bad), false, JSON.stringify(bad));
      const r = parseUrn(bad);
      assert.ok(!r.ok && r.reason.length > 0);
    }
  });

  it('counts the 512-byte limit in UTF-8 bytes', () => {
    const head = 'urn:li:corpuser:';
    assert.ok(isValidUrn(head + 'a'.repeat(MAX_URN_BYTES - head.length)));
    assert.ok(!isValidUrn(head + 'é'.repeat((MAX_URN_BYTES - head.length) / 2 + 1)));
  });

  it('decodes URL-encoded URNs from DataHub links', () => {
    assert.equal(decodeUrn('urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Cdb.t%2CPROD%29'), 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)');
    assert.equal(decodeUrn('urn:li:corpuser:jdoe'), 'urn:li:corpuser:jdoe');
    assert.equal(decodeUrn('urn:li:x:100%zz'), 'urn:li:x:100%zz');
  });
});

// Generators: a simple part never holds , ( ) or control characters and does not start or end with a space.
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const identTail = fc.string({ unit: fc.constantFrom(...'abcXYZ019_'), maxLength: 12 });
const entityType = fc.tuple(letter, identTail).map(([a, b]) => a + b);
const simplePart = fc.string({ unit: fc.constantFrom(...'abcxyzABC0129._-:/ é%@'), minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s);

type Gen = { urn: string; parts: string[] };
const urnArb: fc.Arbitrary<Gen> = fc.letrec<{ urn: Gen; part: string }>((tie) => ({
  part: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    simplePart,
    tie('urn').map((u) => (u as Gen).urn),
  ),
  urn: fc
    .tuple(entityType, fc.oneof(fc.constant(null), fc.array(tie('part'), { minLength: 1, maxLength: 4 })), fc.boolean())
    .map(([type, parts, tuple]): Gen => {
      if (parts === null) return { urn: `urn:li:${type}:${'k'}`, parts: ['k'] };
      if (!tuple && parts.length === 1 && !/[(),]/.test(parts[0])) return { urn: `urn:li:${type}:${parts[0]}`, parts };
      return { urn: `urn:li:${type}:(${(parts as string[]).join(',')})`, parts: parts as string[] };
    }),
})).urn;
const shortUrn = urnArb.filter((g) => Buffer.byteLength(g.urn) <= MAX_URN_BYTES);

describe('URN grammar properties', () => {
  it('generated URNs parse back to their parts', () => {
    fc.assert(
      fc.property(shortUrn, (g) => {
        const r = parseUrn(g.urn);
        assert.ok(r.ok, `${g.urn}: ${r.ok ? '' : r.reason}`);
        assert.equal(r.value.urn, g.urn);
        assert.deepEqual(r.value.parts, g.parts);
      }),
      { numRuns: 400 },
    );
  });

  it('mutations are refused: unbalanced parentheses, empty parts, empty key, too long', () => {
    const tupleUrn = shortUrn.filter((g) => g.urn.endsWith(')') && Buffer.byteLength(g.urn) < MAX_URN_BYTES - 2);
    fc.assert(
      fc.property(tupleUrn, fc.integer({ min: 0, max: 6 }), fc.nat(), (g, kind, at) => {
        const opens = [...g.urn].flatMap((ch, i) => (ch === '(' ? [i] : []));
        const i = opens[at % opens.length];
        const mutated = [
          g.urn.slice(0, -1), // drop the last ")"
          `${g.urn})`, // one ")" too many
          `${g.urn.slice(0, i + 1)},${g.urn.slice(i + 1)}`, // "(,..." empty first part
          `${g.urn.slice(0, -1)},)`, // "...,)" empty last part
          g.urn.replace(/:\(.*$/s, ':'), // empty key
          `${g.urn}${'x'.repeat(MAX_URN_BYTES)}`, // too long
          `${g.urn.slice(0, i)}(${g.urn.slice(i)}`, // an extra "(" inside
        ][kind];
        assert.equal(isValidUrn(mutated), false, mutated);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ unit: fc.constantFrom(...'urn:li(),x '), maxLength: 40 }), (a, b) => {
        for (const s of [a, b, `urn:li:x:${b}`]) {
          const r = parseUrn(s);
          assert.equal(typeof r.ok, 'boolean');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('urnEntityType (the type a list restore groups URNs by) agrees with parseUrn', () => {
  const typeOf = (s: string): string | undefined => {
    const r = parseUrn(s);
    return r.ok ? r.value.entityType : undefined;
  };
  it('on examples', () => {
    assert.equal(urnEntityType('urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)'), 'dataset');
    assert.equal(urnEntityType('urn:li:corpuser:jdoe'), 'corpuser');
    assert.equal(urnEntityType('urn:my-ns:glossary_Term2'), 'glossary_Term2');
    assert.equal(urnEntityType('urn:li:dataset:(a,)'), undefined);
    assert.equal(urnEntityType('urn:li:tag:'), undefined);
    assert.equal(urnEntityType(' urn:li:tag:a'), undefined);
  });
  it('on generated URN-like text', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_:-]{0,6}$/);
    const piece = fc.constantFrom('(', ')', ',', 'a', ':', 'urn:li:x:', ' ', 'é', '\n');
    const text = fc.oneof(
      fc.tuple(name, name, fc.array(piece, { maxLength: 20 })).map(([ns, type, key]) => `urn:${ns}:${type}:${key.join('')}`),
      fc.tuple(name, name).map(([ns, type]) => `urn:${ns}:${type}`),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, (s) => urnEntityType(s) === typeOf(s)),
      { numRuns: 5000 },
    );
  });
});

describe('urnProblem (the one-pass check validateUrn uses) agrees with parseUrn', () => {
  const reasonOf = (s: string): string | undefined => {
    const r = parseUrn(s);
    return r.ok ? undefined : r.reason;
  };
  it('on the examples and their edge cases', () => {
    for (const s of [
      '',
      ' urn:li:tag:a',
      'urn:li:tag',
      'urn:li:tag:',
      'urn:li:tag:a',
      'urn:li:x:()',
      'urn:li:x:(a,)',
      'urn:li:x:(,a)',
      'urn:li:x:(a,,b)',
      'urn:li:x:(a)(b)',
      'urn:li:x:(a))(',
      'urn:li:x:((a),(b))',
      'urn:li:x:a,,b',
      'urn:li:x:a(b,)c',
      'urn:li:x:(a,(b,))',
      'urn:li:x:(a\tb)',
      `urn:li:x:${'é'.repeat(260)}`,
      `urn:li:x:${'a'.repeat(503)}`,
      `urn:li:x:${'a'.repeat(504)}`,
      // Where the quick check of plain URNs hands over to the full one.
      'urn:li:x:a\u0001b',
      'urn:li:x:(a,b\u0000)',
      'urn:li:x:a\u00a0',
      'urn:li:x:a\ufeff',
      'urn:li:x:a ',
      'urn:li:x:(a,é)',
      `urn:li:x:(${'é'.repeat(166)})`,
      `urn:li:x:(${'é'.repeat(167)})`,
      `urn:li:x:(${'é'.repeat(250)})`,
      `urn:li:x:(${'é'.repeat(251)})`,
      `urn:li:x:(${'é'.repeat(260)})`,
      'urn:a:b',
      'urn:a:b:',
      'urn:a:b:c',
      'urn:a-b_c:D9_x:(k)',
      'urn:a-b_c:9x:k',
      'urn:-a:x:k',
      'urn:a::k',
      'urn:a:b-c:k',
      'urn::x:k',
      'urn:li:x:(a,b))',
      'urn:li:x:((a,b)',
      'urn:li:x:(a)b',
      'urn:li:x:a(b)',
      'urn:li:x:(a)(b,c)',
      'urn:li:x:(a,(b,c),d)',
      'urn:li:x:((a))',
      'urn:li:x:(a,())',
      'urn:li:x:,',
      'urn:li:x:)',
    ]) {
      assert.equal(urnProblem(s), reasonOf(s), JSON.stringify(s));
    }
  });
  it('on generated URNs, plain and odd, with every head the grammar allows', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,6}$/);
    const keyPiece = fc.constantFrom('(', ')', ',', 'a', 'B', '9', ':', '.', 'é', ' ', '\u0001', '\t', 'urn:li:x:', '');
    const text = fc
      .tuple(name, name, fc.option(fc.array(keyPiece, { maxLength: 24 }).map((p) => p.join(''))))
      .map(([ns, type, key]) => `urn:${ns}:${type}${key === null ? '' : `:${key}`}`);
    fc.assert(
      fc.property(text, (s) => urnProblem(s) === reasonOf(s)),
      { numRuns: 5000 },
    );
  });
  it('on generated URN-like text', () => {
    const piece = fc.constantFrom('(', ')', ',', 'a', 'b', ':', 'urn:li:x:', ' ', 'é', '\n');
    const text = fc.oneof(
      fc.array(piece, { maxLength: 30 }).map((p) => `urn:li:dataset:${p.join('')}`),
      fc.array(piece, { maxLength: 30 }).map((p) => p.join('')),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, (s) => urnProblem(s) === reasonOf(s)),
      { numRuns: 5000 },
    );
  });
});
