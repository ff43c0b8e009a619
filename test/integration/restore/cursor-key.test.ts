// The editor's context key datahub.cursorOnUrn behind the editor menu's
// "DataHub: Restore Indices for This URN": true on a URN, false elsewhere.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import { SAMPLE_URNS } from '../../sandbox/data';

async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('surfaces: editor context key datahub.cursorOnUrn', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('is true on a URN, false elsewhere, follows typing, and is sent only when it changes', async () => {
    const seam = (await activateExtension()).cursorOnUrn;
    assert.ok(seam, 'activate() returns the cursorOnUrn seam');
    const urn = SAMPLE_URNS.ordersDataset;
    const content = `# notes\nowner: someone\ndataset: ${urn} (orders)\n`;
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
    const editor = await vscode.window.showTextDocument(document);
    const place = (needle: string, delta = 0) => {
      const at = document.positionAt(document.getText().indexOf(needle) + delta);
      editor.selection = new vscode.Selection(at, at);
    };
    place('owner');
    await waitFor(() => seam.current === false, 'false on a line without a URN');
    place(urn, 12);
    await waitFor(() => seam.current === true, 'true inside the URN');
    const sent = seam.sent;
    place(urn, 20);
    place(urn, 30);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(seam.sent, sent, 'moving within the URN sends nothing new');
    place('(orders)', 3);
    await waitFor(() => seam.current === false, 'false after the URN');
    // A selection over the URN on its line counts.
    const line = document.positionAt(content.indexOf('dataset:')).line;
    editor.selection = new vscode.Selection(line, 0, line, document.lineAt(line).text.length);
    await waitFor(() => seam.current === true, 'true for a selection over the URN');
    // Typing a URN where the cursor is.
    place('owner: ', 7);
    await waitFor(() => seam.current === false, 'false on "someone"');
    await editor.edit((e) => e.insert(editor.selection.active, 'urn:li:corpuser:jdoe '));
    place('urn:li:corpuser', 4);
    await waitFor(() => seam.current === true, 'true on the typed URN');
  });
});
