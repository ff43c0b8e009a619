// The DataHub Doctor view: one row per line of the report (its verdict as the icon, the summary as
// the description, the next step and the endpoint read in the tooltip), the failed writes under their
// line grouped by error, and the end-to-end check. Server text reaches the rows only through
// uiLine/uiText (no link, no control or bidi characters, capped) and the tooltips through mdown`…` (logic/tooltips.ts).
import * as vscode from 'vscode';
import { Commands } from '../shared/commandIds';
import { markdownTooltip } from '../platform/markdownTooltip';
import { failedGroupTooltipMarkdown, lineTooltipMarkdown } from './logic/tooltips';
import { uiLine, uiText } from '../shared/uiText';
import { formatDateTime } from '../shared/format';
import type { KafkaMessage } from '../gms/types';
import type { DoctorLine, Verdict } from './logic/report';
import { groupKey, type FailedWriteGroup } from './logic/failedWrites';
import type { DoctorStore } from './doctorStore';
import type { FactFinding } from '../shared/statusFact';

/** Longest label and description (the side bar is narrow; the tooltip has the rest). */
const TREE_LINE = 200;
/** Messages listed under one group (the group's count stays exact). */
const GROUP_MESSAGES = 200;

export type DoctorNode =
  | { kind: 'line'; line: DoctorLine }
  | { kind: 'detail'; text: string }
  | { kind: 'finding'; finding: FactFinding; lineId: string; index: number }
  | { kind: 'failedGroup'; group: FailedWriteGroup }
  | { kind: 'failedMessage'; message: KafkaMessage }
  | { kind: 'canary' }
  | { kind: 'note'; label: string; description?: string; tooltip?: string; icon?: string; command?: vscode.Command };

const ICONS: Record<Verdict, vscode.ThemeIcon> = {
  ok: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  failing: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  notOffered: new vscode.ThemeIcon('circle-slash'),
  unreadable: new vscode.ThemeIcon('question'),
};

export const VERDICT_WORDS: Record<Verdict, string> = {
  ok: 'OK',
  warning: 'Warning',
  failing: 'Failing',
  notOffered: 'Not offered by this server',
  unreadable: 'Not read',
};

/** The tooltip of a line: what it found, the next step, the figures and the endpoint read; all escaped. */
export function lineTooltip(line: DoctorLine): vscode.MarkdownString {
  return markdownTooltip(lineTooltipMarkdown(line, VERDICT_WORDS[line.verdict]));
}

export function messageLabel(m: KafkaMessage): { label: string; description: string } {
  const f = m.failed;
  const where = `${m.partition}:${m.offset}`;
  const what = [f?.aspectName, f?.entityUrn].filter((s): s is string => !!s).join(' of ');
  return {
    label: uiLine(`${where} ${what || '(no proposal read)'}`, TREE_LINE),
    description: uiLine(m.timestamp !== undefined ? formatDateTime(m.timestamp) : (f?.changeType ?? ''), TREE_LINE),
  };
}

export class DoctorTree implements vscode.TreeDataProvider<DoctorNode> {
  /** Draws only: the view's provider (index.ts, src/platform/lazyTree.ts) follows the store's changes. */
  constructor(private readonly store: DoctorStore) {}

  getChildren(node?: DoctorNode): DoctorNode[] {
    const s = this.store;
    if (!node) {
      if (!s.report) {
        if (s.reportError) return [{ kind: 'note', label: 'The Doctor could not run', description: s.reportError, tooltip: s.reportError, icon: 'error' }];
        return [
          {
            kind: 'note',
            label: s.busy ? 'Reading…' : 'Not run yet',
            description: s.busy ? 'every endpoint at once' : 'Run the Doctor to read GMS, search, Kafka and more',
            icon: s.busy ? 'loading~spin' : 'play',
            command: s.busy ? undefined : { title: 'Run Doctor', command: Commands.diagnose },
          },
        ];
      }
      return [...s.report.lines.map((line): DoctorNode => ({ kind: 'line', line })), { kind: 'canary' }];
    }
    if (node.kind === 'line') {
      const details = (node.line.details ?? []).map((text): DoctorNode => ({ kind: 'detail', text }));
      // A group's findings (the DataHub GC's), each with its verdict and next step, before the details.
      const findings = (node.line.findings ?? []).map((finding, index): DoctorNode => ({ kind: 'finding', finding, lineId: node.line.id, index }));
      return node.line.id === 'failedMcps' ? [...details, ...this.failedChildren()] : [...findings, ...details];
    }
    if (node.kind === 'failedGroup') {
      const shown = (s.failed?.messages ?? []).filter((m) => groupKey(m) === node.group.error);
      const out: DoctorNode[] = shown.slice(0, GROUP_MESSAGES).map((message) => ({ kind: 'failedMessage', message }));
      if (shown.length > GROUP_MESSAGES)
        out.push({
          kind: 'note',
          label: `… ${(shown.length - GROUP_MESSAGES).toLocaleString('en-US')} more`,
          description: 'replay the group to take them all',
        });
      return out;
    }
    if (node.kind === 'canary' && s.canary) return s.canary.details.map((text): DoctorNode => ({ kind: 'detail', text }));
    return [];
  }

  private failedChildren(): DoctorNode[] {
    const f = this.store.failed;
    if (!f) {
      return [
        {
          kind: 'note',
          label: 'Browse the failed writes',
          description: 'offset, time, URN, aspect and error, grouped by error',
          icon: 'list-unordered',
          command: { title: 'Browse Failed Writes', command: Commands.browseFailedWrites },
        },
      ];
    }
    const out: DoctorNode[] = f.groups.map((group) => ({ kind: 'failedGroup', group }));
    if (f.messages.length === 0) out.push({ kind: 'note', label: 'No failed writes on the pages read', icon: 'pass' });
    if (f.hasMore)
      out.push({
        kind: 'note',
        label: 'Load more failed writes',
        description: `${f.messages.length.toLocaleString('en-US')} read`,
        icon: 'unfold',
        command: { title: 'Load More', command: Commands.browseFailedWrites, arguments: [{ more: true }] },
      });
    return out;
  }

  getTreeItem(node: DoctorNode): vscode.TreeItem {
    const s = this.store;
    switch (node.kind) {
      case 'line': {
        const l = node.line;
        const expandable = (l.details?.length ?? 0) > 0 || (l.findings?.length ?? 0) > 0 || l.id === 'failedMcps';
        const item = new vscode.TreeItem(
          uiLine(l.title, TREE_LINE),
          expandable
            ? l.verdict === 'failing'
              ? vscode.TreeItemCollapsibleState.Expanded
              : vscode.TreeItemCollapsibleState.Collapsed
            : vscode.TreeItemCollapsibleState.None,
        );
        item.id = `line:${l.id}`;
        item.description = uiLine(l.nextStep && l.verdict !== 'ok' ? `${l.summary}: ${l.nextStep}` : l.summary, TREE_LINE);
        item.iconPath = ICONS[l.verdict];
        item.tooltip = lineTooltip(l);
        item.contextValue = `doctorLine${l.nextCommand ? '.next' : ''}${l.id === 'failedMcps' ? '.failed' : ''}`;
        return item;
      }
      case 'detail': {
        const item = new vscode.TreeItem(uiLine(node.text, TREE_LINE));
        item.tooltip = uiText(node.text, 1000);
        return item;
      }
      case 'finding': {
        const f = node.finding;
        const item = new vscode.TreeItem(uiLine(f.summary, TREE_LINE));
        item.id = `finding:${node.lineId}:${node.index}`;
        item.iconPath = ICONS[f.verdict];
        if (f.nextStep) item.description = uiLine(`next: ${f.nextStep}`, TREE_LINE);
        item.tooltip = uiText(`${VERDICT_WORDS[f.verdict]}: ${f.summary}${f.nextStep ? `\nNext step: ${f.nextStep}` : ''}`, 1000);
        item.contextValue = 'doctorFinding';
        return item;
      }
      case 'failedGroup': {
        const g = node.group;
        const item = new vscode.TreeItem(uiLine(g.error, TREE_LINE), vscode.TreeItemCollapsibleState.Collapsed);
        item.description = uiLine(
          `${g.count.toLocaleString('en-US')} · ${g.urnCount.toLocaleString('en-US')} URN(s) · ${g.aspects.slice(0, 3).join(', ')}${g.aspectCount > 3 ? '…' : ''}`,
          TREE_LINE,
        );
        item.iconPath = new vscode.ThemeIcon(g.errorKind === 'validation' ? 'symbol-key' : 'bug');
        item.tooltip = markdownTooltip(failedGroupTooltipMarkdown(g));
        item.contextValue = 'failedWriteGroup';
        return item;
      }
      case 'failedMessage': {
        const { label, description } = messageLabel(node.message);
        const item = new vscode.TreeItem(label);
        item.description = description;
        item.iconPath = new vscode.ThemeIcon('mail');
        item.tooltip = uiText(node.message.failed?.error ?? 'no error text', 1000);
        item.contextValue = 'failedWrite';
        item.command = {
          title: 'Open Failed Write',
          command: Commands.openFailedWrite,
          arguments: [{ partition: node.message.partition, offset: node.message.offset }],
        };
        return item;
      }
      case 'canary': {
        const c = s.canary;
        const item = new vscode.TreeItem(
          'End-to-end indexing',
          c && c.details.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
        );
        item.id = 'canary';
        if (!c) {
          item.description = s.busy === 'canary' ? 'writing and following the canary…' : 'not checked: writes one soft-deleted canary (opt-in)';
          item.iconPath = new vscode.ThemeIcon(s.busy === 'canary' ? 'loading~spin' : 'beaker');
          item.command = s.busy === 'canary' ? undefined : { title: 'Run End-to-End Check', command: Commands.checkEndToEnd };
        } else {
          item.description = uiLine(c.nextStep && c.verdict !== 'ok' ? `${c.summary}: ${c.nextStep}` : c.summary, TREE_LINE);
          item.iconPath = ICONS[c.verdict];
          item.tooltip = uiText(`${c.summary}${c.nextStep ? `\nNext step: ${c.nextStep}` : ''}\nChecked ${formatDateTime(c.at)}`, 1000);
        }
        item.contextValue = 'doctorCanary';
        return item;
      }
      case 'note': {
        const item = new vscode.TreeItem(uiLine(node.label, TREE_LINE));
        if (node.description !== undefined) item.description = uiLine(node.description, TREE_LINE);
        item.tooltip = uiText(node.tooltip ?? (node.description ? `${node.label}: ${node.description}` : node.label), 1000);
        if (node.icon) item.iconPath = new vscode.ThemeIcon(node.icon);
        if (node.command) item.command = node.command;
        return item;
      }
    }
  }
}
