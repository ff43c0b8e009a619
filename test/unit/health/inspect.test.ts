// Inspect URN's pure logic: the fields compared, the differences, the verdict of each case, the next
// steps (our commands, arguments from the URN only) and the document, whose server text renders inert.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import type { EntityAspect } from '../../../src/gms/types';
import { databaseFields, differencesOf, nextStepsOf, verdictOf, type InspectFacts } from '../../../src/health/logic/inspect';
import { renderInspectDocument, type InspectReport } from '../../../src/health/logic/inspectDocument';
import { Commands } from '../../../src/shared/commandIds';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const aspects = (over: { description?: string; removed?: boolean; owners?: string[] } = {}): EntityAspect[] => [
  { name: 'datasetKey', value: { platform: 'urn:li:dataPlatform:hive', name: 'db.orders', origin: 'PROD' } },
  { name: 'datasetProperties', value: { name: 'db.orders', ...(over.description !== undefined ? { description: over.description } : {}) } },
  { name: 'ownership', value: { owners: (over.owners ?? []).map((owner) => ({ owner, type: 'TECHNICAL_OWNER' })) } },
  { name: 'status', value: { removed: over.removed ?? false }, systemMetadata: { lastObserved: 1, runId: 'r1' } },
];
const doc = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  urn: URN,
  name: 'db.orders',
  platform: 'urn:li:dataPlatform:hive',
  description: '',
  tags: [],
  owners: [],
  removed: false,
  ...over,
});
const facts = (database: InspectFacts['database'], search: InspectFacts['search']): InspectFacts => ({
  urn: URN,
  connection: 'sandbox',
  database,
  search,
  checks: { indexed: false },
  timeline: { changes: [] },
});

describe('inspect URN: compare, verdict, next steps', () => {
  it('reads the compared fields of the database: name, description (empty when absent), owners, removed, platform', () => {
    const f = databaseFields(aspects({ owners: ['urn:li:corpuser:b', 'urn:li:corpuser:a'] }));
    assert.deepEqual(Object.fromEntries(f), {
      name: 'db.orders',
      description: '',
      owners: 'urn:li:corpuser:a, urn:li:corpuser:b',
      removed: 'false',
      platform: 'urn:li:dataPlatform:hive',
    });
  });

  it('the five cases', () => {
    const same = facts({ exists: true, aspects: aspects() }, { found: true, document: doc() });
    assert.equal(verdictOf(same, differencesOf(aspects(), doc())), 'inSync');
    const stale = aspects({ description: 'new words', owners: ['urn:li:corpuser:jdoe'] });
    const diffs = differencesOf(stale, doc());
    assert.deepEqual(diffs, [
      { field: 'description', database: 'new words', search: '' },
      { field: 'owners', database: 'urn:li:corpuser:jdoe', search: '' },
    ]);
    assert.equal(verdictOf(facts({ exists: true, aspects: stale }, { found: true, document: doc() }), diffs), 'searchStale');
    const removed = aspects({ removed: true });
    assert.equal(verdictOf(facts({ exists: true, aspects: removed }, { found: true, document: doc() }), differencesOf(removed, doc())), 'softDeletedInSearch');
    assert.equal(verdictOf(facts({ exists: true, aspects: aspects() }, { found: false }), []), 'databaseOnly');
    assert.equal(verdictOf(facts({ exists: false, aspects: [] }, { found: true, document: doc() }), []), 'searchOnly');
  });

  it('pairs each aspect field with the field DataHub indexes it as: the UI-edited description is editedDescription, beside the ingested one', () => {
    // EditableDatasetProperties.pdl: description -> editedDescription, name -> editedName; DatasetProperties.pdl: description.
    const edited: EntityAspect[] = [
      ...aspects({ description: 'ingested words' }),
      { name: 'editableDatasetProperties', value: { description: 'edited in the UI', name: 'Orders' } },
    ];
    const indexed = doc({ description: 'ingested words', editedDescription: 'edited in the UI', editedName: 'Orders' });
    const db = databaseFields(edited);
    assert.equal(db.get('description'), 'ingested words');
    assert.equal(db.get('editedDescription'), 'edited in the UI');
    assert.equal(db.get('editedName'), 'Orders');
    assert.deepEqual(differencesOf(edited, indexed), []);
    assert.equal(verdictOf(facts({ exists: true, aspects: edited }, { found: true, document: indexed }), differencesOf(edited, indexed)), 'inSync');
    // An edit the index has not seen yet (no editedDescription in the document) is a difference of that field alone.
    assert.deepEqual(differencesOf(edited, doc({ description: 'ingested words', editedName: 'Orders' })), [
      { field: 'editedDescription', database: 'edited in the UI', search: '' },
    ]);
    // The edit never stands for the ingested description: a stale ingested one still shows.
    assert.deepEqual(differencesOf(edited, { ...indexed, description: 'older words' }), [
      { field: 'description', database: 'ingested words', search: 'older words' },
    ]);
  });

  it("a chart's or dashboard's title is compared with the document's title, not its name; the info aspect is the entity's own", () => {
    // ChartInfo.pdl: title (TEXT_PARTIAL) is indexed as `title`; EditableChartProperties.pdl: description -> editedDescription.
    const chart: EntityAspect[] = [
      { name: 'chartKey', value: { dashboardTool: 'looker', chartId: '42' } },
      { name: 'inputFields', value: {} },
      { name: 'chartInfo', value: { title: 'Weekly orders', description: 'from looker' } },
      { name: 'editableChartProperties', value: { description: 'edited' } },
      { name: 'status', value: { removed: false } },
    ];
    const document = { urn: 'urn:li:chart:(looker,42)', title: 'Weekly orders', description: 'from looker', editedDescription: 'edited', removed: false };
    assert.deepEqual(Object.fromEntries(databaseFields(chart)), {
      title: 'Weekly orders',
      description: 'from looker',
      editedDescription: 'edited',
      removed: 'false',
    });
    assert.deepEqual(differencesOf(chart, document), []);
    assert.deepEqual(differencesOf(chart, { ...document, title: 'Old title', name: 'Weekly orders' }), [
      { field: 'title', database: 'Weekly orders', search: 'Old title' },
    ]);
  });

  it('a side that could not be read, or neither side holding the URN, is unknown', () => {
    assert.equal(verdictOf(facts({ unreadable: 'x' }, { found: true, document: doc() }), []), 'unknown');
    assert.equal(verdictOf(facts({ exists: true, aspects: aspects() }, { unreadable: 'x' }), []), 'unknown');
    assert.equal(verdictOf(facts({ exists: false, aspects: [] }, { found: false }), []), 'unknown');
  });

  it('next steps are our commands with arguments built from the URN: restore; the dry run before the apply', () => {
    assert.deepEqual(
      nextStepsOf(URN, 'searchStale', { indexed: false }).map((s) => [s.command, s.args]),
      [[Commands.restoreIndices, { urn: URN, verify: true }]],
    );
    assert.deepEqual(
      nextStepsOf(URN, 'searchOnly', { indexed: true, issues: [] }).map((s) => [s.command, s.args]),
      [
        [Commands.checkSearchHealth, { urns: [URN], fix: 'dryRun' }],
        [Commands.checkSearchHealth, { urns: [URN], fix: 'apply' }],
      ],
    );
    assert.deepEqual(nextStepsOf(URN, 'inSync', { indexed: true, issues: [] }), []);
    assert.equal(nextStepsOf(URN, 'inSync', { indexed: true, issues: [{ entityUrn: URN, checkId: 'c' }] }).length, 2);
  });
});

describe('inspect URN: the document', () => {
  const PLANT =
    '# Planted heading\n[planted link](https://evil.example/x) ![img](https://evil.example/i.png) <img src=x> <b>b</b> https://evil.example/bare a|b';
  const render = (markdown: string): string => new MarkdownIt({ html: true, linkify: true }).render(markdown);
  const hostile = (): InspectReport => {
    const db = aspects({ description: PLANT });
    const document = doc({ name: PLANT, description: PLANT, tags: [PLANT] });
    const all = [...db, { name: PLANT, value: {}, systemMetadata: { runId: PLANT, version: PLANT } }];
    const f: InspectFacts = {
      urn: URN,
      connection: PLANT,
      database: { exists: true, aspects: all },
      search: { found: true, document },
      checks: { indexed: true, issues: [{ entityUrn: URN, checkId: PLANT, fixType: PLANT, description: PLANT }] },
      timeline: { changes: [{ timestamp: 1, actor: PLANT, events: [{ category: PLANT, description: PLANT }] }] },
    };
    const differences = differencesOf(all, document);
    return { ...f, differences, verdict: 'searchStale', nextSteps: nextStepsOf(URN, 'searchStale', f.checks) };
  };

  it('verdict first, then the sections in order', () => {
    const text = renderInspectDocument(hostile()).text;
    assert.match(text.split('\n')[0], /^# ⚠ Search is stale/);
    let at = -1;
    for (const piece of [
      '## Differences',
      '## The database',
      '## The search document',
      '## DataHub’s consistency checks',
      '## Recent changes',
      '## Next steps',
    ]) {
      const i = text.indexOf(piece);
      assert.ok(i > at, piece);
      at = i;
    }
  });

  it('a heading, link, image, HTML and a bare address planted in every server field render as text', () => {
    const html = render(renderInspectDocument(hostile()).text);
    assert.equal((html.match(/<h1[ >]/g) ?? []).length, 1, 'only the title');
    assert.ok(!/<a\s/i.test(html), `no link: ${html.match(/<a\s[^>]*>/i)?.[0]}`);
    assert.ok(!/<img\s/i.test(html), 'no image');
    assert.ok(!/<b>/.test(html), 'no HTML');
    for (const row of html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []) assert.ok((row.match(/<t[dh][ >]/g) ?? []).length <= 4, row);
    assert.match(html, /evil\.example\/bare/);
  });

  it('each unreadable section says why, and the others are there', () => {
    const r = hostile();
    const text = renderInspectDocument({
      ...r,
      checks: { unreadable: 'refused (403): needs MSO.' },
      timeline: { unreadable: 'not offered by this server.' },
    }).text;
    // The reason (it may hold the server's error text) is a code span: inert.
    assert.match(text, /## DataHub’s consistency checks\n\nNot run: `refused \(403\): needs MSO\.`/);
    assert.match(text, /## Recent changes\n\nNot read: `not offered by this server\.`/);
    assert.match(text, /## The database\n\n5 aspects/);
  });
});
