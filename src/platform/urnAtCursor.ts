// The URN at the cursor of the active editor, offered first by every URN picker
// (restore, the search check, Explain Search).
import * as vscode from 'vscode';
import { findUrnAt } from '../shared/findUrn';
import type { Suggestion } from './prompts';

export function urnAtActiveCursor(): Suggestion[] {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return [];
  const pos = editor.selection.active;
  const line = editor.document.lineAt(pos.line).text;
  const match = findUrnAt(line, pos.character);
  return match ? [{ value: match.urn, description: `$(go-to-file) at the cursor · ${match.entityType}` }] : [];
}
