// Offered follow-ups (src/platform/followUp.ts) inside VS Code against the sandbox: the entity cleanup's
// "Apply…" offered beside its dry run is bound to the connection it was planned on and lasts 10 minutes.
// Clicked after the person switched connection, after the connection's URL changed, or too late, it
// runs nothing (no modal, no delete) and says why and what to do; clicked in time, it asks as ever.
// The notification is caught through the test seam screen.catchNotifications and clicked later; the
// clock is aged through writeClock.shift.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { CaughtNotification, ShownText } from '../../../src/platform/safeWindow';
import { waitFor } from '../support/core';
import { answering } from '../support/modals';
import { needsOpenapi } from '../support/doctor';
import { Commands } from '../../../src/shared/commandIds';

const APPLY = 'Apply…';
const deletes = async () => (await sandbox.requests()).filter((q) => q.method === 'DELETE');

/** Plans the chart cleanup as the person watching it (notify), and returns the notification that offers Apply…, caught. */
async function offeredApply(): Promise<CaughtNotification> {
  const api = await activateExtension();
  const caught: CaughtNotification[] = [];
  api.screen.catchNotifications((n) => caught.push(n));
  try {
    await vscode.commands.executeCommand(Commands.planEntityCleanup, { entityType: 'chart', notify: true });
    await waitFor(() => caught.some((n) => n.buttons.includes(APPLY)), 'the plan offers Apply…');
  } finally {
    api.screen.catchNotifications(undefined);
  }
  const offer = caught.find((n) => n.buttons.includes(APPLY));
  assert.ok(offer);
  return offer;
}

/** Clicks Apply… and returns the warnings shown after it (and the modals asked) once one of them appeared, or after a while. */
async function click(offer: CaughtNotification, expectWarning: boolean): Promise<{ warnings: string[]; modals: string[] }> {
  const api = await activateExtension();
  const shown: ShownText[] = [];
  api.screen.record(shown);
  const s = await answering(undefined);
  try {
    offer.click(APPLY);
    const warnings = () => shown.filter((t) => t.surface === 'warning' && !t.modal).map((t) => t.text);
    if (expectWarning) await waitFor(() => warnings().length > 0, 'the follow-up says why it ran nothing');
    else await waitFor(() => s.modals.length > 0, 'the apply asks');
    // Anything the click started would have asked by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { warnings: warnings(), modals: [...s.modals] };
  } finally {
    s.stop();
    api.screen.record(undefined);
  }
}

describe('follow-ups: an offered Apply… is bound to its connection and expires', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  afterEach(async () => {
    (await activateExtension()).writeClock.shift(0);
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it('clicked in time on the same connection, it asks as the apply always does', async function () {
    needsOpenapi(this);
    const offer = await offeredApply();
    await sandbox.clearRequests();
    const { warnings, modals } = await click(offer, false);
    assert.deepEqual(warnings, []);
    assert.equal(modals.length, 1, modals.join('\n---\n'));
    assert.match(modals[0], /^Delete 3 [^\n]*chart[^\n]* on "sandbox"\?/);
    assert.deepEqual(await deletes(), [], 'dismissed: nothing deleted');
  });

  it('after switching connection it runs nothing and says so', async function () {
    needsOpenapi(this);
    const offer = await offeredApply();
    await useSandboxConnection({ name: 'other', token: 'admin', keepOthers: true });
    await sandbox.clearRequests();
    const { warnings, modals } = await click(offer, true);
    assert.deepEqual(modals, [], 'no modal: nothing was run');
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(
      warnings[0],
      /^Apply was offered for "sandbox"; the active connection is now "other"\. Nothing was run\. Plan the cleanup again on the connection you mean\.$/,
    );
    assert.deepEqual(await deletes(), []);
  });

  it("after the connection's URL changed it runs nothing and says so", async function () {
    needsOpenapi(this);
    const offer = await offeredApply();
    await useSandboxConnection({ token: 'admin', viaFrontend: true });
    await sandbox.clearRequests();
    const { warnings, modals } = await click(offer, true);
    assert.deepEqual(modals, []);
    assert.match(
      warnings[0],
      /^Apply was offered for "sandbox"; its GMS URL changed since \(now http:\/\/127\.0\.0\.1:\d+\)\. Nothing was run\. Plan the cleanup again\.$/,
    );
    assert.deepEqual(await deletes(), []);
  });

  it('more than 10 minutes later it runs nothing and says so', async function () {
    needsOpenapi(this);
    const offer = await offeredApply();
    (await activateExtension()).writeClock.shift(11 * 60_000);
    await sandbox.clearRequests();
    const { warnings, modals } = await click(offer, true);
    assert.deepEqual(modals, []);
    assert.match(
      warnings[0],
      /^Apply was offered 11 minutes ago \(follow-ups are good for 10 minutes\); what it offered may be out of date\. Nothing was run\. Plan the cleanup again\.$/,
    );
    assert.deepEqual(await deletes(), []);
  });
});
