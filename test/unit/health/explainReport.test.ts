// "Why isn't it found?": the verdict, the reasons and the document read from a
// search engine explanation tree (shaped like DataHub's function_score query and
// Lucene's BM25 explanations), without a server.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import { markdownCode } from '../../../src/shared/markdown';
import type { ExplanationNode, SearchExplanation } from '../../../src/gms/types';
import {
  checkQueryInput,
  formatScore,
  headline,
  keyFields,
  noExplainMessage,
  reasonsOf,
  renderExplainDocument,
  shortEntityName,
  verdictOfExplanation,
  type ExplainReport,
} from '../../../src/health/logic/explainReport';

const n = (match: boolean, value: number, description: string, details: ExplanationNode[] = []): ExplanationNode => ({ match, value, description, details });

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.customers,PROD)';

const weight = (field: string, word: string, value: number) =>
  n(true, value, `weight(${field}:${word} in 4242) [PerFieldSimilarity], result of:`, [
    n(true, value, 'score(freq=1.0), computed as boost * idf * tf from:', [n(true, 10, 'boost')]),
  ]);

const matched: SearchExplanation = {
  index: 'datasetindex_v2',
  id: encodeURIComponent(URN),
  exists: true,
  match: true,
  explanation: n(true, 6.4123, 'function score, product of:', [
    n(true, 3.2061, 'sum of:', [weight('urn.delimited', 'db', 0.4), weight('name.delimited', 'orders', 2.8061)]),
    n(true, 2, 'min of:', [n(true, 2, 'weight, exact name match (name.keyword)'), n(true, 3.4028235e38, 'maxBoost')]),
  ]),
};

const notMatched: SearchExplanation = {
  index: 'datasetindex_v2',
  id: encodeURIComponent(URN),
  exists: true,
  match: false,
  explanation: n(false, 0, 'Failure to meet condition(s) of required/prohibited clause(s)', [
    n(false, 0, 'no match on required clause (name.delimited:customers | urn.delimited:customers | description.delimited:customers)', [
      n(false, 0, 'No matching clauses'),
    ]),
  ]),
};

const softDeleted: SearchExplanation = {
  ...notMatched,
  explanation: n(false, 0, 'Failure to meet condition(s) of required/prohibited clause(s)', [
    weight('name.delimited', 'orders', 2.1),
    n(false, 0, 'match on prohibited clause (removed:true)', [n(true, 1, 'removed:true')]),
  ]),
};

const absent: SearchExplanation = { index: 'datasetindex_v2', id: encodeURIComponent(URN), exists: false, match: false, explanation: null };

describe('explain search: verdict', () => {
  it('tells the three states apart, with the score of a match', () => {
    assert.equal(verdictOfExplanation(absent), 'notInIndex');
    assert.equal(verdictOfExplanation(notMatched), 'notMatched');
    assert.equal(verdictOfExplanation(matched), 'matched');
    assert.equal(headline(absent), 'Not in the search index');
    assert.equal(headline(notMatched), 'In the index, but the query does not match it');
    assert.equal(headline(matched), 'Matches, score 6.41');
    assert.equal(headline({ ...matched, explanation: n(true, 3.2, 'sum of:') }), 'Matches, score 3.2');
  });

  it('formats scores with two decimals at most', () => {
    assert.equal(formatScore(3.2), '3.2');
    assert.equal(formatScore(14.0749), '14.07');
    assert.equal(formatScore(0), '0');
  });
});

describe('explain search: reasons', () => {
  it('a match: the term clauses by score, highest first, in words, then the boost', () => {
    assert.deepEqual(reasonsOf(matched), [
      'the field name.delimited contains "orders" (adds 2.81)',
      'the field urn.delimited contains "db" (adds 0.4)',
      'boosted ×2: exact name match (name.keyword)',
    ]);
    assert.equal(reasonsOf(matched, 1).length, 1);
  });

  it('a non-match: the required clause that failed, with the words and the fields', () => {
    assert.deepEqual(reasonsOf(notMatched), [
      'no searched field contains "customers" (required; looked in name.delimited, urn.delimited, description.delimited)',
    ]);
  });

  it('a soft-deleted entity: the prohibited removed clause, not the term that did match', () => {
    assert.deepEqual(reasonsOf(softDeleted), ['it is soft-deleted (removed: true), and search leaves out removed entities']);
  });

  it('not in the index: one reason, no tree needed', () => {
    assert.equal(reasonsOf(absent).length, 1);
    assert.match(reasonsOf(absent)[0], /no document for this URN/);
  });

  it('an unknown tree shape still says something: the first failing node, or the top clauses', () => {
    const odd: SearchExplanation = { ...notMatched, explanation: n(false, 0, 'outer', [n(false, 0, 'something else failed')]) };
    assert.deepEqual(reasonsOf(odd), ['the query fails here: something else failed']);
    const plain: SearchExplanation = { ...matched, explanation: n(true, 1, 'sum of:', [n(true, 1, 'ConstantScore(*:*)')]) };
    assert.deepEqual(reasonsOf(plain), ['ConstantScore(*:*) (1)']);
  });
});

describe('explain search: the document', () => {
  const report = (explanation: SearchExplanation, more: Partial<ExplainReport> = {}): ExplainReport => ({
    urn: URN,
    query: 'customers',
    entityName: 'dataset',
    connection: 'sandbox',
    explanation,
    raw: { state: 'present', document: { urn: URN, name: 'orders', platform: 'urn:li:dataPlatform:hive', removed: false, description: '' } },
    ...more,
  });

  it('puts the verdict and the answer first, then the index, the reasons, the first match with its diff, the key fields, and the raw JSON folded last', () => {
    const text = renderExplainDocument(report(notMatched, { firstMatch: { urn: OTHER, score: 3.21, diff: '-  "value" : 3.21,\n+  "value" : 0.0,' } })).text;
    assert.match(text.split('\n')[0], /^# .*In the index, but the query does not match it$/);
    assert.match(text, /^> Searching for `customers` does not find \*\*`db\.orders`\*\*: `no searched field contains "customers"/m);
    assert.match(text, /^> The first result for `customers` is \*\*`db\.customers`\*\* \(score \*\*3\.21\*\*\)\.$/m);
    const order = [
      '## In the search index?',
      '**Yes.**',
      '## Does the query match it?',
      'Why not:',
      '## The first result that matched',
      OTHER,
      'score **3.21**',
      '```diff',
      '## The search document',
      '- name: `orders`',
      '<details>',
    ];
    let at = -1;
    for (const piece of order) {
      const i = text.indexOf(piece, at + 1);
      assert.ok(i > at, `"${piece}" after the previous piece`);
      at = i;
    }
    assert.ok(!text.slice(0, text.indexOf('<details>')).includes('"description"'), 'no raw JSON before the folded section');
  });

  it('not in the index: says so, points at restore, and has no match section', () => {
    const text = renderExplainDocument(report(absent, { raw: { state: 'missing' }, firstMatchNote: 'DataHub search finds nothing at all.' })).text;
    assert.match(text, /^# .*Not in the search index/);
    assert.match(text, /\*\*No\.\*\* The index `datasetindex_v2` holds no document/);
    assert.match(text, /Restore Indices for this URN/);
    assert.ok(!text.includes('## Does the query match it?'));
    assert.ok(!text.includes('<details>'), 'nothing to fold without an explanation');
    assert.match(text, /finds nothing at all/);
  });

  it('HTML in the explanation is escaped in the folded JSON, text in code spans elsewhere; backticks cannot close the code spans', () => {
    const odd: SearchExplanation = { ...matched, explanation: n(true, 1, '<script>x</script>') };
    const text = renderExplainDocument(report(odd, { query: 'a`b' })).text;
    assert.ok(!new MarkdownIt({ html: true, linkify: true }).render(text).includes('<script>'));
    assert.match(text, /`` a`b ``/);
  });

  it('short names: a dataset by its name part, others by their id', () => {
    assert.equal(shortEntityName(URN), 'db.orders');
    assert.equal(shortEntityName('urn:li:corpuser:jdoe'), 'jdoe');
    assert.equal(shortEntityName('not a urn'), 'not a urn');
  });

  it('key fields: a few, in a fixed order, long values cut', () => {
    const rows = keyFields({ runId: ['x'], name: 'orders', zzz: 1, description: 'd'.repeat(300) });
    assert.deepEqual(
      rows.map(([k]) => k),
      ['name', 'description', 'runId'],
    );
    assert.equal(rows[1][1].length, 120);
  });
});

describe('explain search: input and the Rest.li-only message', () => {
  it('an empty search text is refused, a long one too', () => {
    assert.ok(checkQueryInput('  '));
    assert.ok(checkQueryInput('x'.repeat(1001)));
    assert.equal(checkQueryInput('orders'), undefined);
  });

  it('names the OpenAPI operations and the alternative', () => {
    assert.match(noExplainMessage(false), /OpenAPI operations add it in newer DataHub versions/);
    assert.match(noExplainMessage(true), /api: restli/);
    assert.match(noExplainMessage(false), /Check Search Index for URN…/);
  });
});

describe('explain search: server text stays text in the document', () => {
  // What a hostile server could plant: a heading, a link, a remote image (a beacon), raw HTML
  // and a command link, each after a line break so it would start a block of its own.
  const PLANT = [
    'x\n# Planted heading',
    '[planted link](https://evil.example/x)',
    '![planted image](https://evil.example/beacon.png)',
    '<img src="https://evil.example/b.png">',
    '<a href="command:workbench.action.terminal.new">planted command</a>',
    'a | b | c',
    '\u202eplanted bidi',
  ].join('\n');
  // The preview VS Code shows is markdown-it with HTML on (its Markdown preview's settings, less its own sanitiser).
  const render = (markdown: string): string => new MarkdownIt({ html: true, linkify: true }).render(markdown);
  const hostile: SearchExplanation = {
    index: `datasetindex_v2${PLANT}`,
    id: 'x',
    exists: true,
    match: false,
    explanation: n(false, 0, `no match on field [${PLANT}]`, [n(false, 0, `no matching term${PLANT}`)]),
  };
  const hostileReport = (): ExplainReport => ({
    urn: URN,
    query: 'orders',
    entityName: 'dataset',
    connection: 'sandbox',
    explanation: hostile,
    raw: { state: 'present', document: { urn: URN, name: `orders${PLANT}`, platform: PLANT, description: PLANT, tags: [PLANT], owners: { x: PLANT } } },
    firstMatch: { urn: `urn:li:dataset:(urn:li:dataPlatform:hive,${PLANT},PROD)`, score: 1, diff: `-  "value" : 1\n\`\`\`\n${PLANT}`, note: PLANT },
  });

  it('a heading, link, image, HTML and command link planted in every server field render inert', () => {
    for (const report of [
      hostileReport(),
      { ...hostileReport(), raw: { state: 'unknown' as const, reason: PLANT }, firstMatch: undefined, firstMatchNote: PLANT },
    ]) {
      const markdown = renderExplainDocument(report).text;
      const html = render(markdown);
      assert.equal((html.match(/<h1[ >]/g) ?? []).length, 1, 'only the document’s own title is a heading');
      assert.ok(!/Planted heading<\/h\d>/.test(html), 'the planted heading is text');
      assert.ok(!/<a\s/i.test(html), `no link at all:\n${html.match(/<a\s[^>]*>/i)?.[0]}`);
      assert.ok(!/<img\s/i.test(html), 'no image');
      assert.ok(!html.includes('href="command:'), 'no command link');
      assert.ok(!html.includes('\u202e'), 'no bidi override');
      // The table keeps its rows of two cells: a "|" in a value does not add one.
      for (const row of html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []) assert.equal((row.match(/<t[dh][ >]/g) ?? []).length, 2, row);
      // And the values are still there to read.
      assert.match(html, /planted command/);
      assert.match(html, /Planted heading/);
    }
  });

  it('markdownCode: one line, a longer fence than any backticks inside, "|" escaped in a table cell, capped', () => {
    assert.equal(markdownCode('a\nb'), '`a ⏎ b`');
    assert.equal(markdownCode('a`b'), '`` a`b ``');
    assert.equal(markdownCode('a|b', 'tableCell'), '`a\\|b`');
    assert.equal(markdownCode(''), '(empty)');
    assert.equal(markdownCode('x'.repeat(400)).length, 300 + 2);
  });
});
