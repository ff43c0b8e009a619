// The restore feature's commands, loaded on the first of them (dist/features.js):
// the palette's restores, the window restore, the editor's restore at the cursor and
// URN lists. index.ts declares their ids.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registrationsOf } from '../shared/commandIds';
import { registerRestoreCommands } from './restore';
import { registerRestoreAtCursor } from './editor/restoreAtCursor';
import { registerRestoreUrnList } from './editor/restoreUrnList';

export function registerCommands(services: Services): vscode.Disposable[] {
  return registrationsOf('restore', ...registerRestoreCommands(services), registerRestoreAtCursor(services), ...registerRestoreUrnList(services));
}
