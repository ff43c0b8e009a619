// restoreIndices in the sandbox: SQL LIKE, order and paging, what gets counted,
// the legacy and newer result strings, and speed over 100k rows.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { INTERNAL_BATCH, SAMPLE_ASPECTS, SAMPLE_URNS, startSandbox, type Sandbox } from '..';
import { callAction, valueOf } from '../testing';

interface Batch {
  ignored: number;
  rowsMigrated: number;
  lastUrn?: string;
  lastAspect?: string;
}

/** The numbers of each RestoreIndicesResult line; enough for these tests, not a general parser. */
function batches(value: string): Batch[] {
  const result = value.slice(value.indexOf(', result=') + ', result='.length);
  if (result === '}') return [];
  return result.split('\n').map((line) => ({
    ignored: Number(/ignored=(\d+)/.exec(line)?.[1]),
    rowsMigrated: Number(/rowsMigrated=(\d+)/.exec(line)?.[1]),
    lastUrn: /lastUrn=(.*), lastAspect=/.exec(line)?.[1],
    lastAspect: /lastAspect=([^,)]*)\)?\}?$/.exec(line)?.[1],
  }));
}

async function restore(sb: Sandbox, body: Record<string, unknown>): Promise<string> {
  return valueOf(await callAction(sb.url, 'restoreIndices', body)) as string;
}

/** The distinct URNs restored since the last reset. */
function restoredUrns(sb: Sandbox): string[] {
  return [...new Set(Object.keys(sb.restoreCounts()).map((k) => k.slice(0, k.lastIndexOf('|'))))].sort();
}

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(() => sb.stop());
beforeEach(() => sb.reset());

describe('restoreIndices: which rows', () => {
  it('urn matches exactly; rows the registry does not know are ignored, not restored', async () => {
    const value = await restore(sb, { urn: SAMPLE_URNS.ordersDataset });
    assert.deepEqual(batches(value), [{ ignored: 1, rowsMigrated: 7, lastUrn: SAMPLE_URNS.ordersDataset, lastAspect: 'status' }]);
    const counts = sb.restoreCounts();
    assert.equal(Object.keys(counts).length, 7);
    assert.equal(counts[`${SAMPLE_URNS.ordersDataset}|schemaMetadata`], 1);
    assert.equal(counts[`${SAMPLE_URNS.ordersDataset}|datasetUpstreamLineage`], undefined);
    await restore(sb, { urn: SAMPLE_URNS.ordersDataset });
    assert.equal(sb.restoreCounts()[`${SAMPLE_URNS.ordersDataset}|status`], 2, 'each restore counts');
  });

  it('LIKE: _ is one character, . and parentheses are literal', async () => {
    await restore(sb, { urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,db_orders,PROD)', batchSize: 100 });
    assert.deepEqual(restoredUrns(sb), [SAMPLE_URNS.ordersDataset, SAMPLE_URNS.ordersUnderscoreDataset, SAMPLE_URNS.ordersLookalikeDataset].sort());
    sb.reset();
    await restore(sb, { urnLike: SAMPLE_URNS.ordersDataset, batchSize: 100 });
    assert.deepEqual(restoredUrns(sb), [SAMPLE_URNS.ordersDataset], 'a literal "." does not match "x" as a regex would');
    sb.reset();
    await restore(sb, { urnLike: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),%', batchSize: 100 });
    assert.deepEqual(restoredUrns(sb), [SAMPLE_URNS.loadOrdersJob]);
  });

  it('LIKE: % is any run, anywhere in the pattern', async () => {
    await restore(sb, { urnLike: 'urn:li:chart:(looker,%)', batchSize: 10_000 });
    const urns = restoredUrns(sb);
    assert.ok(urns.length > 20 && urns.includes(SAMPLE_URNS.lookerChart));
    assert.ok(urns.every((u) => u.startsWith('urn:li:chart:(looker,') && u.endsWith(')')));
    assert.equal(urns.length, new Set(urns).size);
    assert.equal(sb.countRows('%'), sb.countRows());
    assert.equal(sb.countRows('urn:li:corpuser:%'), sb.countRows('%:corpuser:%'));
  });

  it('aspect narrows to one aspect name', async () => {
    await restore(sb, { urnLike: 'urn:li:corpuser:%', aspect: 'corpUserKey', batchSize: 10_000 });
    const keys = Object.keys(sb.restoreCounts());
    assert.ok(keys.length > 100 && keys.every((k) => k.endsWith('|corpUserKey')));
  });

  it('an invalid urn is a 500 "invalid urn"', async () => {
    const a = await callAction(sb.url, 'restoreIndices', { urn: 'urn:li:dataset:(unbalanced' });
    assert.equal(a.status, 500);
    assert.equal(a.headers.get('x-restli-error-response'), 'true');
    assert.match((a.json as { message: string }).message, /invalid urn$/);
  });
});

describe('restoreIndices: order and paging', () => {
  it('pages by start/batchSize through rows ordered by urn, then aspect, each row once', async () => {
    const pattern = 'urn:li:corpuser:a%';
    const total = sb.countRows(pattern);
    assert.ok(total > 20, `enough rows to page (${total})`);
    const lastRows: string[] = [];
    let covered = 0;
    for (let start = 0; start < total; start += 7) {
      const [b] = batches(await restore(sb, { urnLike: pattern, start, batchSize: 7, limit: 7 }));
      covered += b.ignored + b.rowsMigrated;
      lastRows.push(`${b.lastUrn}|${b.lastAspect}`);
    }
    assert.equal(covered, total);
    const sorted = [...lastRows].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    assert.deepEqual(lastRows, sorted, 'pages come in (urn, aspect) order');
    assert.ok(
      Object.values(sb.restoreCounts()).every((n) => n === 1),
      'no row restored twice',
    );
    const past = await restore(sb, { urnLike: pattern, start: total, batchSize: 7, limit: 7 });
    assert.match(past, /^\{args=RestoreIndicesArgs\(start=\d+, .*\), result=\}$/, 'past the end: the args and an empty result, as Utils.java prints it');
  });

  it('newer: limit 0 reads to the end in internal batches of batchSize, one result line each; limit caps the rows', async () => {
    const all = sb.countRows('urn:li:dataset:%');
    const value = await restore(sb, { urnLike: 'urn:li:dataset:%', batchSize: 1200 });
    const lines = batches(value);
    const sizes = lines.map((b) => b.ignored + b.rowsMigrated);
    assert.equal(
      sizes.reduce((n, x) => n + x, 0),
      all,
      'every matching row, not just batchSize',
    );
    assert.deepEqual(sizes.slice(0, -1), Array(Math.ceil(all / 1200) - 1).fill(1200));
    assert.match(
      value,
      /^\{args=RestoreIndicesArgs\(start=0, batchSize=1200, limit=0, numThreads=1, batchDelayMs=1000, gePitEpochMs=0, lePitEpochMs=\d+, aspectName=null, aspectNames=\[\], urn=null, urnLike=urn:li:dataset:%, urnBasedPagination=false, lastUrn=, lastAspect=, createDefaultAspects=false\), result=RestoreIndicesResult\(ignored=\d+, rowsMigrated=\d+, timeSqlQueryMs=\d+, timeGetRowMs=0, timeUrnMs=\d+, timeEntityRegistryCheckMs=0, aspectCheckMs=0, createRecordMs=\d+, sendMessageMs=\d+, defaultAspectsCreated=0, lastUrn=urn:li:dataset:\(.*\), lastAspect=\w+\)\n/,
    );
    const limited = batches(await restore(sb, { urnLike: 'urn:li:dataset:%', start: 5, batchSize: 10, limit: 25 }));
    assert.equal(
      limited.reduce((n, b) => n + b.ignored + b.rowsMigrated, 0),
      25,
    );
  });

  it('newer: with neither urn nor urnLike every row is restored (what DataHub does)', async () => {
    const value = await restore(sb, {});
    const lines = batches(value);
    assert.equal(
      lines.reduce((n, b) => n + b.ignored + b.rowsMigrated, 0),
      sb.countRows(),
    );
    assert.equal(lines.length, Math.ceil(sb.countRows() / INTERNAL_BATCH), 'default batchSize 500');
    assert.match(value, /batchSize=500, limit=0,/);
  });

  it('newer: gePitEpochMs / lePitEpochMs select rows by createdon; an upper bound alone is ignored', async () => {
    const midpoint = Date.now() - 200 * 86_400_000;
    const all = sb.countRows('urn:li:dataset:%');
    const rowsOf = async (body: Record<string, unknown>) =>
      batches(await restore(sb, { urnLike: 'urn:li:dataset:%', batchSize: 100_000, ...body })).reduce((n, b) => n + b.ignored + b.rowsMigrated, 0);
    const older = await rowsOf({ gePitEpochMs: 1, lePitEpochMs: midpoint });
    const newer = await rowsOf({ gePitEpochMs: midpoint + 1 });
    assert.ok(older > 0 && newer > 0);
    assert.equal(older + newer, all);
    assert.equal(await rowsOf({ lePitEpochMs: midpoint }), all, 'gePitEpochMs 0: the window is off (EbeanAspectDao: if gePitEpochMs > 0)');
    assert.equal(await rowsOf({ gePitEpochMs: 1, lePitEpochMs: 2 }), 0, 'nothing was written in 1970');
  });

  it('newer: a failedBatches fault drops internal batches silently, rows unrestored', async () => {
    sb.addFault({ fault: { kind: 'failedBatches', batches: [1] }, action: 'restoreIndices', times: 1 });
    const value = await restore(sb, { urnLike: 'urn:li:corpuser:%', batchSize: 10, limit: 30 });
    assert.deepEqual(
      batches(value).map((b) => b.ignored + b.rowsMigrated),
      [10, 10],
      'the middle batch is missing',
    );
    assert.equal(Object.keys(sb.restoreCounts()).length, 20);
    sb.addFault({ fault: { kind: 'failedBatches', batches: [0] }, action: 'restoreIndices', start: 40, times: 1 });
    assert.match(
      await restore(sb, { urnLike: 'urn:li:corpuser:%', start: 40, batchSize: 10, limit: 10 }),
      /, result=\}$/,
      'the only batch failed: result= empty',
    );
    assert.equal(Object.keys(sb.restoreCounts()).length, 20);
  });

  it('newer: createDefaultAspects is echoed and counted; legacy ignores it and the window without a word', async () => {
    const value = await restore(sb, { urn: SAMPLE_URNS.datahubUser, createDefaultAspects: true });
    assert.match(value, /createDefaultAspects=true\), result=.*defaultAspectsCreated=3,/);
    sb.setVersion('legacy');
    const legacy = await restore(sb, { urnLike: 'urn:li:corpuser:%', gePitEpochMs: 1, lePitEpochMs: 2, limit: 3, createDefaultAspects: true });
    assert.doesNotMatch(legacy, /gePitEpochMs=|limit=|createDefaultAspects=/);
    assert.equal(batches(legacy)[0].rowsMigrated + batches(legacy)[0].ignored, 10, 'window and limit ignored: batchSize rows');
  });

  it('legacy: one page of batchSize rows in the curly-brace form, even without a filter', async () => {
    sb.setVersion('legacy');
    const value = await restore(sb, { urnLike: 'urn:li:dataset:%' });
    assert.match(
      value,
      /^\{args=RestoreIndicesArgs\(start=0, batchSize=10, numThreads=1, batchDelayMs=1, aspectName=null, urn=null, urnLike=urn:li:dataset:%\), result=RestoreIndicesResult\{ignored=(\d+), rowsMigrated=(\d+), timeSqlQueryMs=12, timeGetRowMs=0, timeUrnMs=1, timeEntityRegistryCheckMs=0, aspectCheckMs=0, createRecordMs=3, sendMessageMs=40\}\}$/,
    );
    const [b] = batches(value);
    assert.equal(b.ignored + b.rowsMigrated, 10);
    const none = await restore(sb, {});
    assert.equal(batches(none)[0].ignored + batches(none)[0].rowsMigrated, 10);
    assert.match(await restore(sb, { urnLike: 'urn:li:nothing:%' }), /result=RestoreIndicesResult\{ignored=0, rowsMigrated=0, /);
  });

  it('the sample URNs have the documented aspects', () => {
    // Escaped, "_" is literal (otherwise db_orders would also match db.orders and dbxorders).
    const literal = (urn: string) => urn.replace(/[\\%_]/g, '\\$&');
    for (const [urn, aspects] of Object.entries(SAMPLE_ASPECTS)) assert.equal(sb.countRows(literal(urn)), aspects.length, urn);
    assert.equal(sb.countRows(SAMPLE_URNS.ordersUnderscoreDataset), 12);
  });
});

describe('restoreIndices: speed', () => {
  it('pages through 100,000 matching rows at concurrency 4 quickly', async () => {
    const bench = await startSandbox({ benchRows: 100_000 });
    try {
      const pattern = 'urn:li:dataset:(urn:li:dataPlatform:bench,%';
      assert.equal(bench.countRows(pattern), 100_000);
      const starts = Array.from({ length: 100 }, (_, i) => i * 1000);
      const began = Date.now();
      let migrated = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
            const value = valueOf(await callAction(bench.url, 'restoreIndices', { urnLike: pattern, start, batchSize: 1000, limit: 1000 })) as string;
            migrated += batches(value).reduce((n, b) => n + b.rowsMigrated, 0);
          }
        }),
      );
      const elapsed = Date.now() - began;
      assert.equal(migrated, 100_000);
      const counts = bench.restoreCounts();
      assert.equal(Object.keys(counts).length, 100_000);
      assert.ok(Object.values(counts).every((n) => n === 1));
      assert.ok(elapsed < 15_000, `100 pages took ${elapsed} ms`);
    } finally {
      await bench.stop();
    }
  });
});
