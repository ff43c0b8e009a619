// Briefly highlights the URNs a restore from the editor acts on, so the user
// sees which text was taken (a right-click may land near, not on, the URN).
import * as vscode from 'vscode';
import { urnSpanAt } from '../logic/cursorOnUrn';
import { findUrnsInSpan } from '../../shared/findUrn';

export const HIGHLIGHT_MS = 1500;

let decoration: vscode.TextEditorDecorationType | undefined;
function decorationType(): vscode.TextEditorDecorationType {
  decoration ??= vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'),
    borderColor: new vscode.ThemeColor('editor.findMatchBorder'),
    borderStyle: 'solid',
    borderWidth: '1px',
    borderRadius: '2px',
  });
  return decoration;
}

/** The ranges of the URNs at the editor's selections (cursor: the URN around it; selection: those it overlaps on its lines). */
export function urnRangesAt(editor: vscode.TextEditor): vscode.Range[] {
  const ranges: vscode.Range[] = [];
  for (const selection of editor.selections) {
    const { active } = selection;
    const text = editor.document.lineAt(active.line).text;
    if (selection.isEmpty || selection.start.line !== selection.end.line) {
      const span = urnSpanAt(text, active.character);
      if (span) ranges.push(new vscode.Range(active.line, span[0], active.line, span[1]));
      continue;
    }
    const found = findUrnsInSpan(text, selection.start.character, selection.end.character);
    const spans = found.length ? found.map((m): [number, number] => [m.start, m.end]) : [urnSpanAt(text, active.character)].filter((s) => s !== undefined);
    for (const [start, end] of spans) ranges.push(new vscode.Range(active.line, start, active.line, end));
  }
  return ranges;
}

/** Highlights the ranges for HIGHLIGHT_MS; returns them (for tests). */
export function flashUrns(editor: vscode.TextEditor, ranges: vscode.Range[]): vscode.Range[] {
  if (ranges.length === 0) return ranges;
  const type = decorationType();
  editor.setDecorations(type, ranges);
  setTimeout(() => editor.setDecorations(type, []), HIGHLIGHT_MS);
  return ranges;
}

export function disposeHighlight(): void {
  decoration?.dispose();
  decoration = undefined;
}
