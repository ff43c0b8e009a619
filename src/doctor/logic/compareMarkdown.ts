// A comparison of two connections as a read-only Markdown document: each side's name and GMS, then a
// table per section, the differences first. Every server and connection text goes through the inert
// table-cell escaper (src/shared/markdown.ts): server text is data.
import { markdownTableCellInert } from '../../shared/markdown';
import { withoutInvisible } from '../../shared/uiText';
import type { CompareSection } from './compare';

export interface CompareSide {
  name: string;
  gmsOrigin: string;
  unreadable?: string;
}

const CELL_MAX = 200;
const cell = (text: string | undefined) => (text === undefined ? '—' : markdownTableCellInert(withoutInvisible(text).slice(0, CELL_MAX)));

export function compareMarkdown(left: CompareSide, right: CompareSide, sections: readonly CompareSection[], at: number): string {
  const side = (s: CompareSide, label: string) =>
    `- ${label}: **${cell(s.name)}** (${cell(s.gmsOrigin)})${s.unreadable ? `: not read, ${cell(s.unreadable)}` : ''}`;
  const out = [
    `# Compare connections: ${cell(left.name)} and ${cell(right.name)}`,
    '',
    `${new Date(at).toISOString()} · reads only`,
    '',
    side(left, 'Left'),
    side(right, 'Right'),
    '',
  ];
  for (const s of sections) {
    const differing = s.rows.filter((r) => r.differs).length;
    out.push(`## ${s.title}`, '', `${differing} of ${s.rows.length} row${s.rows.length === 1 ? '' : 's'} differ${differing === 1 ? 's' : ''}.`, '');
    if (s.unread?.left) out.push(`${cell(left.name)} not read: ${cell(s.unread.left)}`, '');
    if (s.unread?.right) out.push(`${cell(right.name)} not read: ${cell(s.unread.right)}`, '');
    if (s.rows.length === 0) continue;
    const extra = s.id === 'entityCounts';
    out.push(`| | Key | ${cell(left.name)} | ${cell(right.name)} |${extra ? ' Difference |' : ''}`, `| --- | --- | --- | --- |${extra ? ' --- |' : ''}`);
    for (const r of s.rows)
      out.push(`| ${r.differs ? '≠' : ''} | ${cell(r.key)} | ${cell(r.left)} | ${cell(r.right)} |${extra ? ` ${cell(r.difference ?? '')} |` : ''}`);
    out.push('');
  }
  out.push('The garbage collector is not compared yet.', '');
  return out.join('\n');
}
