// The restore feature: restore-indices commands, the search check, and URNs in
// editors (hover, restore at the cursor). extension.ts uses it through here.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerRestoreCommands } from './restore';
import { registerCheckSearchIndex } from './checkSearchIndex';
import { registerEditorFeatures } from './editor';

export { cursorOnUrnTestApi } from './editor/cursorContext';

export function registerRestore(services: Services): vscode.Disposable[] {
  return [...registerRestoreCommands(services), registerCheckSearchIndex(services), ...registerEditorFeatures(services)];
}
