// The Timeseries Indices tree: entity groups with their indices, or one of the
// states (loading, error, empty, no match, untrusted) as placeholder items, so
// the view is never blank. The first fetch starts when the tree is first asked
// for its children, which VS Code does when the view becomes visible.
// A snapshot can hold 10,000+ indices: it is filtered, grouped and sorted once
// per (snapshot, filter, sort, threshold) and kept; tooltips are built on hover.
import * as vscode from 'vscode';
import type { IndexSizesSnapshot, Services } from '../platform/services';
import { arrangeIndices, isOverThreshold, type SortMode } from './logic/indices';
import { repeatOf, type GroupNode, type IndexNode, type IndexTreeNode } from './logic/indexTreeNodes';
import { errorNodes, message } from './logic/messageNodes';
import { tooltipFor, treeItemFor, type TooltipExtra } from './indexTreeItems';
import { Commands } from '../shared/commandIds';

export const THRESHOLD_SETTING = 'datahub.sizeWarningThresholdGb';

/** The snapshot as the tree shows it, kept until the snapshot, filter, sort or threshold changes. */
interface Arrangement {
  snapshot: IndexSizesSnapshot;
  filter: string;
  sort: SortMode;
  thresholdGb: number;
  groups: GroupNode[];
  /** How many indices match the filter. */
  shown: number;
  /** Index nodes of the groups expanded so far. */
  children: Map<GroupNode, IndexNode[]>;
  /** Index name -> its group, built when first needed (reveal, getParent). */
  parents?: Map<string, GroupNode>;
}

export type ViewState = 'noConnection' | 'untrusted' | 'loading' | 'error' | 'empty' | 'noMatch' | 'ready';

export class IndexTreeProvider implements vscode.TreeDataProvider<IndexTreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<IndexTreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  private arranged: Arrangement | undefined;
  private threshold: number | undefined;
  private sortMode: SortMode;
  private filterText = '';
  /** Set by other parts to add tooltip lines (e.g. growth). */
  tooltipExtra: TooltipExtra | undefined;
  /** What the root shows now, for context keys and the view message. */
  state: ViewState = 'loading';

  constructor(
    private readonly services: Services,
    /** False in an untrusted workspace: only an explicit command may fetch. */
    private readonly mayAutoFetch: () => boolean,
    initialSort: SortMode,
  ) {
    this.sortMode = initialSort;
  }

  get sort(): SortMode {
    return this.sortMode;
  }

  set sort(mode: SortMode) {
    this.sortMode = mode;
    this.refresh();
  }

  get filter(): string {
    return this.filterText;
  }

  set filter(text: string) {
    this.filterText = text.trim();
    this.refresh();
  }

  refresh(): void {
    this.emitter.fire();
  }

  /** Call when datahub.sizeWarningThresholdGb changed: it is read once, not per index. */
  settingsChanged(): void {
    this.threshold = undefined;
    this.refresh();
  }

  getTreeItem(node: IndexTreeNode): vscode.TreeItem {
    return treeItemFor(node);
  }

  /** VS Code calls this when the pointer rests on an item: the tooltip is built then, not for every item listed. */
  resolveTreeItem(item: vscode.TreeItem, node: IndexTreeNode): vscode.TreeItem {
    if (node.kind !== 'message' && item.tooltip === undefined) item.tooltip = tooltipFor(node, this.tooltipExtra);
    return item;
  }

  getParent(node: IndexTreeNode): IndexTreeNode | undefined {
    return node.kind === 'index' ? this.parentsOf(this.arrangement())?.get(node.index.indexName) : undefined;
  }

  getChildren(node?: IndexTreeNode): IndexTreeNode[] {
    if (node?.kind === 'group') return this.indexNodes(node);
    if (node) return [];
    const roots = this.buildRoots();
    const waiters = this.rootWaiters.splice(0);
    setTimeout(() => waiters.forEach((resolve) => resolve()), 0);
    return roots;
  }

  /** How many indices the filter lets through (all of them without a filter); undefined without a snapshot. */
  shownCount(): number | undefined {
    return this.arrangement()?.shown;
  }

  private readonly rootWaiters: Array<() => void> = [];

  /** Resolves after the next time the root is fetched (by VS Code), or after timeoutMs. */
  nextRootFetch(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      this.rootWaiters.push(resolve);
      setTimeout(resolve, timeoutMs);
    });
  }

  /** The index node shown for an index name, under the current snapshot, filter and sort. */
  findIndexNode(indexName: string): IndexNode | undefined {
    const group = this.parentsOf(this.arrangement())?.get(indexName);
    return group && this.indexNodes(group).find((node) => node.index.indexName === indexName);
  }

  /** The threshold in GB (0: off), read from the settings once until they change. */
  private thresholdGb(): number {
    if (this.threshold === undefined) {
      const value = vscode.workspace.getConfiguration().get<number>(THRESHOLD_SETTING, 10);
      this.threshold = Number.isFinite(value) && value > 0 ? value : 0;
    }
    return this.threshold;
  }

  /** The current snapshot filtered, grouped and sorted: computed once, then reused until an input changes. */
  private arrangement(): Arrangement | undefined {
    const snapshot = this.services.indexSizes.current;
    if (!snapshot) return (this.arranged = undefined);
    const thresholdGb = this.thresholdGb();
    const a = this.arranged;
    if (a && a.snapshot === snapshot && a.filter === this.filterText && a.sort === this.sortMode && a.thresholdGb === thresholdGb) return a;
    let shown = 0;
    const groups = arrangeIndices(snapshot.indices, this.filterText, this.sortMode).map((group): GroupNode => {
      shown += group.indices.length;
      return {
        kind: 'group',
        entityName: group.entityName,
        group,
        connection: snapshot.connection.name,
        snapshotTotalMb: snapshot.totalMb,
        overThreshold: thresholdGb > 0 && group.indices.some((i) => isOverThreshold(i.sizeMb, thresholdGb)),
        thresholdGb,
      };
    });
    this.arranged = { snapshot, filter: this.filterText, sort: this.sortMode, thresholdGb, groups, shown, children: new Map() };
    return this.arranged;
  }

  private parentsOf(a: Arrangement | undefined): Map<string, GroupNode> | undefined {
    if (a && !a.parents) {
      a.parents = new Map();
      for (const group of a.groups) for (const index of group.group.indices) a.parents.set(index.indexName, group);
    }
    return a?.parents;
  }

  /** A group's index nodes: made once per arrangement (a group VS Code kept from before is served fresh). */
  private indexNodes(group: GroupNode): IndexNode[] {
    const a = this.arrangement();
    const cached = a?.children.get(group);
    if (cached) return cached;
    const thresholdGb = this.thresholdGb();
    // A server may list one index twice; each entry gets its own tree id.
    const seen = new Map<string, number>();
    const nodes = group.group.indices.map((index): IndexNode => ({
      repeat: repeatOf(seen, index.indexName),
      kind: 'index',
      index,
      entityName: group.entityName,
      connection: group.connection,
      snapshotTotalMb: group.snapshotTotalMb,
      overThreshold: isOverThreshold(index.sizeMb, thresholdGb),
      thresholdGb,
    }));
    if (a && a.groups.includes(group)) a.children.set(group, nodes);
    return nodes;
  }

  /** What the root shows, from the service's state (no side effects). */
  currentState(): ViewState {
    const { connections, indexSizes } = this.services;
    if (!connections.active()) return 'noConnection';
    if (indexSizes.lastError && !indexSizes.loading) return 'error';
    const snapshot = indexSizes.current;
    if (!snapshot) return !indexSizes.loading && !this.mayAutoFetch() ? 'untrusted' : 'loading';
    if (snapshot.indices.length === 0) return 'empty';
    return this.arrangement()?.groups.length ? 'ready' : 'noMatch';
  }

  private buildRoots(): IndexTreeNode[] {
    const { connections, indexSizes } = this.services;
    const active = connections.active();
    this.state = this.currentState();
    const snapshot = indexSizes.current;
    if (!active) return []; // viewsWelcome takes over (datahub.state == noConnection)
    switch (this.state) {
      case 'error': {
        const failure = indexSizes.lastError;
        return errorNodes(failure?.error, failure?.connection ?? active, failure?.hasToken);
      }
      case 'untrusted':
        return [
          message('untrusted', 'Workspace is untrusted — click to load index sizes', 'shield', {
            command: Commands.refreshIndexSizes,
            tooltip: `In an untrusted workspace nothing contacts DataHub on its own. Click to load index sizes from ${active.name} (${active.gmsUrl}).`,
          }),
        ];
      case 'loading':
        // First look at the view (or after a change): start loading; failures land in lastError.
        if (!indexSizes.loading) indexSizes.refresh().catch(() => undefined);
        return [message('loading', `Loading index sizes from ${active.name}…`, 'loading~spin')];
      case 'empty':
        return [
          message('empty', 'No timeseries indices on this server', 'info', {
            command: Commands.refreshIndexSizes,
            description: 'click to refresh',
            tooltip: `${active.name} reported no timeseries indices. They appear once DataHub stores profiles, usage statistics or other timeseries aspects.`,
          }),
        ];
      case 'noMatch':
        return [
          message('noMatch', `No index matches "${this.filterText}"`, 'filter', {
            command: Commands.clearFilter,
            description: 'click to clear the filter',
          }),
        ];
      default:
        break;
    }
    if (!snapshot) return [];
    // A copy: VS Code must not be handed the cached array itself.
    return [...(this.arrangement()?.groups ?? [])];
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
