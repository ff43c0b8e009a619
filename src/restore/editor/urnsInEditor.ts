// Which URNs a set of cursors or selections points at in a document.
import * as vscode from 'vscode';
import { findUrnAt, findUrnsInSpan } from '../../shared/findUrn';

/** A selection spanning more lines than this is read only up to it. */
const MAX_SELECTION_LINES = 2_000;

/**
 * URNs at the given ranges, in document order of the ranges, without repeats.
 * An empty range is a cursor: the URN around it. A non-empty one gives every URN
 * it overlaps, or, when it holds none (a double-clicked word inside a URN), the
 * URN around its active end.
 */
export function urnsAt(document: vscode.TextDocument, ranges: readonly vscode.Range[], active?: readonly vscode.Position[]): string[] {
  const found: string[] = [];
  ranges.forEach((range, i) => {
    const before = found.length;
    if (range.isEmpty) {
      const m = findUrnAt(document.lineAt(range.start.line).text, range.start.character);
      if (m) found.push(m.urn);
      return;
    }
    const last = Math.min(range.end.line, range.start.line + MAX_SELECTION_LINES);
    for (let line = range.start.line; line <= last; line++) {
      const text = document.lineAt(line).text;
      const from = line === range.start.line ? range.start.character : 0;
      const to = line === range.end.line ? range.end.character : text.length;
      if (to <= from) continue;
      for (const m of findUrnsInSpan(text, from, to)) found.push(m.urn);
    }
    if (found.length === before) {
      const at = active?.[i] ?? range.start;
      const m = findUrnAt(document.lineAt(at.line).text, at.character) ?? findUrnAt(document.lineAt(range.start.line).text, range.start.character);
      if (m) found.push(m.urn);
    }
  });
  return [...new Set(found)];
}

export const NO_URN_MESSAGE = 'No DataHub URN at the cursor. Place the cursor inside a URN such as urn:li:corpuser:jdoe, or select one.';
