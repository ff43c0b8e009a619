// "Restore Indices for URNs in This File / in Selection": the URNs taken from a text,
// the chunks sent, and which URNs restored nothing according to the server's answer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  checkUrnCount,
  chunk,
  chunkVerdict,
  dedupe,
  MAX_URNS_PER_RUN,
  restoreChunkExactly,
  URNS_PER_REQUEST,
  urnsInText,
} from '../../../src/restore/logic/urnList';
import { createGmsClient } from '../../../src/gms';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/server';
import type { RestoreBatch } from '../../../src/gms/types';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const USERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)';
const JDOE = 'urn:li:corpuser:jdoe';
const PII = 'urn:li:tag:pii';

const batch = (rowsMigrated: number, lastUrn?: string): RestoreBatch => ({ rowsMigrated, ignored: 0, timings: {}, lastUrn, fields: {} });

describe('urn list: finding the URNs in a text', () => {
  it('finds every URN on every line, each once, in the order first seen', () => {
    const text = [
      `- ${ORDERS} (orders)`,
      `owner: ${JDOE}, tags: [${PII}]`,
      `again ${ORDERS} and ${JDOE}.`,
      'https://datahub.example.com/dataset/urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Cdb.users%2CPROD%29/Schema',
      '',
    ].join('\r\n');
    assert.deepEqual(urnsInText(text), [ORDERS, JDOE, PII, USERS]);
  });

  it('finds nothing in text without URNs, and skips the parts of a tuple key', () => {
    assert.deepEqual(urnsInText('no urns here\nurn:li: nor this'), []);
    assert.deepEqual(urnsInText(`"${ORDERS}"`), [ORDERS]);
  });

  it('dedupe keeps the first of each', () => {
    assert.deepEqual(dedupe([JDOE, PII, JDOE, ORDERS, PII]), [JDOE, PII, ORDERS]);
  });
});

describe('urn list: chunks and counts', () => {
  it('chunks of at most the server batch size (100), the last one short', () => {
    assert.equal(URNS_PER_REQUEST, 100);
    const urns = Array.from({ length: 250 }, (_, i) => `urn:li:corpuser:u${i}`);
    const parts = chunk(urns, URNS_PER_REQUEST);
    assert.deepEqual(
      parts.map((p) => p.length),
      [100, 100, 50],
    );
    assert.deepEqual(parts.flat(), urns);
    assert.deepEqual(chunk([], 100), []);
    assert.throws(() => chunk([1], 0), /chunk size/);
  });

  it('refuses no URN and more than 10,000, naming where it looked', () => {
    assert.match(checkUrnCount([], 'in this file') ?? '', /^No DataHub URN in this file\./);
    assert.equal(checkUrnCount([JDOE], 'in this file'), undefined);
    const many = Array.from({ length: MAX_URNS_PER_RUN + 1 }, (_, i) => `urn:li:corpuser:u${i}`);
    assert.match(checkUrnCount(many, 'in the selection') ?? '', /^10001 URNs in the selection: at most 10,000 at once\./);
    assert.equal(checkUrnCount(many.slice(1), 'in the selection'), undefined);
  });
});

describe('urn list: which URNs restored nothing', () => {
  it('an entity type alone in the chunk is exact: its result has rows or not', () => {
    // One result per entity type; the one with no row has no lastUrn.
    const v = chunkVerdict([ORDERS, JDOE, PII], { batches: [batch(5, ORDERS), batch(0), batch(2, PII)] });
    assert.deepEqual(v, { restoredNothing: [JDOE], ask: [], proven: [ORDERS, PII] });
  });

  it('a type whose result is missing (dropped batch) or empty restored nothing', () => {
    assert.deepEqual(chunkVerdict([ORDERS, USERS, JDOE], { batches: [batch(3, JDOE)] }), { restoredNothing: [ORDERS, USERS], ask: [], proven: [JDOE] });
    assert.deepEqual(chunkVerdict([ORDERS, JDOE], { batches: [] }), { restoredNothing: [ORDERS, JDOE], ask: [], proven: [] });
  });

  it('several URNs of a type with fewer rows than URNs: the ones lastUrn does not name are asked', () => {
    const a = 'urn:li:corpuser:a';
    const b = 'urn:li:corpuser:b';
    const c = 'urn:li:corpuser:c';
    assert.deepEqual(chunkVerdict([a, b, c], { batches: [batch(2, c)] }), { restoredNothing: [], ask: [a, b], proven: [c] });
  });

  it('several URNs of a type with at least as many rows as URNs: only lastUrn is proven, none asked one by one', () => {
    // The answer cannot prove each had a row (restoreChunkExactly asks the database which exist instead).
    assert.deepEqual(chunkVerdict([ORDERS, USERS], { batches: [batch(9, USERS)] }), { restoredNothing: [], ask: [], proven: [USERS] });
  });

  it('rows the answer cannot place (no lastUrn) make the unplaced types asked, not guessed', () => {
    assert.deepEqual(chunkVerdict([ORDERS, JDOE], { batches: [batch(3, ORDERS), batch(1)] }), { restoredNothing: [], ask: [JDOE], proven: [ORDERS] });
  });

  it('a full chunk of one type keeps its order; a lastUrn outside the chunk still counts for its type', () => {
    const users = Array.from({ length: 100 }, (_, i) => `urn:li:corpuser:u${i}`);
    const few = chunkVerdict(users, { batches: [batch(60, users[41])] });
    assert.deepEqual(few, { restoredNothing: [], ask: users.filter((u) => u !== users[41]), proven: [users[41]] });
    // The server named a URN not sent (its type is still read from it): the rows are the type's, no URN proven.
    const outside = chunkVerdict(users, { batches: [batch(100, 'urn:li:corpuser:elsewhere')] });
    assert.deepEqual(outside, { restoredNothing: [], ask: [], proven: [] });
    const datasets = chunkVerdict([ORDERS, ...users.slice(0, 3)], { batches: [batch(1, 'urn:li:dataset:(urn:li:dataPlatform:hive,db.other,PROD)')] });
    assert.deepEqual(datasets, { restoredNothing: users.slice(0, 3), ask: [], proven: [ORDERS] });
  });

  it('text that is not a URN is a group of its own (no type), as is a lastUrn that is not one', () => {
    const notUrns = ['urn:li:dataset:(a,)', 'not a urn'];
    assert.deepEqual(chunkVerdict([JDOE, ...notUrns], { batches: [batch(2, JDOE)] }), { restoredNothing: notUrns, ask: [], proven: [JDOE] });
    // A lastUrn the grammar refuses is placed with them: fewer rows than members, so they are asked.
    assert.deepEqual(chunkVerdict([JDOE, ...notUrns], { batches: [batch(1, 'urn:li:x:(,)')] }), { restoredNothing: [JDOE], ask: notUrns, proven: [] });
  });

  it('a URN given twice is counted twice in its group, as it was sent', () => {
    const a = 'urn:li:corpuser:a';
    const b = 'urn:li:corpuser:b';
    assert.deepEqual(chunkVerdict([a, b, a], { batches: [batch(2, b)] }), { restoredNothing: [], ask: [a, a], proven: [b] });
  });
});

describe('urn list: every URN that restored nothing, named exactly, against the sandbox', () => {
  const HIDDEN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.never_loaded,PROD)';
  const UNDERSCORE = 'urn:li:dataset:(urn:li:dataPlatform:hive,db_orders,PROD)';
  const RESTORE_ONLY = 'sandbox-restore-only-token-0123456789';
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({
      api: 'openapi',
      auth: {
        tokens: {
          admin: { token: SANDBOX_TOKENS.admin, privileges: ['RESTORE_INDICES_PRIVILEGE', 'GET_TIMESERIES_INDEX_SIZES_PRIVILEGE', 'VIEW_ENTITY_PAGE'] },
          // May restore, may not ask GraphQL: the existence check is refused.
          restoreOnly: { token: RESTORE_ONLY, privileges: ['RESTORE_INDICES_PRIVILEGE', 'GET_TIMESERIES_INDEX_SIZES_PRIVILEGE'] },
        },
      },
    });
  });
  after(() => sandbox.stop());

  it('an empty URN among URNs of its own type with more rows than URNs: named "not in the database", from one POST and one existence check', async () => {
    const client = createGmsClient({ gmsUrl: sandbox.url, token: SANDBOX_TOKENS.admin, api: 'openapi' });
    try {
      const urns = [ORDERS, HIDDEN, UNDERSCORE, PII];
      const chunkResult = await restoreChunkExactly(client, urns);
      assert.ok(chunkResult.answer.rowsMigrated >= 3);
      assert.deepEqual(chunkVerdict(urns, chunkResult.answer).restoredNothing, [], 'the answer alone does not see it');
      assert.deepEqual(chunkResult.nothing, [{ urn: HIDDEN, reason: 'notInDatabase' }]);
      assert.deepEqual(chunkResult.restored, [ORDERS, UNDERSCORE, PII]);
      assert.equal(chunkResult.requests, 1);
      assert.equal(chunkResult.existenceFailure, undefined);
    } finally {
      await client.close();
    }
  });

  it('sends the restore before the existence question (the slower first), and both before either answers', async () => {
    const sent: string[] = [];
    let answered = false;
    const client = {
      async restoreUrns(request: { urns: string[] }) {
        sent.push(`restore:${answered}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        answered = true;
        return {
          rowsMigrated: request.urns.length,
          timeSqlQueryMs: 0,
          timeGetRowMs: 0,
          timeUrnMs: 0,
          timeEntityRegistryCheckMs: 0,
          aspectCheckMs: 0,
          sendMessageMs: 0,
          lastAspect: '',
          lastUrn: request.urns.at(-1),
          batches: [batch(request.urns.length, request.urns.at(-1))],
        } as never;
      },
      async restoreIndices() {
        throw new Error('not expected');
      },
      search: {
        async existInDatabase(urns: string[]) {
          sent.push(`exists:${answered}`);
          return new Map(urns.map((u) => [u, true]));
        },
      },
    };
    const chunkResult = await restoreChunkExactly(client, [ORDERS, USERS]);
    assert.deepEqual(sent, ['restore:false', 'exists:false']);
    assert.deepEqual(chunkResult.restored, [ORDERS, USERS]);
  });

  it('without the privilege to ask the database: fewer rows than URNs of a type, the unplaced ones are restored one by one, reason unknown', async () => {
    const client = createGmsClient({ gmsUrl: sandbox.url, token: RESTORE_ONLY, api: 'openapi' });
    try {
      const none = ['urn:li:tag:none_1', 'urn:li:tag:none_2'];
      const chunkResult = await restoreChunkExactly(client, [PII, ...none]);
      assert.match(chunkResult.existenceFailure ?? '', /./, 'the failure is kept for the log');
      assert.deepEqual(
        chunkResult.nothing,
        none.map((urn) => ({ urn, reason: 'unknown' })),
      );
      assert.equal(chunkResult.requests, 3, 'the POST, then a one-URN restore for each unplaced URN');
    } finally {
      await client.close();
    }
  });
});
