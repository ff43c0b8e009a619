// A tree view bound to the active connection, as Search Health, the Doctor and Entity Counts are: its rows'
// code loads on first draw (lazyTreeProvider), its rows are ours (ourTreeView), its store forgets what it
// knew when the active connection changes, and it reads in the background only when there is something
// new to show: the view shown with nothing read yet, or another connection while it is shown. Never in an
// untrusted workspace (nothing contacts DataHub there until the person runs a command), never twice at once.
import * as vscode from 'vscode';
import type { Services } from './services';
import type { ConnectionStore } from './connectionStore';
import { lazyTreeProvider } from './lazyTree';
import { ourTreeView } from './treeRows';

export interface ConnectionViewOptions<T> {
  /** The view's id in package.json. */
  id: string;
  /** What the log calls it when a background read fails ("Search Health"). */
  name: string;
  store: ConnectionStore;
  /** The real provider, from the feature's lazily loaded bundle. */
  tree: () => vscode.TreeDataProvider<T>;
  showCollapseAll?: boolean;
  /** The background read; without it the view only follows the connection. */
  read?: () => Promise<unknown>;
  /** True while the store holds nothing read for this connection (the view then reads when shown). */
  empty?: () => boolean;
}

export interface ConnectionView<T> extends vscode.Disposable {
  readonly view: vscode.TreeView<T>;
  readonly provider: vscode.TreeDataProvider<T>;
  /** Reads in the background when the view is shown, the workspace trusted and nothing runs yet. */
  readQuietly(): void;
}

export function connectionView<T>(services: Services, options: ConnectionViewOptions<T>): ConnectionView<T> {
  const { store } = options;
  const provider = lazyTreeProvider(options.tree, store.onDidChange);
  const view = ourTreeView(options.id, { treeDataProvider: provider, showCollapseAll: options.showCollapseAll });
  const readQuietly = (): void => {
    if (!options.read || !view.visible || !vscode.workspace.isTrusted || store.busy) return;
    options.read().catch((error: unknown) => services.log.debug(`${options.name}: not read: ${error instanceof Error ? error.message : String(error)}`));
  };
  const listeners = [
    view.onDidChangeVisibility(() => {
      if (options.empty?.()) readQuietly();
    }),
    services.connections.onDidChange(() => {
      if (store.forConnection(services.connections.active()?.name)) readQuietly();
    }),
  ];
  return {
    view,
    provider,
    readQuietly,
    dispose: () => {
      for (const l of listeners) l.dispose();
      view.dispose();
    },
  };
}
