// Search Health inside VS Code against the sandbox's demo drift (3 datasets missing from
// search; documents of 2 datasets and 1 chart whose entity is gone): the four groups with
// exact counts, the fix after its dry run down to zero drift, a dismissed modal that changes
// nothing, a read-only connection refused before any request, the indexing lag shown and
// used by the confirmation wait, and a stalled consumer named.
import * as assert from 'node:assert/strict';
import { activateExtension, sandbox } from '../../host/inHost';
import { useSandboxConnection } from '../../host/inHost';
import type { ShownText } from '../../../src/platform/safeWindow';
import type { SearchHealthResult } from '../../../src/health';
import type { RestoreUrnResult } from '../../../src/restore';
import { DEMO_ORPHANS } from '../../sandbox/drift';
import { SAMPLE_URNS } from '../../sandbox/data';
import { Commands } from '../../../src/shared/commandIds';
import { exec, execCommandId, rejection, TRANSPORT } from '../support/core';
import { answering } from '../support/modals';

const MISSING = [
  SAMPLE_URNS.ordersUnderscoreDataset,
  'urn:li:dataset:(urn:li:dataPlatform:hive,analytics.accounts_raw,PROD)',
  'urn:li:dataset:(urn:li:dataPlatform:hive,analytics.campaigns,PROD)',
];
const NOWHERE = 'urn:li:dataset:(urn:li:dataPlatform:hive,never_existed,PROD)';
const SCOPE = [SAMPLE_URNS.ordersDataset, ...MISSING, ...DEMO_ORPHANS, NOWHERE];

type Drift = { missing: string[]; orphans: string[] };
const drift = () => sandbox.control<Drift>('GET', '/drift');
const preset = () => sandbox.control<Drift>('POST', '/drift/preset', { name: 'demo' });
const setLag = (events: number, drainPerSecond: number) => sandbox.control('POST', '/lag', { consumer: 'mcl', events, drainPerSecond });
const check = (arg: Record<string, unknown>) => exec<SearchHealthResult>(Commands.checkSearchHealth, arg);
/** Requests that change something: restores and fixes that are not dry runs. */
const writes = async () =>
  (await sandbox.requests()).filter((r) => r.action === 'restoreIndices' || (r.action?.startsWith('consistency/fix') === true && r.params?.dryRun === false));

const needsOpenapi = (ctx: Mocha.Context): void => {
  if (TRANSPORT === 'restli') ctx.skip();
};

describe('search health: datahub.checkSearchHealth', function () {
  this.timeout(90_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(async () => {
    await sandbox.reset();
    await preset();
  });
  after(() => sandbox.reset());

  it('a list of URNs: four groups with exact counts', async () => {
    const result = await check({ urns: SCOPE });
    assert.equal(result.method, 'urns');
    assert.deepEqual(result.counts, { both: 1, databaseOnly: 3, searchOnly: 3, neither: 1 });
    assert.deepEqual([...result.urns.databaseOnly].sort(), [...MISSING].sort());
    assert.deepEqual([...result.urns.searchOnly].sort(), [...DEMO_ORPHANS].sort());
    assert.deepEqual(result.urns.neither, [NOWHERE]);
    assert.equal(result.consistency, TRANSPORT === 'openapi');
  });

  it("an entity type: the server's consistency checks where it has them, else all of search read", async () => {
    const result = await check({ entityType: 'dataset' });
    assert.equal(result.method, TRANSPORT === 'openapi' ? 'consistency' : 'sample');
    assert.equal(result.counts.searchOnly, 2);
    assert.equal(result.counts.both, 1499);
    assert.equal(result.sample?.complete, true);
    const sampled = await check({ urnLike: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,%', sampleSize: 100_000 });
    assert.equal(sampled.method, 'sample');
    assert.deepEqual(sampled.urns.searchOnly, ['urn:li:dataset:(urn:li:dataPlatform:snowflake,legacy.payments_old,PROD)']);
  });

  it('a server that keeps giving the same scroll id: the scan ends there, says so, and the counts cover what was read', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/operations', { repeatScrollId: true });
    await sandbox.clearRequests();
    const result = await check({ entityType: 'dataset' });
    assert.equal(result.method, 'consistency');
    assert.equal(result.stopped?.reason, 'repeatedScrollId');
    assert.match(result.message, /Not complete: the server gave a scroll id it had already given \(after 2 pages\); the consistency scan stopped there/);
    assert.equal(result.sample?.complete, false);
    const pages = (await sandbox.requests()).filter((r) => r.action === 'consistency/check');
    assert.equal(pages.length, 2, 'the first page, and the second, which gave back the scroll id it was sent');
  });

  it('a server older than scrollAcrossEntities and without consistency operations: the type read through search pages', async () => {
    await sandbox.control('POST', '/operations', { scroll: false, consistency: false });
    const result = await check({ entityType: 'chart' });
    assert.equal(result.method, 'sample');
    assert.deepEqual([result.counts.both, result.counts.searchOnly], [301, 1]);
    assert.deepEqual(result.urns.searchOnly, ['urn:li:chart:(looker,orphan_elements.1)']);
    assert.equal(result.sample?.description, 'all 302 documents');
  });

  it('fix: a dry run, then exactly it, leaving no drift', async function () {
    needsOpenapi(this);
    const dry = await check({ urns: SCOPE, fix: 'dryRun' });
    assert.deepEqual(await writes(), [], 'a dry run writes nothing');
    assert.deepEqual([dry.fix?.plan.restore.length, dry.fix?.plan.remove.length, dry.fix?.plan.dryRun?.entitiesFixed], [3, 3, 3]);
    const done = await check({ urns: SCOPE, fix: 'apply' });
    assert.deepEqual([done.fix?.applied?.restored, done.fix?.applied?.removed, done.fix?.applied?.driftAfter], [3, 3, 0]);
    assert.deepEqual(await drift(), { missing: [], orphans: [] });
  });

  it('on a server without the consistency operations: restores, and says what removes a document there', async () => {
    await sandbox.control('POST', '/operations', { consistency: false });
    const done = await check({ urns: SCOPE, fix: 'apply' });
    assert.deepEqual([done.fix?.plan.removeUnsupported, done.fix?.applied?.restored, done.fix?.applied?.removed], [3, 3, 0]);
    assert.deepEqual(await drift(), { missing: [], orphans: [...DEMO_ORPHANS].sort() });
    // The sentence the palette shows is returned, and the reason as a field a script branches on.
    assert.deepEqual(done.fix?.notDone, {
      reason: 'noRemovalOnServer',
      searchOnly: 3,
      rebuildCommand: './docker/datahub-upgrade/datahub-upgrade.sh -u RestoreIndices -a clean',
    });
    assert.match(done.message, /nothing else it offers removes one search document whose entity is gone/);
    assert.match(done.message, /datahub-upgrade\.sh -u RestoreIndices -a clean/);
  });

  it('an entity type on a server without the consistency operations, nothing to restore: the sentence and the reason are returned', async () => {
    await sandbox.control('POST', '/operations', { consistency: false });
    const done = await check({ entityType: 'chart', fix: 'apply' });
    assert.equal(done.counts.searchOnly, 1);
    assert.equal(done.fix?.applied, undefined, 'nothing this server can do was done');
    assert.equal(done.fix?.notDone?.reason, 'noRemovalOnServer');
    assert.match(done.fix?.message ?? '', /^This DataHub has no consistency operations .* The only remedy is a full rebuild/);
    assert.ok(done.message.endsWith(done.fix?.message ?? '-'), 'the result says it too');
    assert.deepEqual(await writes(), []);
  });

  it('through a command id the fix asks in a modal; dismissed, nothing changes', async () => {
    await sandbox.clearRequests();
    const m = await answering();
    try {
      const result = await execCommandId<SearchHealthResult>(Commands.checkSearchHealth, { urns: SCOPE, fix: 'apply' });
      assert.deepEqual(result.fix?.notDone, { reason: 'declined' });
      assert.equal(result.fix?.applied, undefined);
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /^Fix search drift of 8 URNs on "sandbox"\?/);
      assert.match(m.modals[0], /Restore the search documents of 3 entities in the database only/);
    } finally {
      m.stop();
    }
    assert.deepEqual(await writes(), []);
    assert.deepEqual((await drift()).missing.length + (await drift()).orphans.length, 6);
  });

  it('an entity search indexed again between the dry run and the fix is left out, counted and named', async () => {
    // While the modal is open, search gets MISSING[0] back by itself (its consumer caught up): the rest stays drifted.
    const m = await answering(async (buttons) => {
      await sandbox.control('POST', '/drift', { missing: MISSING.slice(1), orphans: [...DEMO_ORPHANS], replace: true });
      return buttons.find((b) => b === 'Fix Drift');
    });
    try {
      const result = await execCommandId<SearchHealthResult>(Commands.checkSearchHealth, { urns: SCOPE, fix: 'apply' });
      assert.equal(result.fix?.plan.restore.length, 3);
      assert.equal(result.fix?.applied?.restored, 2);
      assert.deepEqual(result.fix?.applied?.leftOut, [{ why: 'already in search', count: 1, sample: [MISSING[0]] }]);
      assert.match(result.fix?.message ?? '', /1 entity left out, read again right before sending: 1 already in search \(/);
    } finally {
      m.stop();
    }
    const restored = (await sandbox.requests()).filter((r) => r.action === 'restoreIndices').map((r) => JSON.stringify(r.body));
    assert.ok(!restored.some((b) => b.includes(MISSING[0])), 'the entity fixed meanwhile was not restored');
  });

  it('a read-only connection may look but not fix: refused before any request', async () => {
    await exec(Commands.editConnection, { readOnly: true });
    try {
      await sandbox.clearRequests();
      const error = await rejection(exec(Commands.checkSearchHealth, { urns: SCOPE, fix: 'apply' }));
      assert.match(error.message, /read-only: Fix Search Drift was refused and nothing was sent/);
      const fixError = await rejection(exec(Commands.fixSearchDrift, {}));
      assert.match(fixError.message, /read-only/);
      assert.deepEqual(await sandbox.requests(), []);
      const look = await check({ urns: SCOPE });
      assert.equal(look.counts.databaseOnly, 3);
    } finally {
      await exec(Commands.editConnection, { readOnly: false });
    }
  });

  it('bad input is refused with what is wrong, and nothing is sent', async () => {
    await sandbox.clearRequests();
    assert.match((await rejection(check({}))).message, /give exactly one of "entityType", "urnLike" or "urns"/);
    assert.match((await rejection(check({ urns: ['urn:li:dataset:x', 'nope'] }))).message, /urns\[1\]/);
    assert.match((await rejection(check({ entityType: 'dataset', fix: 'yes' }))).message, /"fix" must be "dryRun" or "apply"/);
    assert.deepEqual(await sandbox.requests(), []);
  });
});

describe('search health: the indexing lag', function () {
  this.timeout(120_000);
  before(async () => {
    await sandbox.reset();
    // A connection of its own: lag readings are kept per connection, and one read by an earlier suite
    // more than 10 s ago would make this suite's first reading "stalled".
    await useSandboxConnection({ name: 'lag-suite', token: 'admin' });
  });
  after(() => useSandboxConnection({ token: 'admin' }));
  afterEach(() => sandbox.reset());

  it('shown per consumer: how far behind and how long to catch up; a consumer that does not move is named stalled', async function () {
    needsOpenapi(this);
    await setLag(30_000, 1000);
    const first = await exec<{ lag: Array<{ consumer: string; group?: string; events?: number; state?: string; description: string }> }>(
      Commands.refreshSearchHealth,
      {},
    );
    const mcl = first.lag.find((l) => l.consumer === 'mcl' && l.group === 'generic-mae-consumer-job-client');
    assert.equal(mcl?.state, 'catchingUp');
    assert.match(mcl?.description ?? '', /^2\d,\d{3} events behind, about 2\d s$/);
    await setLag(12_400, 0);
    await exec(Commands.refreshSearchHealth, {});
    await new Promise((r) => setTimeout(r, 10_500));
    const later = await exec<{ lag: Array<{ consumer: string; state?: string; description: string }> }>(Commands.refreshSearchHealth, {});
    const stalled = later.lag.find((l) => l.consumer === 'mcl');
    assert.equal(stalled?.state, 'stalled');
    // At least the 10.5 s waited; a busy machine may add to it, never take from it.
    const still = /^stalled: 12,400 events behind, not moving for (\d+) s$/.exec(stalled?.description ?? '');
    assert.ok(still && Number(still[1]) >= 10, stalled?.description);
  });

  it('the confirmation wait follows the lag: search 35,000 events behind at 1,000/s is waited for past 30 s', async function () {
    needsOpenapi(this);
    await setLag(35_000, 1000);
    const result = await exec<{ searchable?: boolean; searchableAfterMs?: number }>(Commands.restoreIndices, { urn: MISSING[0], verify: true });
    assert.equal(result.searchable, true);
    assert.ok((result.searchableAfterMs ?? 0) > 30_000, `searchable after ${result.searchableAfterMs} ms`);
    assert.ok((await sandbox.requests()).some((r) => r.action === 'messaging/mcl/consumer/lag'));
  });

  it('a stalled consumer ends the wait early, and the message says so', async function () {
    needsOpenapi(this);
    await setLag(12_400, 0);
    const api = await activateExtension();
    const shown: ShownText[] = [];
    api.screen.record(shown);
    const started = Date.now();
    try {
      const result = await exec<{ searchable?: boolean }>(Commands.restoreIndices, { urn: MISSING[0], verify: true, notify: true });
      assert.equal(result.searchable, false);
    } finally {
      api.screen.record(undefined);
    }
    assert.ok(Date.now() - started < 30_000, `ended after ${Date.now() - started} ms`);
    const said = shown.find((s) => /search indexing is stalled/.test(s.text));
    assert.ok(said, shown.map((s) => s.text).join('\n'));
    assert.match(said.text, /generic-mae-consumer-job-client on MetadataChangeLog_Versioned_v1 is 12,400 events behind, not moving for 1\d s/);
  });

  it('through the typed API a stalled consumer is returned as the reason, with the sentence', async function () {
    needsOpenapi(this);
    await setLag(12_400, 0);
    const result = await exec<RestoreUrnResult>(Commands.restoreIndices, { urn: MISSING[0], verify: true });
    assert.equal(result.searchable, false);
    const stall = result.notSearchable;
    assert.ok(stall?.reason === 'stalled', JSON.stringify(result));
    assert.equal(stall.consumer, 'generic-mae-consumer-job-client');
    assert.equal(stall.topic, 'MetadataChangeLog_Versioned_v1');
    assert.equal(stall.eventsBehind, 12_400);
    assert.ok(stall.quietMs >= 10_000 && stall.quietMs < 30_000, `quiet for ${stall.quietMs} ms`);
    assert.match(result.message, /^Restored \d+ rows? for .* It is not in search after .*: search indexing is stalled: generic-mae-consumer-job-client/);
  });
});
