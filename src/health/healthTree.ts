// The Search Health view: the indexing lag per consumer, and the last drift check in
// four groups (counts, then the URNs), with what the fix would do or did.
import * as vscode from 'vscode';
import { Commands } from '../shared/commandIds';
import { describeLag, type LagView } from '../shared/searchLag';
import { describeSample, DRIFT_GROUPS, GROUP_LABELS, GROUP_MEANING, type DriftGroup } from './logic/drift';
import { describePlan } from './logic/fixText';
import { describeScope } from './logic/scopeText';
import type { HealthStore, LagState } from './healthStore';
import { treeTexts } from './logic/treeText';

/** URNs shown under a group (Copy URNs takes them all). */
const SHOWN_URNS = 200;

export type HealthNode =
  | { kind: 'lagRoot' }
  | { kind: 'lag'; state: LagState; view?: LagView }
  | { kind: 'driftRoot' }
  | { kind: 'group'; group: DriftGroup }
  | { kind: 'urn'; urn: string; group: DriftGroup }
  | { kind: 'note'; label: string; description?: string; tooltip?: string; icon?: string; command?: vscode.Command };

const time = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

const LAG_ICONS: Record<LagView['state'], vscode.ThemeIcon> = {
  caughtUp: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  catchingUp: new vscode.ThemeIcon('sync'),
  'falling behind': new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  stalled: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  stuck: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  unknown: new vscode.ThemeIcon('clock'),
};

const GROUP_ICONS: Record<DriftGroup, string> = { both: 'pass', databaseOnly: 'database', searchOnly: 'search', neither: 'circle-slash' };

export class HealthTree implements vscode.TreeDataProvider<HealthNode> {
  /** Draws only: the view's provider (index.ts, src/platform/lazyTree.ts) follows the store's changes. */
  constructor(private readonly store: HealthStore) {}

  getChildren(node?: HealthNode): HealthNode[] {
    const s = this.store;
    if (!node) return [{ kind: 'lagRoot' }, { kind: 'driftRoot' }];
    if (node.kind === 'lagRoot') {
      if (s.lag.length === 0)
        return [
          {
            kind: 'note',
            label: 'Not read yet',
            description: 'Refresh to read the consumer lag',
            icon: 'refresh',
            command: { title: 'Refresh', command: Commands.refreshSearchHealth },
          },
        ];
      return s.lag.flatMap((state): HealthNode[] =>
        state.views?.length ? state.views.map((view) => ({ kind: 'lag', state, view })) : [{ kind: 'lag', state }],
      );
    }
    if (node.kind === 'driftRoot') return this.driftChildren();
    if (node.kind === 'group') {
      const urns = s.report?.tally.urns[node.group] ?? [];
      const out: HealthNode[] = urns.slice(0, SHOWN_URNS).map((urn) => ({ kind: 'urn', urn, group: node.group }));
      const more = (s.report?.tally.counts[node.group] ?? 0) - Math.min(urns.length, SHOWN_URNS);
      if (more > 0)
        out.push({
          kind: 'note',
          label: `… ${more.toLocaleString('en-US')} more`,
          description: urns.length > SHOWN_URNS ? 'Copy URNs has the first 1,000' : 'counted, not listed',
        });
      return out;
    }
    return [];
  }

  private driftChildren(): HealthNode[] {
    const s = this.store;
    const r = s.report;
    if (s.checkError && !r) return [{ kind: 'note', label: 'The check failed', description: s.checkError, tooltip: s.checkError, icon: 'error' }];
    if (!r)
      return [
        {
          kind: 'note',
          label: 'Check Search Health…',
          description: 'an entity type, a pattern or a list of URNs',
          icon: 'play',
          command: { title: 'Check', command: Commands.checkSearchHealth },
        },
      ];
    const out: HealthNode[] = [];
    const groups = r.method === 'urns' ? DRIFT_GROUPS : DRIFT_GROUPS.filter((g) => g !== 'neither');
    for (const g of groups) out.push({ kind: 'group', group: g });
    if (r.method !== 'urns') {
      out.push({
        kind: 'note',
        label: 'In the database only: not seen from search',
        description: 'check a list of URNs to find them',
        tooltip: 'Search cannot list what it is missing: check the URNs you expect (a file, a selection, a pasted list).',
        icon: 'info',
      });
    }
    if (r.softDeleted.length)
      out.push({
        kind: 'note',
        label: `Soft-deleted: ${r.softDeleted.length}`,
        description: 'hidden from search on purpose (status.removed)',
        icon: 'eye-closed',
      });
    for (const [id, count] of Object.entries(r.otherIssues))
      out.push({ kind: 'note', label: `${id}: ${count}`, description: 'found by the server’s check', icon: 'warning' });
    if (r.sample)
      out.push({ kind: 'note', label: r.sample.complete ? 'Read all of search' : 'A sample', description: describeSample(r.sample), icon: 'graph' });
    if (s.plan) {
      const lines = describePlan(s.plan);
      out.push({ kind: 'note', label: 'Dry run', description: lines[0] ?? 'nothing this server can fix', tooltip: lines.join('\n'), icon: 'beaker' });
    }
    if (s.fix) {
      const f = s.fix;
      out.push({
        kind: 'note',
        label: `Fixed at ${time(f.at)}`,
        description: `${f.restored} restored, ${f.removed} removed${f.failed.length ? `, ${f.failed.length} failed` : ''}; drift now ${f.driftAfter ?? '?'}`,
        icon: f.driftAfter === 0 && f.failed.length === 0 ? 'check' : 'warning',
      });
    }
    if (r.tally.drift > 0)
      out.push({
        kind: 'note',
        label: 'Fix Drift…',
        description: 'a dry run first, then asks',
        icon: 'wrench',
        command: { title: 'Fix Drift', command: Commands.fixSearchDrift },
      });
    return out;
  }

  /** Every row's texts through the one sanitiser: server text cannot form a link, hide characters or run long. */
  getTreeItem(node: HealthNode): vscode.TreeItem {
    const item = this.itemFor(node);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const safe = treeTexts({
      label,
      description: typeof item.description === 'string' ? item.description : undefined,
      tooltip: typeof item.tooltip === 'string' ? item.tooltip : undefined,
    });
    item.label = safe.label;
    if (safe.description !== undefined) item.description = safe.description;
    if (safe.tooltip !== undefined) item.tooltip = safe.tooltip;
    return item;
  }

  private itemFor(node: HealthNode): vscode.TreeItem {
    const s = this.store;
    switch (node.kind) {
      case 'lagRoot': {
        const item = new vscode.TreeItem('Indexing lag', vscode.TreeItemCollapsibleState.Expanded);
        const at = s.lag.find((l) => l.at)?.at;
        item.description = s.busy === 'reading lag…' ? 'reading…' : at ? `read ${time(at)}` : undefined;
        item.iconPath = new vscode.ThemeIcon('pulse');
        return item;
      }
      case 'lag': {
        const { state, view } = node;
        // The fact first (the side bar is narrow): "38,012 events behind, about 32 s", then whose.
        const fact = view ? describeLag(view).replace(/ events? behind/, ' behind') : undefined;
        const item = new vscode.TreeItem(fact ? `${state.label}: ${fact}` : state.label, vscode.TreeItemCollapsibleState.None);
        if (view) {
          item.description = view.group;
          item.iconPath = LAG_ICONS[view.state];
          item.tooltip = `${view.group} reading ${view.topic}\n${describeLag(view)}${view.ratePerSecond ? `\nWorking at ${Math.round(view.ratePerSecond)} events/s` : ''}\n(${state.endpoint === 'kafka' ? 'kafka/…/consumer/offsets' : 'messaging/…/consumer/lag'})`;
        } else {
          item.description = state.problem?.message ?? 'no consumer group reported';
          item.tooltip = state.problem?.message;
          item.iconPath = new vscode.ThemeIcon(state.problem?.kind === 'missing' ? 'circle-slash' : 'warning');
        }
        item.contextValue = 'healthLag';
        return item;
      }
      case 'driftRoot': {
        const r = s.report;
        const item = new vscode.TreeItem(r ? `Drift: ${describeScope(r.scope)}` : 'Drift', vscode.TreeItemCollapsibleState.Expanded);
        item.description =
          s.busy && s.busy !== 'reading lag…'
            ? s.busy
            : r
              ? `${r.tally.drift === 0 ? 'no drift' : `${r.tally.drift.toLocaleString('en-US')} drifted`} · ${time(r.startedAt)}`
              : undefined;
        item.iconPath = new vscode.ThemeIcon(r && r.tally.drift > 0 ? 'warning' : 'database');
        item.contextValue = r ? 'healthDrift' : undefined;
        return item;
      }
      case 'group': {
        const count = s.report?.tally.counts[node.group] ?? 0;
        const item = new vscode.TreeItem(
          GROUP_LABELS[node.group],
          count > 0 && node.group !== 'both' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
        );
        item.description = count.toLocaleString('en-US');
        item.tooltip = `${GROUP_LABELS[node.group]}: ${GROUP_MEANING[node.group]}`;
        item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[node.group]);
        item.contextValue = count > 0 ? 'driftGroup' : undefined;
        return item;
      }
      case 'urn': {
        const item = new vscode.TreeItem(node.urn, vscode.TreeItemCollapsibleState.None);
        item.tooltip = `${node.urn}\n${GROUP_MEANING[node.group]}`;
        item.contextValue = 'driftUrn';
        item.command = { title: 'Check Search Index', command: Commands.checkSearchIndex, arguments: [{ urn: node.urn, notify: true }] };
        return item;
      }
      default: {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.description = node.description;
        item.tooltip = node.tooltip ?? (node.description ? `${node.label}: ${node.description}` : undefined);
        if (node.icon) item.iconPath = new vscode.ThemeIcon(node.icon);
        item.command = node.command;
        return item;
      }
    }
  }
}
