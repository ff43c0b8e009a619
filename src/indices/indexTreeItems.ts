// Turns tree nodes into TreeItems: labels, sizes, icons and tooltips. Sizes are
// formatted here, from the raw numbers on the nodes.
import * as vscode from 'vscode';
import { formatSize, isKnownSize } from '../shared/format';
import { describeGroup } from './logic/indices';
import { markdownTooltip } from '../platform/markdownTooltip';
import { groupTooltipMarkdown, indexTooltipMarkdown } from './logic/tooltipText';
import { OTHER_INDICES } from '../shared/namedIndices';
import type { GroupNode, IndexNode, IndexTreeNode, MessageNode } from './logic/indexTreeNodes';
import { groupRowDescription, rowLabel, thresholdReason } from './logic/treeLabels';

function icon(id: string, color?: string): vscode.ThemeIcon {
  return new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
}

const WARNING_COLOR = 'list.warningForeground';

/**
 * The icons every group and index uses, made once (a group can hold thousands of indices).
 * A row over the threshold keeps its type icon, in the warning colour.
 */
let sharedIcons: { database: vscode.ThemeIcon; namespace: vscode.ThemeIcon; databaseWarning: vscode.ThemeIcon; namespaceWarning: vscode.ThemeIcon } | undefined;
function icons(): NonNullable<typeof sharedIcons> {
  sharedIcons ??= {
    database: icon('database'),
    namespace: icon('symbol-namespace'),
    databaseWarning: icon('database', WARNING_COLOR),
    namespaceWarning: icon('symbol-namespace', WARNING_COLOR),
  };
  return sharedIcons;
}

/** Extra tooltip lines other parts can contribute (e.g. growth from history), by index name. */
export type TooltipExtra = (indexName: string) => string | undefined;

/**
 * The item as the tree lists it. Groups and indices get their tooltip later,
 * from tooltipFor() when VS Code resolves the item on hover: building thousands
 * of Markdown tooltips nobody reads made expanding a large group slow.
 */
export function treeItemFor(node: IndexTreeNode): vscode.TreeItem {
  switch (node.kind) {
    case 'group':
      return groupItem(node);
    case 'index':
      return indexItem(node);
    case 'message':
      return messageItem(node);
  }
}

/** The hover tooltip of a group or an index (messages carry theirs from the start). */
export function tooltipFor(node: IndexTreeNode, extra?: TooltipExtra): vscode.MarkdownString | string | undefined {
  switch (node.kind) {
    case 'group':
      return groupTooltip(node);
    case 'index':
      return indexTooltip(node, extra);
    case 'message':
      return node.tooltip ?? node.label;
  }
}

function groupItem(node: GroupNode): vscode.TreeItem {
  // Size first: a narrow side bar cuts the description, then the end of the label.
  const item = new vscode.TreeItem(rowLabel(node.group.totalMb, node.entityName), vscode.TreeItemCollapsibleState.Expanded);
  item.id = `group:${node.connection}:${node.entityName}`;
  item.description = groupRowDescription(node.group.indices.length, node.group.unknownCount);
  item.iconPath = node.overThreshold ? icons().namespaceWarning : icons().namespace;
  item.contextValue = node.entityName === OTHER_INDICES ? 'group.other' : node.overThreshold ? 'group.large' : 'group';
  item.accessibilityInformation = {
    label: `${node.entityName}, ${describeGroup(node.group)}${node.overThreshold ? `, holds an index ${thresholdReason(node.thresholdGb)}` : ''}`,
  };
  return item;
}

function groupTooltip(node: GroupNode): vscode.MarkdownString {
  return markdownTooltip(groupTooltipMarkdown(node), { themeIcons: true });
}

function indexItem(node: IndexNode): vscode.TreeItem {
  const { index } = node;
  const size = formatSize(index.sizeMb);
  // An index the server did not name is shown by its full name: a derived aspect could pass for this server's own.
  const name = index.named === false ? index.indexName : index.aspectName || index.indexName;
  // Size first: a narrow side bar cuts the end of a row and keeps the size.
  const item = new vscode.TreeItem(rowLabel(index.sizeMb, name), vscode.TreeItemCollapsibleState.None);
  // Entity and repeat too: the same index name may come twice, or under two entities.
  item.id = `index:${node.connection}:${node.entityName}:${index.indexName}${node.repeat ? `#${node.repeat}` : ''}`;
  item.iconPath = node.overThreshold ? icons().databaseWarning : icons().database;
  let flags = node.overThreshold ? '.large' : '';
  if (index.sizeSource === 'legacy') flags += '.legacy';
  if (!isKnownSize(index.sizeMb)) flags += '.unknown';
  // Unnamed indices get another context value: the truncate and copy-entity menus match /^index/ only.
  item.contextValue = `${index.named === false ? 'otherIndex' : 'index'}${flags}`;
  item.accessibilityInformation = { label: `${name}, ${size}${node.overThreshold ? `, ${thresholdReason(node.thresholdGb)}` : ''}` };
  return item;
}

function indexTooltip(node: IndexNode, extra?: TooltipExtra): vscode.MarkdownString {
  return markdownTooltip(indexTooltipMarkdown(node, extra?.(node.index.indexName)), { themeIcons: true });
}

function messageItem(node: MessageNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
  item.id = `message:${node.id}`;
  item.description = node.description;
  item.tooltip = node.tooltip ?? node.label;
  item.iconPath = icon(node.icon, node.color);
  item.contextValue = `message.${node.id.split(':')[0]}`;
  if (node.command) item.command = node.command;
  return item;
}
