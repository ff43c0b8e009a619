// The Timeseries Indices tree: entity groups with their indices, or one of the
// states (loading, error, empty, no match, untrusted) as placeholder items, so
// the view is never blank. The first fetch starts when the tree is first asked
// for its children, which VS Code does when the view becomes visible.
import * as vscode from 'vscode';
import type { Services } from '../services';
import { describeError } from '../model/errors';
import { arrangeIndices, isOverThreshold, type SortMode } from '../model/indices';
import type { GroupNode, IndexNode, IndexTreeNode, MessageNode } from './indexTreeNodes';
import { treeItemFor, type TooltipExtra } from './indexTreeItems';

export type ViewState = 'noConnection' | 'untrusted' | 'loading' | 'error' | 'empty' | 'noMatch' | 'ready';

export class IndexTreeProvider implements vscode.TreeDataProvider<IndexTreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<IndexTreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  private roots: IndexTreeNode[] = [];
  private readonly parents = new Map<string, GroupNode>();
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

  getTreeItem(node: IndexTreeNode): vscode.TreeItem {
    return treeItemFor(node, this.tooltipExtra);
  }

  getParent(node: IndexTreeNode): IndexTreeNode | undefined {
    return node.kind === 'index' ? this.parents.get(node.index.indexName) : undefined;
  }

  getChildren(node?: IndexTreeNode): IndexTreeNode[] {
    if (node?.kind === 'group') return node.group.indices.map((index) => this.indexNode(node, index));
    if (node) return [];
    this.roots = this.buildRoots();
    const waiters = this.rootWaiters.splice(0);
    setTimeout(() => waiters.forEach((resolve) => resolve()), 0);
    return this.roots;
  }

  private readonly rootWaiters: Array<() => void> = [];

  /** Resolves after the next time the root is fetched (by VS Code), or after timeoutMs. */
  nextRootFetch(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      this.rootWaiters.push(resolve);
      setTimeout(resolve, timeoutMs);
    });
  }

  /** The index node currently shown for an index name (after getChildren ran). */
  findIndexNode(indexName: string): IndexNode | undefined {
    const group = this.parents.get(indexName);
    if (!group) return undefined;
    const index = group.group.indices.find((i) => i.indexName === indexName);
    return index ? this.indexNode(group, index) : undefined;
  }

  private thresholdGb(): number {
    const value = vscode.workspace.getConfiguration('datahub').get<number>('sizeWarningThresholdGb', 10);
    return Number.isFinite(value) && value > 0 ? value : 0;
  }

  private indexNode(group: GroupNode, index: IndexNode['index']): IndexNode {
    const thresholdGb = this.thresholdGb();
    return {
      kind: 'index',
      index,
      entityName: group.entityName,
      connection: group.connection,
      snapshotTotalMb: group.snapshotTotalMb,
      overThreshold: isOverThreshold(index.sizeMb, thresholdGb),
      thresholdGb,
    };
  }

  /** What the root shows, from the service's state (no side effects). */
  currentState(): ViewState {
    const { connections, indexSizes } = this.services;
    if (!connections.active()) return 'noConnection';
    if (indexSizes.lastError && !indexSizes.loading) return 'error';
    const snapshot = indexSizes.current;
    if (!snapshot) return !indexSizes.loading && !this.mayAutoFetch() ? 'untrusted' : 'loading';
    if (snapshot.indices.length === 0) return 'empty';
    return arrangeIndices(snapshot.indices, this.filterText, this.sortMode).length ? 'ready' : 'noMatch';
  }

  private buildRoots(): IndexTreeNode[] {
    this.parents.clear();
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
            command: 'datahub.refreshIndexSizes',
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
            command: 'datahub.refreshIndexSizes',
            description: 'click to refresh',
            tooltip: `${active.name} reported no timeseries indices. They appear once DataHub stores profiles, usage statistics or other timeseries aspects.`,
          }),
        ];
      case 'noMatch':
        return [
          message('noMatch', `No index matches "${this.filterText}"`, 'filter', {
            command: 'datahub.clearFilter',
            description: 'click to clear the filter',
          }),
        ];
      default:
        break;
    }
    if (!snapshot) return [];
    const groups = arrangeIndices(snapshot.indices, this.filterText, this.sortMode);
    const thresholdGb = this.thresholdGb();
    return groups.map((group) => {
      const node: GroupNode = {
        kind: 'group',
        entityName: group.entityName,
        group,
        connection: snapshot.connection.name,
        snapshotTotalMb: snapshot.totalMb,
        overThreshold: group.indices.some((i) => isOverThreshold(i.sizeMb, thresholdGb)),
      };
      for (const index of group.indices) this.parents.set(index.indexName, node);
      return node;
    });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

function message(
  id: string,
  label: string,
  icon: string,
  extra: { command?: string; args?: unknown[]; description?: string; tooltip?: string; color?: string } = {},
): MessageNode {
  return {
    kind: 'message',
    id,
    label,
    icon,
    color: extra.color,
    description: extra.description,
    tooltip: extra.tooltip,
    command: extra.command ? { command: extra.command, title: label, arguments: extra.args } : undefined,
  };
}

const STATE_ICONS: Record<string, string> = {
  unauthorized: 'key',
  forbidden: 'lock',
  notFound: 'question',
  unreachable: 'debug-disconnect',
  tls: 'shield',
  invalidResponse: 'warning',
  server: 'error',
  noConnection: 'plug',
};

/** An error as clickable items: the main line runs the first action, then one line per other action. */
function errorNodes(error: unknown, connection: { name: string; gmsUrl: string }, hasToken: boolean | undefined): MessageNode[] {
  const retry = { title: 'Retry', command: 'datahub.refreshIndexSizes' };
  const description = describeError(error, { connection, hasToken, action: 'getIndexSizes', retry });
  const [first, ...rest] = description.actions;
  const nodes: MessageNode[] = [
    message('error', description.short, STATE_ICONS[description.state] ?? 'error', {
      color: 'list.errorForeground',
      tooltip: description.message,
      command: first?.command,
      args: first?.args,
    }),
  ];
  rest.forEach((action, i) => {
    nodes.push(message(`errorAction:${i}`, action.title, 'arrow-right', { command: action.command, args: action.args }));
  });
  // Every error state offers a way to try again.
  if (!description.actions.some((a) => a.command === 'datahub.refreshIndexSizes')) {
    nodes.push(message('errorAction:retry', 'Retry', 'refresh', { command: 'datahub.refreshIndexSizes' }));
  }
  return nodes;
}
