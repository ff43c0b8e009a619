// "Restore Indices for URNs in This File / in Selection" against the sandbox: the POST
// list over OpenAPI, one request per URN on a Rest.li-only server, the URNs that restored
// nothing named, and nothing sent when the confirmation is dismissed, the connection is
// read-only or the input is bad.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import { SAMPLE_URNS } from '../../sandbox/data';
import type { UrnListResult } from '../../../src/restore/editor/restoreUrnList';
import { Commands } from '../../../src/shared/commandIds';
import { exec, rejection, waitFor } from '../support/core';
import { answering } from '../support/modals';

const ORDERS = SAMPLE_URNS.ordersDataset;
const JDOE = SAMPLE_URNS.jdoeUser;
const PII = SAMPLE_URNS.piiTag;
const NO_TERM = 'urn:li:glossaryTerm:NoSuchTerm';

const restores = () => sandbox.actionRequests('restoreIndices');
/** The runner's --sandbox-api: a run against a Rest.li-only sandbox skips the tests of the POST list. */
const restliOnlyRun = process.env.DATAHUB_SANDBOX_API === 'restli';
function needsOpenapi(ctx: Mocha.Context): void {
  if (restliOnlyRun) ctx.skip();
}
/** Every URN the sandbox was asked to restore: the POST lists and the one-URN restores. */
const urnsSent = async () => (await restores()).flatMap((r) => (r.params?.urns as string[] | undefined) ?? [r.params?.urn as string]);

async function openUntitled(content: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  await vscode.window.showTextDocument(document);
  return document;
}

async function closeEditors(): Promise<void> {
  for (let i = 0; i < 30 && vscode.window.visibleTextEditors.length > 0; i++) {
    await vscode.window.showTextDocument(vscode.window.visibleTextEditors[0].document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

describe('restore: URNs in a file or selection', function () {
  this.timeout(30_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    await closeEditors();
  });

  it('a file with duplicates: each URN once in one POST list, and the URN that does not exist is named', async function () {
    needsOpenapi(this);
    const document = await openUntitled(
      [`# Tables`, `- ${ORDERS}`, `- owner ${JDOE}`, `- again ${ORDERS} (${JDOE})`, `tags: [${PII}]`, `term: ${NO_TERM}`, ''].join('\n'),
    );
    const result = await exec<UrnListResult>(Commands.restoreUrnsInFile, { uri: document.uri.toString() });
    assert.match(result.message, /^Restored 3 of 4 URNs: .* This URN restored nothing: urn:li:glossaryTerm:NoSuchTerm \(not in the database\)\.$/);
    assert.deepEqual(
      { ...result, message: undefined, rowsMigrated: result.rowsMigrated > 0 },
      {
        message: undefined,
        requested: 4,
        restored: 3,
        restoredNothing: [NO_TERM],
        nothingRestored: [{ urn: NO_TERM, reason: 'notInDatabase' }],
        rowsMigrated: true,
        ignored: result.ignored,
        requests: 1,
        transport: 'openapi',
        status: 'completed',
      },
    );
    const sent = await restores();
    assert.equal(sent.length, 1, 'one request for four URNs');
    assert.equal(sent[0].transport, 'openapi');
    assert.equal(sent[0].method, 'POST');
    assert.deepEqual(([...(sent[0].params?.urns as string[])] as string[]).sort(), [ORDERS, JDOE, PII, NO_TERM].sort());
  });

  it('an empty URN hidden among URNs of its own type (more rows than URNs): named, with why, from one POST and one existence check', async function () {
    needsOpenapi(this);
    const hidden = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.never_loaded,PROD)';
    const urns = [ORDERS, hidden, SAMPLE_URNS.ordersUnderscoreDataset, PII, 'urn:li:tag:no_such_tag_1'];
    const result = await exec<UrnListResult>(Commands.restoreUrnsInFile, { urns });
    assert.ok(result.rowsMigrated >= 3, 'the dataset rows outnumber the datasets: the answer alone cannot tell');
    assert.deepEqual(result.restoredNothing, [hidden, 'urn:li:tag:no_such_tag_1']);
    assert.deepEqual(result.nothingRestored, [
      { urn: hidden, reason: 'notInDatabase' },
      { urn: 'urn:li:tag:no_such_tag_1', reason: 'notInDatabase' },
    ]);
    assert.equal(result.restored, 3);
    assert.match(result.message, /2 URNs restored nothing: .*db\.never_loaded.* \(not in the database\)/);
    const sent = await restores();
    assert.deepEqual(
      sent.map((r) => r.method),
      ['POST'],
      'one POST and no one-URN restore: the database is asked instead',
    );
    assert.equal(result.requests, 1);
  });

  it('in the selection: only the URNs in the selected text', async () => {
    const document = await openUntitled(`${ORDERS}\n${JDOE}\n${PII}\n`);
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document === document);
    editor.selection = new vscode.Selection(1, 0, 2, 100);
    const result = await exec<UrnListResult>(Commands.restoreUrnsInSelection, {});
    assert.equal(result.requested, 2);
    assert.deepEqual((await urnsSent()).sort(), [JDOE, PII].sort());
  });

  it('a Rest.li-only server: the same command restores them one by one', async () => {
    await sandbox.control('POST', '/api', { api: 'restli' });
    await useSandboxConnection({ token: 'admin', name: 'restli-only' });
    await sandbox.clearRequests();
    const missing = 'urn:li:tag:no_such_tag';
    const hidden = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.never_loaded,PROD)';
    const result = await exec<UrnListResult>(Commands.restoreUrnsInFile, { urns: [ORDERS, hidden, JDOE, missing, JDOE] });
    assert.equal(result.transport, 'restli');
    assert.equal(result.requested, 4);
    assert.deepEqual(result.restoredNothing, [hidden, missing]);
    assert.deepEqual(result.nothingRestored, [
      { urn: hidden, reason: 'notInDatabase' },
      { urn: missing, reason: 'notInDatabase' },
    ]);
    assert.match(result.message, /2 URNs restored nothing: .*db\.never_loaded.* \(not in the database\)/);
    const sent = await restores();
    assert.ok(
      sent.every((r) => r.transport === 'restli'),
      'no OpenAPI request',
    );
    assert.deepEqual(sent.map((r) => r.params?.urn).sort(), [ORDERS, hidden, JDOE, missing].sort(), 'one request per URN');
    assert.equal(result.requests, 4);
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });

  it('the confirmation shows the count; dismissed, nothing is sent', async () => {
    const m = await answering();
    try {
      const result = await vscode.commands.executeCommand(Commands.restoreUrnsInFile, { urns: [ORDERS, JDOE, PII, JDOE] });
      assert.equal(result, undefined);
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /^Restore indices for 3 URNs\? · sandbox/);
      assert.match(m.modals[0], /\[Restore 3 URNs\]$/);
      assert.equal((await restores()).length, 0);
    } finally {
      m.stop();
    }
  });

  it('Cancel stops between requests: the chunk in flight finishes, the next is not sent', async function () {
    needsOpenapi(this);
    const urns = Array.from({ length: 150 }, (_, i) => `urn:li:corpuser:absent${i}`);
    // One quick run first, so the connection's transport is known and the next run sends at once.
    await exec<UrnListResult>(Commands.restoreUrnsInFile, { urns: [JDOE] });
    await sandbox.clearRequests();
    // The first chunk's answer waits in the sandbox: the cancel surely comes while it is in flight.
    await sandbox.control('POST', '/hold', { action: 'restoreIndices' });
    const running = exec<UrnListResult>(Commands.restoreUrnsInFile, { urns });
    let result: UrnListResult;
    try {
      await waitFor(async () => (await sandbox.control<{ held: unknown[] }>('GET', '/hold')).held.length === 1, 'the first chunk, held');
      await exec(Commands.cancelRestore, {});
    } finally {
      await sandbox.control('POST', '/release', {});
      result = await running;
    }
    assert.equal(result.status, 'cancelled');
    assert.equal(result.requests, 1);
    assert.deepEqual(result.restoredNothing, urns.slice(0, 100), 'the first chunk has its outcome');
    assert.equal((await restores()).length, 1);
  });

  it('on a production connection 100 URNs or more also ask for the count typed; Escape sends nothing', async () => {
    await vscode.workspace
      .getConfiguration('datahub')
      .update('connections', [{ name: 'sandbox', gmsUrl: sandboxUrl(), environment: 'production' }], vscode.ConfigurationTarget.Global);
    const m = await answering('Restore 100 URNs', undefined);
    try {
      const urns = Array.from({ length: 100 }, (_, i) => `urn:li:corpuser:absent${i}`);
      assert.equal(await vscode.commands.executeCommand(Commands.restoreUrnsInFile, { urns }), undefined);
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /^Restore indices for 100 URNs\? · sandbox \(production\)/);
      assert.equal(m.inputs.length, 1, 'the typed count was asked');
      assert.equal((await restores()).length, 0);
    } finally {
      m.stop();
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('a read-only connection is refused before any request', async () => {
    await vscode.workspace
      .getConfiguration('datahub')
      .update('connections', [{ name: 'sandbox', gmsUrl: sandboxUrl(), readOnly: true }], vscode.ConfigurationTarget.Global);
    await sandbox.clearRequests();
    try {
      const error = await rejection(exec(Commands.restoreUrnsInFile, { urns: [ORDERS, JDOE] }));
      assert.match(error.message, /read-only/);
      assert.deepEqual(
        (await sandbox.requests()).filter((r) => r.transport !== undefined || r.action === 'restoreIndices'),
        [],
      );
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('bad input is refused with a clear message and sends nothing', async () => {
    const empty = await openUntitled('No URNs here, only urn:li: and words.\n');
    const none = await rejection(exec(Commands.restoreUrnsInFile, { uri: empty.uri.toString() }));
    assert.match(none.message, /No DataHub URN in that document\. .* Nothing was sent\./);
    const many = Array.from({ length: 10_001 }, (_, i) => `urn:li:corpuser:user${i}`);
    const tooMany = await rejection(exec(Commands.restoreUrnsInFile, { urns: many }));
    assert.match(tooMany.message, /10001 URNs in "urns": at most 10,000 at once/);
    const bad = await rejection(exec(Commands.restoreUrnsInSelection, { urns: [JDOE, 'urn:li:corpuser', PII] }));
    assert.match(bad.message, /urns\[1\] "urn:li:corpuser" is not a URN/);
    assert.equal((await restores()).length, 0);
  });
});
