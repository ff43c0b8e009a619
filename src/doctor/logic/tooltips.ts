// The Markdown of the Doctor view's tooltips (doctorTree.ts shows them through markdownTooltip):
// written with mdown`…` (src/shared/markdown.ts), every server value as escaped prose (plain), so no
// tooltip renders a link, an image, HTML or an icon from it. Pure: no vscode.
import { joinMarkdown, mdown, plain, type Markdown } from '../../shared/markdown';
import { uiLine, uiText } from '../../shared/uiText';
import type { FailedWriteGroup } from './failedWrites';
import type { DoctorLine } from './report';

const text = (s: string, max = 600): Markdown => plain(uiText(s, max));

/** A line's tooltip: what it found, the next step, the figures and the endpoint read; `verdict` in words. */
export function lineTooltipMarkdown(line: DoctorLine, verdict: string): Markdown {
  const parts = [mdown`**${text(line.title, 200)}**: ${plain(verdict)}`, text(line.summary)];
  if (line.nextStep) parts.push(mdown`**Next step:** ${text(line.nextStep)}`);
  const figures = Object.entries(line.figures);
  if (figures.length > 0)
    parts.push(
      joinMarkdown(
        figures.map(([k, v]) => mdown`${text(k, 60)}: ${text(String(v), 200)}  `),
        '\n',
      ),
    );
  parts.push(mdown`Read from ${text(line.source, 300)}`);
  return joinMarkdown(parts, '\n\n');
}

/** A failed-write group's tooltip: the error, the count and range, its URNs and aspects. */
export function failedGroupTooltipMarkdown(g: FailedWriteGroup): Markdown {
  const urns = joinMarkdown(
    g.urns.slice(0, 5).map((u) => plain(uiLine(u, 200))),
    ', ',
  );
  return joinMarkdown(
    [
      mdown`**${text(g.error)}**`,
      mdown`${plain(g.count.toLocaleString('en-US'))} failed write(s), partition ${g.first.partition} offset ${g.first.offset} to partition ${g.last.partition} offset ${g.last.offset}`,
      mdown`URNs (${g.urnCount}): ${urns}${g.urnCount > 5 ? mdown`, …` : mdown``}`,
      mdown`Aspects: ${joinMarkdown(
        g.aspects.map((a) => plain(uiLine(a, 100))),
        ', ',
      )}`,
    ],
    '\n\n',
  );
}
