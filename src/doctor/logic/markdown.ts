// The Doctor's report as Markdown for a ticket: a heading with the connection and the time, then a
// table. Written with mdown`…` (src/shared/markdown.ts): every cell goes through rawText, server text is
// data, and a bare address in it (https://…, www.…, an e-mail) is put in a code span, so no reader links it.

import { joinMarkdown, mdown, rawCell, rawText, type Markdown } from '../../shared/markdown';
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

function cell(text: string): Markdown {
  return rawCell(text, CELL_MAX);
}

/** The report for a ticket; `at` is written in UTC (ISO 8601) so every reader sees the same time. */
export function reportMarkdown(report: DoctorReport): Markdown {
  const version = report.lines.find((l) => l.id === 'systemInfo')?.figures.gmsVersion;
  const counts = VERDICTS.filter((v) => report.counts[v] > 0).map((v) => mdown`${rawText(VERDICT_WORDS[v])}: ${report.counts[v]}`);
  const header = [
    mdown`## DataHub Doctor: ${rawText(report.connection, 200)}`,
    mdown``,
    mdown`${rawText(new Date(report.at).toISOString())}${typeof version === 'string' ? mdown` · GMS ${rawText(version)}` : mdown``}`,
    mdown``,
    counts.length > 0 ? joinMarkdown(counts, ' · ') : mdown`No lines.`,
    mdown``,
  ];
  const rows = report.lines.flatMap((l) => {
    const next = [l.nextStep ?? '', l.nextCommand ? `(command ${l.nextCommand})` : ''].filter((s) => s !== '').join(' ');
    const line = mdown`| ${rawCell(VERDICT_WORDS[l.verdict])} | ${cell(l.title)} | ${cell(l.summary)} | ${cell(next)} | ${cell(l.source)} |`;
    // A group's findings after its line (the DataHub GC's), the first being the line's own.
    const findings = (l.findings ?? [])
      .slice(1)
      .map((f) => mdown`| ${rawCell(VERDICT_WORDS[f.verdict])} | ${cell(`${l.title} (more)`)} | ${cell(f.summary)} | ${cell(f.nextStep ?? '')} | |`);
    return [line, ...findings];
  });
  return joinMarkdown([...header, mdown`| Verdict | Line | Summary | Next step | Source |`, mdown`| --- | --- | --- | --- | --- |`, ...rows, mdown``]);
}
