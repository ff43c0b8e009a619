// Hosts the Timeseries Indices tree: the TreeView, its message and description,
// context keys for menus and the welcome view, progress, auto-refresh while
// visible, and the reveal seam used by other parts.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { formatDateTime } from '../shared/format';
import { describeFilter, describeTotals, type SortMode } from './logic/indices';
import { describeConnectionLabel } from '../shared/connections';
import { IndexTreeProvider, THRESHOLD_SETTING } from './indexTreeProvider';
import type { IndexTreeNode } from './logic/indexTreeNodes';
import { ourTreeView } from '../platform/treeRows';

export const VIEW_ID = 'datahub.indices';
const SORT_KEY = 'datahub.sort';

export interface IndicesView extends vscode.Disposable {
  provider: IndexTreeProvider;
  treeView: vscode.TreeView<IndexTreeNode>;
  setSort(mode: SortMode): Promise<void>;
  setFilter(text: string): Promise<void>;
  reveal(indexName: string, options?: { focus?: boolean }): Promise<void>;
  /** The first draw (texts, context keys) and the auto-refresh timer: once, just after activation. */
  start(): void;
}

export function createIndicesView(services: Services): IndicesView {
  const { context, connections, indexSizes } = services;
  const mayAutoFetch = () => vscode.workspace.isTrusted;
  const initialSort = context.globalState.get<SortMode>(SORT_KEY) === 'name' ? 'name' : 'size';
  const provider = new IndexTreeProvider(services, mayAutoFetch, initialSort);
  const treeView = ourTreeView(VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true });
  const disposables: vscode.Disposable[] = [provider, treeView];
  // A context key nobody set reads as undefined in a `when` clause: false, and != name. Seeded with
  // those values, the keys at their defaults cost no call to the main thread at activation.
  const contextKeys = new Map<string, unknown>([
    ['datahub.hasConnection', false],
    ['datahub.hasSizes', false],
    ['datahub.hasGuardedConnection', false],
    ['datahub.sort', 'size'],
    ['datahub.filterActive', false],
  ]);

  const setContext = (key: string, value: unknown) => {
    if (contextKeys.get(key) === value) return;
    contextKeys.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  };

  // The totals line sums the whole snapshot: once per snapshot, not on every state change.
  let totals: { snapshot: object; text: string } | undefined;
  const totalsOf = (snapshot: NonNullable<typeof indexSizes.current>): string => {
    if (totals?.snapshot !== snapshot) totals = { snapshot, text: describeTotals(snapshot.indices, new Date(snapshot.fetchedAt)) };
    return totals.text;
  };

  const updateChrome = () => {
    const active = connections.active();
    // The view's texts go to the main thread on every assignment: only when they change.
    const description = active ? describeConnectionLabel(active) : undefined;
    if (treeView.description !== description) treeView.description = description;
    const list = connections.list();
    setContext('datahub.hasConnection', list.length > 0);
    // The walkthrough's steps: sizes really shown; a connection marked production or read-only.
    setContext('datahub.hasSizes', indexSizes.current !== undefined);
    setContext(
      'datahub.hasGuardedConnection',
      list.some((c) => c.environment === 'production' || c.readOnly === true),
    );
    setContext('datahub.sort', provider.sort);
    setContext('datahub.filterActive', provider.filter !== '');
    const snapshot = indexSizes.current;
    let message: string | undefined;
    if (snapshot && active) {
      const fetched = new Date(snapshot.fetchedAt);
      message = provider.filter
        ? `${describeFilter(provider.filter, provider.shownCount() ?? 0, snapshot.indices.length)} · fetched ${formatDateTime(fetched.getTime())}`
        : totalsOf(snapshot);
      if (indexSizes.loading) message += ' · refreshing…';
    } else if (provider.filter) {
      message = `Filter: ${provider.filter}`;
    }
    if (treeView.message !== message) treeView.message = message;
    // The welcome view needs the state before the tree is built.
    setContext('datahub.state', provider.currentState());
  };

  // Progress bar on the view while a fetch runs.
  let progressDone: (() => void) | undefined;
  const trackProgress = () => {
    if (indexSizes.loading && !progressDone) {
      void safeWindow.withProgress({ location: { viewId: VIEW_ID } }, () => new Promise<void>((resolve) => (progressDone = resolve)));
    } else if (!indexSizes.loading && progressDone) {
      progressDone();
      progressDone = undefined;
    }
  };

  // Auto-refresh: only while visible, only in a trusted workspace.
  let timer: NodeJS.Timeout | undefined;
  const scheduleAutoRefresh = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    const minutes = vscode.workspace.getConfiguration('datahub').get<number>('autoRefreshMinutes', 0);
    if (!(minutes > 0) || !treeView.visible || !mayAutoFetch() || !connections.active()) return;
    timer = setInterval(() => void indexSizes.refresh().catch(() => undefined), Math.max(minutes, 0.05) * 60_000);
  };

  const onStateChanged = () => {
    provider.refresh();
    trackProgress();
    updateChrome();
  };

  disposables.push(
    indexSizes.onDidChangeState(onStateChanged),
    indexSizes.onDidChange(onStateChanged),
    connections.onDidChange(() => {
      onStateChanged();
      scheduleAutoRefresh();
    }),
    treeView.onDidChangeVisibility(() => scheduleAutoRefresh()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      provider.refresh();
      scheduleAutoRefresh();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(THRESHOLD_SETTING)) provider.settingsChanged();
      if (e.affectsConfiguration('datahub.autoRefreshMinutes')) scheduleAutoRefresh();
    }),
    { dispose: () => timer && clearInterval(timer) },
    { dispose: () => progressDone?.() },
  );

  return {
    provider,
    treeView,
    start() {
      updateChrome();
      scheduleAutoRefresh();
    },
    async setSort(mode) {
      provider.sort = mode;
      await context.globalState.update(SORT_KEY, mode);
      updateChrome();
    },
    async setFilter(text) {
      provider.filter = text;
      updateChrome();
    },
    async reveal(indexName, options) {
      if (!provider.findIndexNode(indexName) || provider.filter) {
        provider.getChildren();
        if (!provider.findIndexNode(indexName) && provider.filter) provider.filter = '';
      }
      // The workbench keeps its own copy of the items; a hidden view's copy may be stale.
      // Show the view and let it fetch the current items before revealing one of them.
      const fetched = provider.nextRootFetch(2000);
      if (treeView.visible) provider.refresh();
      else await vscode.commands.executeCommand(`${VIEW_ID}.focus`);
      await fetched;
      updateChrome();
      const node = provider.findIndexNode(indexName);
      if (!node) throw new Error(`The index ${indexName} is not in the Timeseries Indices view; refresh it and try again.`);
      await treeView.reveal(node, { select: true, focus: options?.focus ?? true, expand: true });
    },
    dispose() {
      for (const d of disposables) d.dispose();
    },
  };
}
