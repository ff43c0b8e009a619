// What a tree row is, for the commands on it: only what one of our trees (or our own panels) handed
// out. Every tree view is made through ourTreeView, whose provider marks each row its getChildren
// returns; a panel that calls a row command marks what it passes (handOut). VS Code hands a context
// menu command the very object the provider returned, so identity is the proof: an object shaped like
// a row from anywhere else (a command link, a keybinding, another extension) is not in the set and is
// read as what it is, arguments from a program. No copy is accepted, so nothing a caller writes can
// make a call look like the person's click.
import * as vscode from 'vscode';
import { isArgObject } from './argObject';

const handedOut = new WeakSet<object>();

/** Marks a row as handed out by one of our trees or panels; returns it. */
export function handOut<T>(row: T): T {
  if (typeof row === 'object' && row !== null) handedOut.add(row);
  return row;
}

/** True only for an object one of our trees or panels handed out. */
export function isOurRow(value: unknown): value is object {
  return typeof value === 'object' && value !== null && handedOut.has(value);
}

const markAll = <T>(rows: T[] | null | undefined): T[] | null | undefined => {
  for (const row of rows ?? []) handOut(row);
  return rows;
};

/** A tree view whose rows are marked as ours when its provider hands them out (the provider itself is changed in place, so a test seam holding it sees the same rows). */
export function ourTreeView<T>(viewId: string, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> {
  const provider = options.treeDataProvider;
  const children = provider.getChildren.bind(provider);
  provider.getChildren = (element?: T): vscode.ProviderResult<T[]> => {
    const rows = children(element);
    return Array.isArray(rows) || rows === null || rows === undefined ? markAll<T>(rows) : Promise.resolve(rows).then((r) => markAll<T>(r));
  };
  return vscode.window.createTreeView(viewId, options);
}

/**
 * The one adapter from a row command's first argument to its input: our row (the person's click:
 * no argument object, prompts and progress as from the palette), or arguments from a program (a
 * plain object the command parses through its schema and asks for like any call with arguments).
 */
export type RowInput<N> = { row: N; args?: undefined } | { row?: undefined; args: Record<string, unknown> | undefined };

export function rowInput<N extends object>(arg: unknown, isRow: (value: object) => value is N): RowInput<N> {
  if (isOurRow(arg) && isRow(arg)) return { row: arg };
  return { args: isArgObject(arg) ? arg : undefined };
}

/** The refusal of a command that acts on a row only, called with anything else. */
export function notOurRow(commandId: string, where: string): Error {
  return new Error(`${commandId} acts only on a row of ${where} (right-click it there); what it was given is not one of its rows. Nothing was run or sent.`);
}
