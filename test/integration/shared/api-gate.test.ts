// The confirmation gate for the typed API, in Production-like conditions (the
// test seam apiGate.simulateProduction(true) makes this Test host behave as a
// Production one): every destructive call through the API asks in the same modal
// as the palette, and on a production connection for the typed name too;
// dismissed, the sandbox receives nothing destructive. With the user's
// datahub.api.allowUnconfirmedCalls on, it goes ahead; read-only still refuses.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, run, sandbox, useSandboxConnection } from '../../host/inHost';
import { Commands } from '../../../src/shared/commandIds';
import { answering } from '../support/modals';
import { needsOpenapi } from '../support/doctor';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };
const DASHBOARD_INDEX = 'dashboard_dashboardusagestatisticsaspect_v1';
const realTruncations = async () => (await sandbox.actionRequests('truncateTimeseriesAspect')).filter((r) => (r.body as { dryRun?: boolean }).dryRun === false);

async function setAllowUnconfirmed(value: boolean | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('datahub').update('api.allowUnconfirmedCalls', value, vscode.ConfigurationTarget.Global);
}

async function setEnvironment(environment: 'production' | null, readOnly?: boolean): Promise<void> {
  const api = await activateExtension();
  api.screen.answerModals((_message, _detail, buttons) => buttons[0]); // lifting a protection asks too
  try {
    await api.editConnection({ name: 'sandbox', environment, readOnly: readOnly ?? false });
  } finally {
    api.screen.answerModals(undefined);
  }
}

describe('security: the typed API asks like a person would (Production-like host)', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    (await activateExtension()).apiGate.simulateProduction(true);
  });
  after(async () => {
    (await activateExtension()).apiGate.simulateProduction(false);
    await setAllowUnconfirmed(undefined);
    await sandbox.reset();
  });

  it('a real truncation through the API asks with the figures; dismissed, only the dry run was sent', async () => {
    await sandbox.clearRequests();
    const s = await answering(undefined);
    try {
      const result = await run<{ kind: string }>(Commands.truncateTimeseriesAspect, { ...DASHBOARD, endTimeMillis: Date.now() - 200 * DAY, dryRun: false });
      assert.equal(result.kind, 'dryRun');
      assert.equal(s.modals.length, 1);
      assert.match(s.modals[0], /Delete \d+ of 201 rows/);
      assert.match(s.modals[0], /Asked for through this extension's API/);
      assert.deepEqual(await realTruncations(), []);
    } finally {
      s.stop();
    }
  });

  it('an all-rows restore and a retention apply through the API ask; dismissed, nothing is sent', async () => {
    await sandbox.clearRequests();
    const s = await answering(undefined);
    try {
      assert.equal(await run(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:corpuser:%', all: true }), undefined);
      const plan = await run<{ applied?: unknown }>(Commands.planRetention, { cutoffs: [{ indexName: DASHBOARD_INDEX, days: 90 }], apply: true });
      assert.equal(plan.applied, undefined);
      assert.deepEqual((plan as { notApplied?: unknown }).notApplied, { reason: 'declined' });
      assert.match((plan as { message: string }).message, /Not applied: the confirmation was dismissed; nothing was deleted\.$/);
      assert.equal(s.modals.length, 2, s.modals.join('\n---\n'));
      assert.match(s.modals[0], /^Restore indices for every row matching urn:li:corpuser:%\?/);
      assert.match(s.modals[1], /^Delete old rows from 1 index on "sandbox"\?[\s\S]*\[Apply\]$/);
      assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
      assert.deepEqual(await realTruncations(), []);
    } finally {
      s.stop();
    }
  });

  it('several URNs, a createDefaultAspects batch, replacing the token and removing the connection through the API ask; dismissed, nothing changes', async () => {
    await sandbox.clearRequests();
    const { services } = await activateExtension();
    const s = await answering(undefined);
    try {
      assert.equal(await run(Commands.restoreUrnAtCursor, { urns: ['urn:li:corpuser:jdoe', 'urn:li:tag:pii'] }), undefined);
      assert.equal(await run(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:corpuser:%', createDefaultAspects: true }), undefined);
      assert.equal(await run(Commands.setAccessToken, { connection: 'sandbox', token: 'another-token-value-0123' }), undefined);
      assert.equal(await run(Commands.removeConnection, { name: 'sandbox' }), undefined);
      // Clearing then setting would swap the token without a modal: clearing asks too.
      assert.equal(await run(Commands.clearAccessToken, { connection: 'sandbox' }), undefined);
      // Explicit pages count as pages × batchSize rows: two pages of 10,000 are more than one batch.
      assert.equal(await run(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:corpuser:%', batchSize: 10_000, pages: [0, 10_000] }), undefined);
      assert.deepEqual(
        s.modals.map((m) => m.split('\n')[0]),
        [
          'Restore indices for 2 URNs? · sandbox',
          'Restore indices for 10 rows matching urn:li:corpuser:%? · sandbox',
          'Replace the access token of "sandbox"?',
          'Remove the DataHub connection "sandbox"?',
          'Clear the access token of "sandbox"?',
          'Restore indices for up to 20,000 rows matching urn:li:corpuser:%? · sandbox',
        ],
      );
      assert.match(s.modals[5], /2 pages of 10,000 rows each \(up to 20,000 rows\), at starts 0, 10000\./);
      assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
      const connection = services.connections.get('sandbox');
      assert.ok(connection, 'the connection is still there');
      const token = await services.connections.getToken(connection);
      assert.ok(token !== 'another-token-value-0123', 'the token was not replaced');
      assert.ok(token, 'the token was not cleared');
    } finally {
      s.stop();
    }
  });

  it('on a production connection, after the modal the name is typed; Escape there sends nothing', async () => {
    await setEnvironment('production');
    await sandbox.clearRequests();
    const s = await answering('Truncate', undefined);
    try {
      const result = await run<{ kind: string }>(Commands.truncateTimeseriesAspect, { ...DASHBOARD, endTimeMillis: Date.now() - 200 * DAY, dryRun: false });
      assert.equal(result.kind, 'dryRun');
      assert.equal(s.modals.length, 1);
      assert.equal(s.inputs.length, 1);
      assert.match(s.inputs[0], /"sandbox" is a production connection: type dashboard_dashboardusagestatisticsaspect_v1 to confirm/);
      assert.deepEqual(await realTruncations(), []);
    } finally {
      s.stop();
      await setEnvironment(null);
    }
  });

  it('datahub.api.allowUnconfirmedCalls counts once the person allowed it in our own modal; then the API goes ahead; read-only still refuses', async () => {
    const ALLOW = 'Allow Unconfirmed Calls';
    const EVERY_ROW = { urnLike: 'urn:li:corpuser:%', all: true };
    await sandbox.clearRequests();
    // Turned on (by anyone: extensions can write settings), not yet allowed: dismissed, the call asks as before.
    const dismissed = await answering(undefined);
    try {
      await setAllowUnconfirmed(true);
      assert.equal(await run(Commands.restoreIndicesByPattern, EVERY_ROW), undefined);
      assert.equal(await run(Commands.restoreIndicesByPattern, EVERY_ROW), undefined);
      assert.deepEqual(
        dismissed.modals.map((m) => m.split('\n')[0]),
        [
          'Let other extensions and scripts restore indices, truncate old rows, apply retention plans and run the restore job on the cluster through DataHub Index Operations without asking you?',
          'Restore indices for every row matching urn:li:corpuser:%? · sandbox',
          'Restore indices for every row matching urn:li:corpuser:%? · sandbox',
        ],
        'asked about the setting once, then each call asked',
      );
      assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
    } finally {
      dismissed.stop();
    }

    // Turned on again and allowed: this call and the next go ahead without their modal.
    const allowed = await answering((buttons) => (buttons.includes(ALLOW) ? ALLOW : undefined));
    try {
      await setAllowUnconfirmed(undefined);
      await setAllowUnconfirmed(true);
      const done = await run<{ status: string }>(Commands.restoreIndicesByPattern, EVERY_ROW);
      assert.equal(done.status, 'completed');
      const again = await run<{ status: string }>(Commands.restoreIndicesByPattern, EVERY_ROW);
      assert.equal(again.status, 'completed');
      assert.equal(allowed.modals.length, 1, allowed.modals.join('\n---\n'));
      assert.match(allowed.modals[0], /may have been turned on by you, or by another extension/);
      assert.ok((await sandbox.actionRequests('restoreIndices')).length > 0);

      await setEnvironment(null, true);
      await sandbox.clearRequests();
      await assert.rejects(
        run(Commands.truncateTimeseriesAspect, { ...DASHBOARD, endTimeMillis: Date.now() - 200 * DAY, dryRun: false }),
        /is read-only: Truncate Old Rows was refused and nothing was sent/,
      );
      assert.deepEqual(await sandbox.requests().then((r) => r.filter((x) => x.action !== 'getIndexSizes')), []);
    } finally {
      allowed.stop();
      await setAllowUnconfirmed(undefined);
      await setEnvironment(null, false);
    }
  });

  it('the allowance covers its classes only: a call of another class asks a new allowance that lists them, the new one marked; declined, that class asks like a person', async function () {
    needsOpenapi(this);
    const ALLOW = 'Allow Unconfirmed Calls';
    const EVERY_ROW = { urnLike: 'urn:li:corpuser:%', all: true };
    await setAllowUnconfirmed(undefined);
    // Restores and truncations allowed: the modal lists that one class, marked as the one asked for.
    const first = await answering((buttons) => (buttons.includes(ALLOW) ? ALLOW : undefined));
    try {
      await setAllowUnconfirmed(true);
      assert.equal((await run<{ status: string }>(Commands.restoreIndicesByPattern, EVERY_ROW)).status, 'completed');
      assert.equal(first.modals.length, 1, first.modals.join('\n---\n'));
      assert.match(
        first.modals[0],
        /covers exactly these, and nothing else:\n• restore indices, truncate old rows, apply retention plans and run the restore job on the cluster \(NEW: asked for now\)\n\n/,
      );
    } finally {
      first.stop();
    }

    // An entity cleanup is another class: asked again, naming both; declined, the cleanup asks like a person's call, twice.
    await sandbox.clearRequests();
    const declined = await answering(undefined);
    try {
      const once = await run<{ notDone?: { reason: string } }>(Commands.applyEntityCleanup, { entityType: 'chart' });
      const twice = await run<{ notDone?: { reason: string } }>(Commands.applyEntityCleanup, { entityType: 'chart' });
      assert.deepEqual([once.notDone?.reason, twice.notDone?.reason], ['declined', 'declined']);
      assert.equal(
        declined.modals[0].split('\n')[0],
        'Let other extensions and scripts also delete entities (the soft and hard deletes of entity cleanup) through DataHub Index Operations without asking you?',
      );
      assert.match(declined.modals[1], /^Delete 3 [^\n]*chart[^\n]* on "sandbox"\?/);
      assert.match(declined.modals[2], /^Delete 3 [^\n]*chart[^\n]* on "sandbox"\?/);
      assert.match(
        declined.modals[0],
        /covers exactly these, and nothing else:\n• restore indices, truncate old rows, apply retention plans and run the restore job on the cluster\n• delete entities \(the soft and hard deletes of entity cleanup\) \(NEW: asked for now\)\n\n/,
      );
      assert.match(declined.modals[1], /Asked for through this extension's API/);
      assert.equal((await sandbox.requests()).filter((q) => q.method === 'DELETE').length, 0, 'nothing deleted');
      // The class allowed before still goes ahead without a modal.
      assert.equal((await run<{ status: string }>(Commands.restoreIndicesByPattern, EVERY_ROW)).status, 'completed');
      assert.equal(declined.modals.length, 3, declined.modals.join('\n---\n'));
    } finally {
      declined.stop();
    }

    // Changing the setting clears every allowance: the restore asks again.
    const cleared = await answering(undefined);
    try {
      await setAllowUnconfirmed(undefined);
      await setAllowUnconfirmed(true);
      assert.equal(await run(Commands.restoreIndicesByPattern, EVERY_ROW), undefined);
      assert.match(cleared.modals[0], /^Let other extensions and scripts restore indices/);
      assert.match(cleared.modals[1], /^Restore indices for every row matching urn:li:corpuser:%\?/);
    } finally {
      cleared.stop();
      await setAllowUnconfirmed(undefined);
    }
  });

  it('without the seam (a Test host) the API skips the modal, as before', async () => {
    const api = await activateExtension();
    api.apiGate.simulateProduction(false);
    const s = await answering(undefined);
    try {
      const done = await run<{ status: string }>(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:corpuser:%', all: true });
      assert.equal(done.status, 'completed');
      assert.deepEqual(s.modals, []);
    } finally {
      s.stop();
      api.apiGate.simulateProduction(true);
    }
  });

  it('a retention apply confirmed once through the API truncates each index without asking again', async () => {
    await sandbox.clearRequests();
    const s = await answering('Apply');
    try {
      const plan = await run<{ applied?: Array<{ outcome: string }> }>(Commands.planRetention, {
        cutoffs: [{ indexName: DASHBOARD_INDEX, days: 90 }],
        apply: true,
      });
      assert.equal(s.modals.length, 1, s.modals.join('\n---\n'));
      assert.equal(plan.applied?.length, 1);
      assert.notEqual(plan.applied?.[0].outcome, 'skipped');
      assert.equal((await realTruncations()).length >= 1, true);
    } finally {
      s.stop();
    }
  });
});
