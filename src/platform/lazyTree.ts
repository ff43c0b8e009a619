// A tree view's provider whose rows' code loads on first draw: the view is created at activation
// (VS Code needs it then), the provider that knows the rows comes from the feature's lazily loaded
// bundle (dist/features.js) the first time VS Code asks for them. The store's change event drives
// the view, so nothing of the rows' code runs before it is drawn.
import type * as vscode from 'vscode';

export function lazyTreeProvider<T>(load: () => vscode.TreeDataProvider<T>, changed: vscode.Event<void>): vscode.TreeDataProvider<T> {
  let tree: vscode.TreeDataProvider<T> | undefined;
  const real = () => (tree ??= load());
  return {
    onDidChangeTreeData: (listener, thisArgs, disposables) => changed(() => listener.call(thisArgs, undefined), undefined, disposables),
    getChildren: (node) => real().getChildren(node),
    getTreeItem: (node) => real().getTreeItem(node),
    getParent: (node) => real().getParent?.(node),
  };
}
