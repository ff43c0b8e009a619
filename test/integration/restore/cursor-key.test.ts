// The editor's context keys behind its menu: datahub.cursorOnUrn ("DataHub: Restore
// Indices for This URN": true on a URN, false elsewhere) and datahub.documentHasUrn /
// datahub.selectionHasUrn (the file, selection and search-check entries: only in a
// document, or a selection, that mentions a URN).
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

describe('surfaces: editor context keys datahub.documentHasUrn and datahub.selectionHasUrn', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(async () => {
    for (let i = 0; i < 5 && vscode.window.activeTextEditor; i++) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('false in a file without a URN, true with one; follows edits (debounced) and the selection', async () => {
    const seam = (await activateExtension()).urnMentions;
    assert.ok(seam, 'activate() returns the urnMentions seam');
    const code = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'export const add = (a: number, b: number) => a + b;\n' });
    await vscode.window.showTextDocument(code);
    await waitFor(() => seam.document === false, 'false in a TypeScript file without a URN');
    assert.equal(seam.selection, false);

    const notes = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: `# notes\nowner: someone\ndataset: ${SAMPLE_URNS.ordersDataset}\n`,
    });
    const editor = await vscode.window.showTextDocument(notes);
    await waitFor(() => seam.document === true, 'true in a document that mentions a URN');
    editor.selection = new vscode.Selection(1, 0, 1, 10);
    await waitFor(() => seam.selection === false, 'false for a selection without a URN');
    editor.selection = new vscode.Selection(1, 0, 3, 0);
    await waitFor(() => seam.selection === true, 'true for a selection over the URN');

    // Several quick edits of the active document are read once they settle.
    const reads = seam.documentReads;
    // Sent together, not one round trip after another: on a busy machine each round trip can outlast the debounce.
    const burst = Array.from({ length: 5 }, () => {
      const edit = new vscode.WorkspaceEdit();
      edit.insert(notes.uri, new vscode.Position(0, 0), 'x');
      return vscode.workspace.applyEdit(edit);
    });
    assert.deepEqual(await Promise.all(burst), [true, true, true, true, true]);
    assert.match(notes.lineAt(0).text, /^xxxxx# notes/);
    await new Promise((r) => setTimeout(r, 600));
    assert.ok(seam.documentReads - reads <= 2, `five quick edits read the document ${seam.documentReads - reads} times`);
    // Deleting the URN turns it off.
    await editor.edit((e) => e.delete(new vscode.Range(2, 0, 3, 0)));
    await waitFor(() => seam.document === false, 'false once the URN is deleted');

    // Edits in a document that is open but not active cost nothing.
    await vscode.window.showTextDocument(code, { preview: false });
    await waitFor(() => seam.document === false, 'the code file is active again');
    const before = seam.documentReads;
    const background = new vscode.WorkspaceEdit();
    background.insert(notes.uri, new vscode.Position(0, 0), `${SAMPLE_URNS.jdoeUser}\n`);
    await vscode.workspace.applyEdit(background);
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(seam.documentReads, before, 'an edit of a background document is not read');
    assert.equal(seam.document, false);
  });
});
