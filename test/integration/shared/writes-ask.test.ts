// Every write asks when called with arguments (a command link, a keybinding,
// another extension): createDefaultAspects counts as heavy, a pattern without a
// concrete urn:li:<type>: prefix counts as "all", more than one URN at the cursor
// asks with the count, "uri" must name an open document, and Set Access Token asks
// before replacing a stored token. Each dismissed question sends nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection, workspaceFile } from '../../host/inHost';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { Commands } from '../../../src/shared/commandIds';
import { answering } from '../support/modals';

const restores = async () => (await sandbox.actionRequests('restoreIndices')).length;

describe('security: every write asks when called with arguments', function () {
  this.timeout(30_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it('one batch with createDefaultAspects (it writes to the database) asks; dismissed, nothing is sent', async () => {
    await sandbox.clearRequests();
    const m = await answering();
    try {
      const result = await vscode.commands.executeCommand(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:corpuser:%', createDefaultAspects: true });
      assert.equal(result, undefined);
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /^Restore indices for 10 rows matching urn:li:corpuser:%\?/);
      assert.match(m.modals[0], /createDefaultAspects WRITES to the database/);
      assert.equal(await restores(), 0);
    } finally {
      m.stop();
    }
  });

  it('patterns without a concrete urn:li:<type>: prefix (%:%, %li%, %a%) count as "all"; dismissed, nothing is sent', async () => {
    await sandbox.clearRequests();
    const m = await answering();
    try {
      for (const urnLike of ['%:%', '%li%', '%a%']) {
        assert.equal(await vscode.commands.executeCommand(Commands.restoreIndicesByPattern, { urnLike }), undefined, urnLike);
      }
      assert.equal(m.modals.length, 3);
      for (const text of m.modals) assert.match(text, /\(no urn:li:<type>: prefix: it may match every URN\)\?/);
      assert.equal(await restores(), 0);
      // One entity type, one batch: no question.
      const one = await vscode.commands.executeCommand<{ requests: number }>(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:corpuser:%' });
      assert.equal(one.requests, 1);
      assert.equal(m.modals.length, 3);
    } finally {
      m.stop();
    }
  });

  it('restore at cursor of more than one URN asks with the count; dismissed, nothing is sent', async () => {
    await sandbox.clearRequests();
    const m = await answering();
    try {
      const urns = ['urn:li:corpuser:jdoe', 'urn:li:tag:pii', 'urn:li:corpuser:datahub'];
      assert.equal(await vscode.commands.executeCommand(Commands.restoreUrnAtCursor, urns), undefined);
      assert.equal(await vscode.commands.executeCommand(Commands.restoreUrnAtCursor, { urns }), undefined);
      assert.equal(m.modals.length, 2);
      assert.match(m.modals[0], /^Restore indices for 3 URNs\? · sandbox\n• urn:li:corpuser:jdoe/);
      assert.match(m.modals[0], /Asked for by a command with arguments/);
      assert.equal(await restores(), 0);
    } finally {
      m.stop();
    }
  });

  it('"uri" must name an open or untitled document: a file that is not open is refused and nothing is sent', async () => {
    await sandbox.clearRequests();
    const file = workspaceFile('not-open-urns.txt');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('urn:li:corpuser:jdoe\n'));
    try {
      assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === file.toString()));
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand(Commands.restoreUrnAtCursor, { uri: file.toString(), positions: [{ line: 0, character: 3 }] })),
        /"uri" must name a document open in VS Code \(or an untitled one\)/,
      );
      const untitled = await vscode.workspace.openTextDocument({ content: 'owner: urn:li:corpuser:jdoe' });
      const done = await vscode.commands.executeCommand<{ restored: number }>(Commands.restoreUrnAtCursor, {
        uri: untitled.uri.toString(),
        positions: [{ line: 0, character: 12 }],
      });
      assert.equal(done.restored, 1);
      assert.equal(await restores(), 1, 'only the untitled document’s URN');
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });

  it('Set Access Token with arguments asks before replacing a stored token; dismissed, the old one stays', async () => {
    const { services } = await activateExtension();
    const connection = services.connections.get('sandbox');
    assert.ok(connection);
    const m = await answering();
    try {
      // The same token again replaces nothing: no question.
      await vscode.commands.executeCommand(Commands.setAccessToken, { connection: 'sandbox', token: SANDBOX_TOKENS.admin });
      assert.equal(m.modals.length, 0);
      const result = await vscode.commands.executeCommand(Commands.setAccessToken, { connection: 'sandbox', token: SANDBOX_TOKENS.reader });
      assert.equal(result, undefined);
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /^Replace the access token of "sandbox"\?/);
      assert.ok((await services.connections.getToken(connection)) === SANDBOX_TOKENS.admin, 'the stored token is unchanged');
    } finally {
      m.stop();
    }
    const confirmed = await answering('Replace Token');
    try {
      await vscode.commands.executeCommand(Commands.setAccessToken, { connection: 'sandbox', token: SANDBOX_TOKENS.reader });
      assert.ok((await services.connections.getToken(connection)) === SANDBOX_TOKENS.reader, 'replaced once confirmed');
    } finally {
      confirmed.stop();
      await (await activateExtension()).setAccessToken({ connection: 'sandbox', token: SANDBOX_TOKENS.admin });
    }
  });
});
