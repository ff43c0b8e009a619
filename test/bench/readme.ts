// Puts the latest table into README.md's "Performance" section, between two
// markers, so the prose around it stays as written.
import * as fs from 'node:fs';

export const START = '<!-- bench:start (npm run bench -- --update-readme rewrites this part) -->';
export const END = '<!-- bench:end -->';

export function updateReadme(file: string, markdown: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from === -1 || to < from) {
    throw new Error(`${file} has no bench markers: add a "## Performance" section with ${START} … ${END}`);
  }
  fs.writeFileSync(file, `${text.slice(0, from + START.length)}\n${markdown.trim()}\n${text.slice(to)}`);
}
