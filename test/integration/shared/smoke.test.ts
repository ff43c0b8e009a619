// The extension loads in a real VS Code and every command the manifest
// promises is there: a palette entry that does nothing is the first thing a
// user would notice.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'datahub-index-ops.datahub-index-ops';

interface ManifestCommand {
  command: string;
  title: string;
}

describe('smoke', () => {
  it('activates the extension', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not installed in the test host`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every command declared in package.json', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    await extension.activate();
    const declared = (extension.packageJSON.contributes.commands as ManifestCommand[]).map((c) => c.command);
    assert.ok(declared.length > 0, 'the manifest declares no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `declared in package.json but not registered: ${missing.join(', ')}`);
  });
});
