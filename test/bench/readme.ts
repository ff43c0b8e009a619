// Puts the latest table into docs/performance.md's "Latest figures" part, between
// two markers, so the prose around it stays as written.
import * as fs from 'node:fs';

/** The document holding the bench table, relative to the repository root. */
export const PERFORMANCE_DOC = 'docs/performance.md';

export const START = '<!-- bench:start (npm run bench -- --update-docs rewrites this part) -->';
export const END = '<!-- bench:end -->';

export function updateFigures(file: string, markdown: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from === -1 || to < from) {
    throw new Error(`${file} has no bench markers: add a "Latest figures" part with ${START} … ${END}`);
  }
  fs.writeFileSync(file, `${text.slice(0, from + START.length)}\n${markdown.trim()}\n${text.slice(to)}`);
}
