// What a tree row is, for the commands on it: only what one of our trees (or our own panels) handed
// out. Every tree view is made through ourTreeView, whose provider marks each row its getChildren
// returns; a panel that calls a row command marks what it passes (handOut). VS Code hands a context
// menu command the very object the provider returned, so identity is the proof: an object shaped like
// a row from anywhere else (a command link, a keybinding, another extension) is not in the set and is
// read as what it is, arguments from a program. No copy is accepted, so nothing a caller writes can
// make a call look like the person's click.
import * as vscode from 'vscode';

const handedOut = new WeakSet<object>();

/** Marks a row as handed out by one of our trees or panels; returns it. */
export function handOut<T>(row: T): T {
  if (row instanceof Object) handedOut.add(row);
  return row;
}

/** True only for an object one of our trees or panels handed out. */
export function isOurRow(value: unknown): value is object {
  // WeakSet.has answers false for anything that is not an object.
  return handedOut.has(value as object);
}

/** A tree view whose rows are marked as ours when its provider hands them out (the provider itself is changed in place, so a test seam holding it sees the same rows). */
export function ourTreeView<T>(viewId: string, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> {
  const provider = options.treeDataProvider;
  const children = provider.getChildren.bind(provider);
  provider.getChildren = async (element?: T) => {
    const rows = await children(element);
    rows?.forEach(handOut);
    return rows;
  };
  return vscode.window.createTreeView(viewId, options);
}
