// The URN finder behind the hover and "Restore Indices for This URN": whole URNs
// (nested parentheses included) in the places people keep them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from '../fc';
import { findUrnAt, findUrnsInLine, findUrnsInSpan, normaliseUrnInput, MAX_SCAN_LINE } from '../../../src/shared/findUrn';
import { SAMPLE_URNS } from '../../sandbox/data';

const DATASET = SAMPLE_URNS.ordersDataset; // urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)';
const FIELD = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD),[version=2.0].[type=struct].id)';

const urns = (line: string): string[] => findUrnsInLine(line).map((m) => m.urn);
/** The URN found with the cursor at every offset of `urn` inside `line`, start and end included. */
function atEveryOffset(line: string, urn: string): Array<string | undefined> {
  const from = line.indexOf(urn);
  assert.ok(from >= 0);
  const out: Array<string | undefined> = [];
  for (let i = from; i <= from + urn.length; i++) out.push(findUrnAt(line, i)?.urn);
  return out;
}

describe('findUrnsInLine: file formats', () => {
  it('JSON values (not the "urn" key)', () => {
    assert.deepEqual(urns(`  {"urn": "${DATASET}", "owners": ["urn:li:corpuser:jdoe","urn:li:corpGroup:data-eng"]},`), [
      DATASET,
      'urn:li:corpuser:jdoe',
      'urn:li:corpGroup:data-eng',
    ]);
  });

  it('YAML: plain, quoted, list items and a key named urn', () => {
    assert.deepEqual(urns(`urn: ${JOB}`), [JOB]);
    assert.deepEqual(urns(`  - urn:li:tag:pii  # a comment`), ['urn:li:tag:pii']);
    assert.deepEqual(urns(`owner: 'urn:li:corpuser:jdoe'`), ['urn:li:corpuser:jdoe']);
  });

  it('Python: strings in calls, f-strings with a placeholder give no URN', () => {
    assert.deepEqual(urns(`emitter.emit(make_dataset_urn("hive"), "${DATASET}")`), [DATASET]);
    assert.deepEqual(urns(`graph.get_aspect(entity_urn='urn:li:corpuser:jdoe', aspect_type=Status)`), ['urn:li:corpuser:jdoe']);
    assert.deepEqual(urns(`urn = f"urn:li:corpuser:{user}"`), []);
  });

  it('SQL: string literals, and a LIKE pattern is not a URN', () => {
    const sql = `SELECT * FROM metadata_aspect_v2 WHERE urn IN ('${DATASET}', 'urn:li:tag:pii') OR urn LIKE 'urn:li:dataset:%';`;
    assert.deepEqual(urns(sql), [DATASET, 'urn:li:tag:pii']);
  });

  it('Markdown: code spans, link targets, link text, emphasis, tables', () => {
    assert.deepEqual(urns('Owner is `urn:li:corpuser:jdoe` and [pii](urn:li:tag:pii).'), ['urn:li:corpuser:jdoe', 'urn:li:tag:pii']);
    assert.deepEqual(urns(`[${DATASET}](https://example.org) **urn:li:corpuser:jdoe**`), [DATASET, 'urn:li:corpuser:jdoe']);
    assert.deepEqual(urns(`| orders | ${DATASET} | ok |`), [DATASET]);
  });

  it('plain text: trailing sentence punctuation and enclosing parentheses are not part of it', () => {
    assert.deepEqual(urns('See urn:li:corpuser:jdoe.'), ['urn:li:corpuser:jdoe']);
    assert.deepEqual(urns('foo(urn:li:corpuser:jdoe)'), ['urn:li:corpuser:jdoe']);
    assert.deepEqual(urns(`(see ${DATASET})`), [DATASET]);
    assert.deepEqual(urns('[urn:li:tag:pii]'), ['urn:li:tag:pii']);
    assert.deepEqual(urns('Is it urn:li:tag:pii? Yes: urn:li:tag:gdpr!'), ['urn:li:tag:pii', 'urn:li:tag:gdpr']);
    assert.deepEqual(urns('<urn:li:corpuser:jdoe>'), ['urn:li:corpuser:jdoe']);
  });

  it('several URNs on a line, separated by commas, semicolons or nothing but spaces', () => {
    assert.deepEqual(urns('urn:li:corpuser:a,urn:li:corpuser:b; urn:li:corpuser:c urn:li:tag:d'), [
      'urn:li:corpuser:a',
      'urn:li:corpuser:b',
      'urn:li:corpuser:c',
      'urn:li:tag:d',
    ]);
  });

  it('nested parentheses and brackets give the outermost URN only', () => {
    assert.deepEqual(urns(`job: ${JOB}`), [JOB]);
    assert.deepEqual(urns(`"${FIELD}"`), [FIELD]);
    assert.deepEqual(urns(`${JOB})`), [JOB], 'an extra closing parenthesis is not included');
  });

  it('names with spaces inside a tuple key (BI tools), in quotes or not', () => {
    const bi = 'urn:li:dataset:(urn:li:dataPlatform:powerbi,My Workspace.Sales Report,PROD)';
    assert.deepEqual(urns(`"${bi}"`), [bi]);
    assert.deepEqual(urns(`see ${bi} today`), [bi]);
    assert.equal(findUrnAt(`- ${bi}`, 40)?.urn, bi);
  });

  it('rejects what only looks like a URN', () => {
    assert.deepEqual(urns('burn:li:corpuser:x turn:li:tag:y'), [], 'glued to a word');
    assert.deepEqual(urns('urn:li:corpuser'), [], 'no key');
    assert.deepEqual(urns('urn:isbn:0451450523'), [], 'not a DataHub namespace');
    assert.deepEqual(urns('urn:li:dataset:(urn:li:dataPlatform:hive,db.t'), [], 'unbalanced');
    assert.deepEqual(urns('urn:li:dataset:(a,,b)'), [], 'empty part');
  });
});

describe('findUrnsInLine: URL-encoded URNs (DataHub links)', () => {
  const encoded = encodeURIComponent(DATASET);

  it('decodes a URN in a link path and stops at the next path segment or query', () => {
    const found = findUrnsInLine(`Open https://datahub.example.com/dataset/${encoded}/Schema?is_lineage_mode=false now`);
    assert.equal(found.length, 1);
    assert.equal(found[0].urn, DATASET);
    assert.equal(found[0].encoded, true);
  });

  it('handles lower-case escapes, partly encoded links and UTF-8', () => {
    assert.deepEqual(urns('https://h/user/urn%3ali%3acorpuser%3ajdoe'), ['urn:li:corpuser:jdoe']);
    assert.deepEqual(urns('https://h/dataset/urn%3Ali%3Adataset%3A(urn%3Ali%3AdataPlatform%3Ahive,db.t,PROD)'), [
      'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)',
    ]);
    assert.deepEqual(urns('https://h/user/urn%3Ali%3Acorpuser%3Aj%C3%B6rg/owned'), ['urn:li:corpuser:jörg']);
  });

  it('a raw URN in a link path ends where the path segment ends', () => {
    assert.deepEqual(urns(`https://h/dataset/${DATASET}/Schema`), [DATASET]);
    assert.deepEqual(urns('https://h/tag/urn:li:tag:pii/Documentation'), ['urn:li:tag:pii']);
  });

  it('the cursor anywhere in the encoded text finds the decoded URN', () => {
    const line = `x https://h/dataset/${encoded}/Schema`;
    const from = line.indexOf('urn%3A');
    for (const i of [from, from + 10, from + encoded.length - 1, from + encoded.length]) {
      assert.equal(findUrnAt(line, i)?.urn, DATASET, `offset ${i}`);
    }
  });
});

describe('findUrnAt: the cursor', () => {
  it('start, middle and end of a URN (end = just after its last character)', () => {
    const line = `owner: urn:li:corpuser:jdoe # x`;
    assert.deepEqual(new Set(atEveryOffset(line, 'urn:li:corpuser:jdoe')), new Set(['urn:li:corpuser:jdoe']));
    assert.equal(findUrnAt(line, line.indexOf('urn') - 1), undefined, 'before the URN');
    assert.equal(findUrnAt(line, line.indexOf('#')), undefined, 'after it, past the space');
  });

  it('on an inner URN gives the enclosing one', () => {
    const line = `"${JOB}"`;
    assert.deepEqual(new Set(atEveryOffset(line, JOB)), new Set([JOB]));
    assert.equal(findUrnAt(line, line.indexOf('airflow'))?.urn, JOB);
  });

  it('between two adjacent URNs prefers the one the cursor is inside', () => {
    const line = 'urn:li:corpuser:a,urn:li:corpuser:b';
    assert.equal(findUrnAt(line, 17)?.urn, 'urn:li:corpuser:a', 'right after a (at the comma)');
    assert.equal(findUrnAt(line, 18)?.urn, 'urn:li:corpuser:b', 'start of b');
  });

  it('adjacent punctuation: the URN is found from the punctuation that touches it', () => {
    const line = 'foo(urn:li:corpuser:jdoe).';
    assert.equal(findUrnAt(line, line.indexOf(')'))?.urn, 'urn:li:corpuser:jdoe');
    assert.equal(findUrnAt(line, line.length), undefined);
  });

  it('scans only a window around the cursor on a very long line', () => {
    const line = `${'x'.repeat(MAX_SCAN_LINE * 5)} urn:li:tag:far ${'y'.repeat(1000)}`;
    assert.equal(findUrnAt(line, line.indexOf('urn:li:tag:far') + 3)?.urn, 'urn:li:tag:far');
    assert.equal(findUrnAt(line, 10), undefined);
  });
});

describe('findUrnsInSpan: selections', () => {
  const line = `a urn:li:corpuser:a b ${DATASET} c urn:li:tag:z`;

  it('gives every URN the selection overlaps, even partly', () => {
    const from = line.indexOf('corpuser:a');
    const to = line.indexOf('hive');
    assert.deepEqual(
      findUrnsInSpan(line, from, to).map((m) => m.urn),
      ['urn:li:corpuser:a', DATASET],
    );
  });

  it('an empty selection is a cursor', () => {
    assert.deepEqual(
      findUrnsInSpan(line, line.indexOf('tag'), line.indexOf('tag')).map((m) => m.urn),
      ['urn:li:tag:z'],
    );
  });
});

describe('normaliseUrnInput: what people paste', () => {
  it('trims, unquotes, decodes, and takes the URN out of a link', () => {
    assert.equal(normaliseUrnInput('  urn:li:corpuser:jdoe '), 'urn:li:corpuser:jdoe');
    assert.equal(normaliseUrnInput('"urn:li:corpuser:jdoe"'), 'urn:li:corpuser:jdoe');
    assert.equal(normaliseUrnInput(encodeURIComponent(DATASET)), DATASET);
    assert.equal(normaliseUrnInput(`https://h/dataset/${encodeURIComponent(DATASET)}/Lineage`), DATASET);
    assert.equal(normaliseUrnInput('not a urn'), 'not a urn', 'left for validation to explain');
  });
});

describe('property: a URN survives any surrounding syntax', () => {
  const samples = [...Object.values(SAMPLE_URNS), JOB, FIELD, 'urn:li:corpuser:jdoe@example.com', 'urn:li:glossaryTerm:Privacy.PII'];
  const wrappers: Array<[string, string]> = [
    ['"', '"'],
    ["'", "'"],
    ['`', '`'],
    ['(', ')'],
    ['[', ']'],
    ['<', '>'],
    ['', ' '],
    [' ', '.'],
    ['= ', ';'],
    ['- ', ''],
    ['{"urn": "', '"}'],
    ['foo(', ')'],
    ['|', '|'],
    ['', ','],
  ];
  it('is found whole, with the cursor anywhere inside, and (encoded) in a link', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.constantFrom(...wrappers),
        fc.string({ unit: fc.constantFrom('a', ' ', 'x', '.', '1'), maxLength: 8 }),
        fc.nat(),
        fc.boolean(),
        (urn, [open, close], noise, at, encode) => {
          const body = encode ? `https://dh.example/x/${encodeURIComponent(urn)}/Tab` : `${open}${urn}${close}`;
          const line = `${noise} ${body} ${noise}`;
          const start = line.indexOf(encode ? 'urn%3A' : urn);
          const length = encode ? encodeURIComponent(urn).length : urn.length;
          assert.deepEqual(urns(line), [urn]);
          assert.equal(findUrnAt(line, start + (at % (length + 1)))?.urn, urn);
        },
      ),
      { numRuns: 400 },
    );
  });
});
