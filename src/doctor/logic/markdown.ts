// The Doctor's report as Markdown for a ticket: a heading with the connection and the time, then a
// table. Every cell goes through the one table-cell escaper (src/shared/markdown.ts): server text is data,
// and a bare address in it (https://…, www.…, an e-mail) is put in a code span, so no reader links it.

import { escapeMarkdown, markdownTableCellInert } from '../../shared/markdown';
import { withoutInvisible } from '../../shared/uiText';
import { VERDICTS, type DoctorReport, type Verdict } from './report';

/** Longest text in one cell. */
export const CELL_MAX = 300;

const VERDICT_WORDS: Record<Verdict, string> = {
  ok: 'OK',
  warning: 'Warning',
  failing: 'Failing',
  notOffered: 'Not offered',
  unreadable: 'Unreadable',
};

function cell(text: string): string {
  let t = withoutInvisible(text);
  if (t.length > CELL_MAX) t = `${t.slice(0, CELL_MAX - 1)}…`;
  return markdownTableCellInert(t);
}

/** The report for a ticket; `at` is written in UTC (ISO 8601) so every reader sees the same time. */
export function reportMarkdown(report: DoctorReport): string {
  const version = report.lines.find((l) => l.id === 'systemInfo')?.figures.gmsVersion;
  const header = [
    `## DataHub Doctor: ${escapeMarkdown(withoutInvisible(report.connection).slice(0, 200))}`,
    '',
    `${new Date(report.at).toISOString()}${typeof version === 'string' ? ` · GMS ${escapeMarkdown(version)}` : ''}`,
    '',
    VERDICTS.filter((v) => report.counts[v] > 0)
      .map((v) => `${VERDICT_WORDS[v]}: ${report.counts[v]}`)
      .join(' · ') || 'No lines.',
    '',
  ];
  const rows = report.lines.map((l) => {
    const next = [l.nextStep ?? '', l.nextCommand ? `(command ${l.nextCommand})` : ''].filter((s) => s !== '').join(' ');
    return `| ${VERDICT_WORDS[l.verdict]} | ${cell(l.title)} | ${cell(l.summary)} | ${cell(next)} | ${cell(l.source)} |`;
  });
  return [...header, '| Verdict | Line | Summary | Next step | Source |', '| --- | --- | --- | --- | --- |', ...rows, ''].join('\n');
}
