// A comparison of two connections as a read-only Markdown document: each side's name and GMS, then a
// table per section, the differences first. Every server and connection text goes through the inert
// table-cell builder (rawCell in src/shared/markdown.ts): server text is data.
import { joinMarkdown, mdown, rawCell, rawText, type Markdown } from '../../shared/markdown';
import type { CompareSection } from './compare';

export interface CompareSide {
  name: string;
  gmsOrigin: string;
  unreadable?: string;
}

const CELL_MAX = 200;
const cell = (text: string | undefined): Markdown => (text === undefined ? mdown`—` : rawCell(text, CELL_MAX));
/** Text at the start of a line or in a heading: a heading, quote or list marker in it is escaped too. */
const ours = (text: string | undefined): Markdown => (text === undefined ? mdown`—` : rawText(text, CELL_MAX));

export function compareMarkdown(left: CompareSide, right: CompareSide, sections: readonly CompareSection[], at: number): Markdown {
  const side = (s: CompareSide, label: string) =>
    mdown`- ${ours(label)}: **${cell(s.name)}** (${cell(s.gmsOrigin)})${s.unreadable ? mdown`: not read, ${cell(s.unreadable)}` : mdown``}`;
  const out: Markdown[] = [
    mdown`# Compare connections: ${ours(left.name)} and ${ours(right.name)}`,
    mdown``,
    mdown`${ours(new Date(at).toISOString())} · reads only`,
    mdown``,
    side(left, 'Left'),
    side(right, 'Right'),
    mdown``,
  ];
  for (const s of sections) {
    const differing = s.rows.filter((r) => r.differs).length;
    const rows = ours(`${differing} of ${s.rows.length} row${s.rows.length === 1 ? '' : 's'} differ${differing === 1 ? 's' : ''}.`);
    out.push(mdown`## ${ours(s.title)}`, mdown``, rows, mdown``);
    if (s.unread?.left) out.push(mdown`${ours(left.name)} not read: ${cell(s.unread.left)}`, mdown``);
    if (s.unread?.right) out.push(mdown`${ours(right.name)} not read: ${cell(s.unread.right)}`, mdown``);
    if (s.rows.length === 0) continue;
    const extra = s.id === 'entityCounts';
    out.push(
      mdown`| | Key | ${cell(left.name)} | ${cell(right.name)} |${extra ? mdown` Difference |` : mdown``}`,
      mdown`| --- | --- | --- | --- |${extra ? mdown` --- |` : mdown``}`,
    );
    for (const r of s.rows)
      out.push(
        mdown`| ${r.differs ? mdown`≠` : mdown``} | ${cell(r.key)} | ${cell(r.left)} | ${cell(r.right)} |${extra ? mdown` ${cell(r.difference ?? '')} |` : mdown``}`,
      );
    out.push(mdown``);
  }
  return joinMarkdown(out);
}
