// The Entity Counts view, beside Timeseries Indices: where the figures came from, the totals, then one
// row per entity type (biggest first: active, soft-deleted, the change since the last reading) with its
// platforms under it when read by platform. Server text (type and platform names) reaches the rows only
// through uiLine (no link, no control or bidi characters, capped) and the tooltips as plain text (uiText), never Markdown.
import * as vscode from 'vscode';
import { Commands } from '../shared/commandIds';
import { uiLine, uiText } from '../shared/uiText';
import { formatDateTime, formatSignedCount } from '../shared/format';
import type { EntityTypeCount } from '../gms/types';
import { SOURCE_WORDS, typesBySize, type TypeGrowth } from './logic/counts';
import type { CountsStore } from './countsStore';

export type CountsNode =
  | { kind: 'note'; label: string; description?: string; tooltip?: string; icon: string; command?: vscode.Command }
  | { kind: 'type'; entityType: string; active: number; softDeleted: number; platforms: EntityTypeCount[]; growth?: TypeGrowth }
  | { kind: 'platform'; row: EntityTypeCount };

const n = (v: number) => v.toLocaleString('en-US');
const figures = (active: number, soft: number) => `${n(active)} active · ${n(soft)} soft-deleted`;

/** A tooltip as plain text (each line capped): server text in it (an error, a type) can never become a link. */
function plainTooltip(lines: string[]): string {
  return lines.map((l) => uiText(l, 1000)).join('\n\n');
}

export class CountsTree implements vscode.TreeDataProvider<CountsNode> {
  constructor(private readonly store: CountsStore) {}

  getChildren(node?: CountsNode): CountsNode[] {
    if (node?.kind === 'type') return node.platforms.map((row) => ({ kind: 'platform', row }));
    if (node) return [];
    const { reading, growth, error, busy } = this.store;
    const count: vscode.Command = { command: Commands.countEntities, title: 'Count Entities' };
    if (!reading) {
      if (error) return [{ kind: 'note', label: 'Not counted', description: uiLine(error, 200), tooltip: error, icon: 'error', command: count }];
      return [{ kind: 'note', label: busy ? 'Counting…' : 'Count the entities of each type', icon: busy ? 'loading~spin' : 'play', command: count }];
    }
    const source = reading.source === 'countsApi' ? 'counts endpoint' : 'search facets';
    const when = formatDateTime(reading.computedAt);
    const rows: CountsNode[] = [
      {
        kind: 'note',
        label: `Source: ${source}`,
        description: `${when}${reading.cacheHit ? ' (cached)' : ''}`,
        tooltip: `Read from ${SOURCE_WORDS[reading.source]}, computed ${when}${reading.cacheHit ? " (the server's one-hour cache: refresh to recount)" : ''}.`,
        icon: reading.source === 'countsApi' ? 'symbol-number' : 'search',
      },
      {
        kind: 'note',
        label: `All types: ${n(reading.totals.active + reading.totals.softDeleted)}`,
        description: `${growth ? `${formatSignedCount(growth.total.change)} since last · ` : ''}${figures(reading.totals.active, reading.totals.softDeleted)}`,
        tooltip: growth
          ? `Since the reading of ${formatDateTime(growth.since)}: ${formatSignedCount(growth.total.change)} documents${growth.total.perDay !== null ? `, ${formatSignedCount(growth.total.perDay)} a day` : ''}.`
          : 'The first reading of this connection: the next one shows the change.',
        icon: 'layers',
      },
    ];
    // By platform on demand, and back: the same command with its argument object (a recount each time).
    const grouped = reading.types.some((t) => t.platform !== undefined);
    rows.push(
      grouped
        ? { kind: 'note', label: 'By type', description: 'all platforms together', icon: 'list-flat', command: { ...count, arguments: [{ refresh: true }] } }
        : {
            kind: 'note',
            label: 'By platform',
            description: 'split each type by data platform',
            icon: 'server',
            command: { ...count, arguments: [{ groupBy: 'platform', refresh: true }] },
          },
    );
    if (error) rows.unshift({ kind: 'note', label: 'Last count failed', description: uiLine(error, 200), tooltip: error, icon: 'error', command: count });
    for (const t of typesBySize(reading.types)) {
      if (t.active + t.softDeleted === 0 && t.platforms.length === 0) continue;
      rows.push({ kind: 'type', ...t, growth: growth?.types.find((g) => g.entityType === t.entityType) });
    }
    return rows;
  }

  getTreeItem(node: CountsNode): vscode.TreeItem {
    if (node.kind === 'note') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
      item.description = node.description;
      item.iconPath = new vscode.ThemeIcon(node.icon);
      if (node.tooltip) item.tooltip = plainTooltip([node.tooltip]);
      item.command = node.command;
      item.contextValue = 'entityNote';
      return item;
    }
    if (node.kind === 'platform') {
      const r = node.row;
      const item = new vscode.TreeItem(uiLine(r.platform ?? 'no platform', 100), vscode.TreeItemCollapsibleState.None);
      item.description = figures(r.active, r.softDeleted);
      item.iconPath = new vscode.ThemeIcon('server');
      item.contextValue = 'entityPlatform';
      return item;
    }
    const item = new vscode.TreeItem(
      uiLine(node.entityType, 100),
      node.platforms.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    const g = node.growth;
    // The change before the split: a narrow side bar cuts the end of a row.
    item.description = `${n(node.active + node.softDeleted)}${g ? ` · ${formatSignedCount(g.change)} since last` : ''} · ${figures(node.active, node.softDeleted)}`;
    const lines = [`${node.entityType}: ${figures(node.active, node.softDeleted)}`];
    if (g) lines.push(`Since the last reading: ${formatSignedCount(g.change)}${g.perDay !== null ? ` (${formatSignedCount(g.perDay)} a day)` : ''}`);
    if (node.platforms.length > 0) lines.push(`${node.platforms.length} platform(s): expand the row.`);
    item.tooltip = plainTooltip(lines.map((l) => uiLine(l, 400)));
    item.iconPath = new vscode.ThemeIcon(node.softDeleted > 0 ? 'trash' : 'symbol-class');
    // Offered a cleanup (the row's menu): a type with soft-deleted entities, and the runs' type.
    item.contextValue = node.softDeleted > 0 || node.entityType.toLowerCase() === 'dataprocessinstance' ? 'entityType.cleanable' : 'entityType';
    item.id = `entityType:${node.entityType}`;
    return item;
  }
}
