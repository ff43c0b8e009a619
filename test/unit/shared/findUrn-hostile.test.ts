// The editor's URN finder on text nobody planned for: URNs dropped at random
// offsets into random text are found exactly, random garbage never throws, and
// pathological lines (10,000 "(", thousands of "urn:li:") take linear time.
// urn.test.ts and findUrn.test.ts cover the grammar and the file formats.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from '../fc';
import { findUrnAt, findUrnsInLine, MAX_SCAN_LINE } from '../../../src/shared/findUrn';
import { MAX_URN_BYTES } from '../../../src/gms';

// Sentence punctuation at the very end of a URN is taken for the sentence's (by design): keys end otherwise.
const word = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789_.-'), minLength: 1, maxLength: 12 })
  .filter((w) => !w.endsWith('.'));
const urnArb: fc.Arbitrary<string> = fc
  .oneof(
    word.map((k) => `urn:li:corpuser:${k}`),
    word.map((k) => `urn:li:tag:${k}`),
    fc.tuple(word, word, fc.constantFrom('PROD', 'DEV')).map(([p, t, env]) => `urn:li:dataset:(urn:li:dataPlatform:${p},${t},${env})`),
    fc.tuple(word, word, word).map(([o, f, j]) => `urn:li:dataJob:(urn:li:dataFlow:(${o},${f},prod),${j})`),
    fc.tuple(word, word).map(([t, f]) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,${t},PROD),[version=2.0].${f})`),
  )
  .filter((u) => Buffer.byteLength(u) <= MAX_URN_BYTES);

// Noise holds any printable character but ":" (so it never spells a URN) and is
// kept apart from the URNs by a separator, as text around a URN always is.
const noise = fc.string({ unit: fc.constantFrom(...'abc xyz(),[]{}=;.!?%/#&*|<>0123456789"\'`\t'), maxLength: 30 });
const separator = fc.constantFrom(' ', '"', "'", '`', '\t', ' (', ') ', ', ', '<', '>', '|', '{', '}');

/** CPU time of this process in ms: what a catastrophic backtrack costs, whatever else the machine runs. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('URNs at random offsets in random text', () => {
  it('are all found, exactly, in order, with their offsets; the cursor inside each finds it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(noise, separator, urnArb, separator), { minLength: 1, maxLength: 6 }), noise, (pieces, tail) => {
        let line = '';
        const placed: Array<{ urn: string; start: number }> = [];
        for (const [before, open, urn, close] of pieces) {
          line += `${before}${open}`;
          placed.push({ urn, start: line.length });
          line += `${urn}${close}`;
        }
        line += tail;
        const found = findUrnsInLine(line);
        assert.deepEqual(
          found.map((m) => [m.urn, m.start, m.end]),
          placed.map((p) => [p.urn, p.start, p.start + p.urn.length]),
          JSON.stringify(line),
        );
        for (const p of placed) {
          const at = p.start + Math.floor(p.urn.length / 2);
          assert.equal(findUrnAt(line, at)?.urn, p.urn);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('URL-encoded in DataHub links among other links: decoded and found', () => {
    fc.assert(
      fc.property(fc.array(urnArb, { minLength: 1, maxLength: 4 }), noise, (urns, filler) => {
        const line = urns
          .map((u) => `see https://datahub.example/x/${encodeURIComponent(u)}/Schema?is_lineage_mode=false ${filler.replace(/[%]/g, '')}`)
          .join(' ');
        assert.deepEqual(
          findUrnsInLine(line).map((m) => [m.urn, m.encoded]),
          urns.map((u) => [u, true]),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('garbage', () => {
  it('never throws, and no line of up to 2,000 characters takes 250 ms of CPU', () => {
    const unit = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'urn:li%3A(),[] .x') },
      { weight: 2, arbitrary: fc.constantFrom('urn:li:', 'urn%3Ali%3A', '%28', '%29', '%2C', '%E2%82', '%F0%9F%98%80', '%ZZ') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 2 }) },
    );
    let slowest = 0;
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 600 }).map((a) => a.join('').slice(0, 2000)),
        fc.nat(),
        (line, at) => {
          const started = cpuMs();
          const all = findUrnsInLine(line);
          findUrnAt(line, line.length ? at % (line.length + 1) : 0);
          slowest = Math.max(slowest, cpuMs() - started);
          for (const m of all) {
            assert.ok(m.start >= 0 && m.end <= line.length && m.start < m.end);
            assert.ok(Buffer.byteLength(m.urn) <= MAX_URN_BYTES);
          }
        },
      ),
      { numRuns: 500 },
    );
    console.log(`  garbage: slowest of 500 lines ${slowest.toFixed(1)} ms of CPU`);
    assert.ok(slowest < 250, `slowest line took ${slowest.toFixed(1)} ms`);
  });
});

/** The best of three timings of fn, in ms. */
/** Best of five, in CPU time of this process: the other stages of npm test share the cores, and wall time counts their turns too. */
function timed(fn: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const started = cpuMs();
    fn();
    best = Math.min(best, cpuMs() - started);
  }
  return best;
}

const CURSORS = 50;

/** findUrnsInLine over the whole line (best of five, CPU time), and findUrnAt at 50 cursor positions (what hovering does): mean and slowest. */
function scanCost(line: string): { line: number; cursor: number; slowest: number } {
  const step = Math.max(1, Math.floor(line.length / CURSORS));
  let total = 0;
  let slowest = 0;
  let n = 0;
  for (let i = 0; i < line.length; i += step, n++) {
    const started = cpuMs();
    findUrnAt(line, i);
    const took = cpuMs() - started;
    total += took;
    slowest = Math.max(slowest, took);
  }
  return { line: timed(() => findUrnsInLine(line)), cursor: total / n, slowest };
}

describe('pathological lines take linear time', () => {
  // Each builds a line of about n characters.
  const shapes: Record<string, (n: number) => string> = {
    "10,000 '('": (n) => '('.repeat(n),
    "a URN head then '(' to the end": (n) => `urn:li:dataset:${'('.repeat(n)}`,
    "'urn:li:' repeated": (n) => 'urn:li:'.repeat(Math.ceil(n / 7)),
    "'urn:li:a:( ' repeated (spaces inside open tuples)": (n) => 'urn:li:a:( '.repeat(Math.ceil(n / 11)),
    'a URN then dots': (n) => `urn:li:corpuser:jdoe${'.'.repeat(n)}`,
    'encoded heads and "(" repeated': (n) => 'urn%3Ali%3Adataset%3A%28'.repeat(Math.ceil(n / 24)),
    "'[' inside an open tuple": (n) => `urn:li:a:(${'['.repeat(n)}`,
    'nested tuples never closed': (n) => `urn:li:a:${'(x,'.repeat(Math.ceil(n / 3))}`,
  };

  for (const [name, make] of Object.entries(shapes)) {
    it(`${name}: 8x the text costs under 24x the time (quadratic would be 64x)`, () => {
      const small = make(2_500);
      const large = make(MAX_SCAN_LINE);
      const a = scanCost(small);
      const b = scanCost(large);
      console.log(
        `  ${name}: ${large.length} chars: whole line ${b.line.toFixed(1)} ms, one cursor ${b.cursor.toFixed(1)} ms (slowest ${b.slowest.toFixed(1)})` +
          ` (${small.length} chars: ${a.line.toFixed(1)} / ${a.cursor.toFixed(1)} ms)`,
      );
      // Under a millisecond the ratio is noise; the absolute bounds still hold.
      if (a.line > 2) assert.ok(b.line < 24 * a.line, `whole line: ${a.line.toFixed(1)} -> ${b.line.toFixed(1)} ms`);
      assert.ok(b.line < 1000, `whole line took ${b.line.toFixed(0)} ms`);
      // Bounded by the window the cursor scans, whatever the line; generous for a busy machine.
      assert.ok(b.cursor < 150, `one cursor took ${b.cursor.toFixed(1)} ms on average`);
    });
  }
});
