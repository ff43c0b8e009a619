// The Markdown of the Indices view's tooltips (indexTreeItems.ts shows them through markdownTooltip,
// theme icons on for our own $(…)): written with mdown`…` (src/shared/markdown.ts), every server value
// (index, entity and aspect names) as escaped prose, so none renders as a link, HTML or an icon. Pure: no vscode.
import { formatExactMb, formatShare, formatSize, isKnownSize } from '../../shared/format';
import { joinMarkdown, mdown, plain, type Markdown } from '../../shared/markdown';
import { isTruncatable, OTHER_INDICES, UNNAMED_REASON } from '../../shared/namedIndices';
import { describeGroup } from './indices';
import type { GroupNode, IndexNode } from './indexTreeNodes';
import { thresholdReason } from './treeLabels';

export function groupTooltipMarkdown(node: GroupNode): Markdown {
  const out: Markdown[] = [mdown`**${plain(node.entityName)}** — ${plain(describeGroup(node.group))}\n\n`];
  const share = formatShare(node.group.totalMb, node.snapshotTotalMb);
  out.push(mdown`Exactly ${plain(formatExactMb(node.group.totalMb))}${share ? mdown`, ${plain(share)} of all timeseries indices` : mdown``}.`);
  if (node.group.unknownCount) out.push(mdown`\n\n${node.group.unknownCount} of its indices have no reported size.`);
  if (node.overThreshold) out.push(mdown`\n\n$(warning) Holds an index ${plain(thresholdReason(node.thresholdGb))}.`);
  if (node.entityName === OTHER_INDICES) out.push(mdown`\n\n$(info) ${plain(UNNAMED_REASON)}`);
  return joinMarkdown(out, '');
}

/** `more`: extra lines other parts contribute (growth from history), as text. */
export function indexTooltipMarkdown(node: IndexNode, more?: string): Markdown {
  const { index } = node;
  const size = formatSize(index.sizeMb);
  const out: Markdown[] = [mdown`**${plain(index.named === false ? index.indexName : index.aspectName)}** — ${plain(size)}\n\n`];
  out.push(mdown`| | |\n|---|---|\n`);
  out.push(mdown`| Index | ${plain(index.indexName)} |\n`);
  if (isTruncatable(index) || index.named === undefined) {
    out.push(mdown`| Entity | ${plain(index.entityName)} |\n`);
    out.push(mdown`| Aspect | ${plain(index.aspectName)} |\n`);
  } else {
    out.push(mdown`| Entity, aspect | not named by the server |\n`);
  }
  out.push(mdown`| Size | ${plain(formatExactMb(index.sizeMb))} |\n`);
  const share = formatShare(index.sizeMb, node.snapshotTotalMb);
  if (share) out.push(mdown`| Share | ${plain(share)} of ${plain(formatSize(node.snapshotTotalMb))} |\n`);
  if (index.sizeSource === 'legacy') {
    out.push(
      mdown`\n$(info) This server reports the older \`sizeMb\` field, which DataHub computed as bytes ÷ 1000 (kilobytes); it is converted to MB here. On such servers sizes above about 2 GB may be wrong.\n`,
    );
  } else if (!isKnownSize(index.sizeMb)) {
    out.push(mdown`\n$(question) The server reported no usable size for this index.\n`);
  }
  if (node.overThreshold) out.push(mdown`\n$(warning) ${plain(capitalise(thresholdReason(node.thresholdGb)))}.\n`);
  if (index.named === false) out.push(mdown`\n$(circle-slash) ${plain(UNNAMED_REASON)}\n`);
  if (more) out.push(mdown`\n${plain(more)}\n`);
  return joinMarkdown(out, '');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
