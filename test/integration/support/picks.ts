// Shared by the suites that walk an interactive flow (not a suite itself): stands in for
// vscode.window.showQuickPick and createQuickPick, which the suites share with the
// extension in its own host, and answers each by the label of an item (a function of the
// picker's title). Records each picker's title. The createQuickPick stand-in does what a
// person does: on show(), the item is chosen and accepted.
import * as vscode from 'vscode';

export interface Picking {
  /** Each picker's title, in order. */
  readonly titles: string[];
  stop(): void;
}

type Chooser = (title: string, labels: string[]) => string | undefined;

function fakeQuickPick<T extends vscode.QuickPickItem>(choose: Chooser, titles: string[]): vscode.QuickPick<T> {
  const accept = new vscode.EventEmitter<void>();
  const hide = new vscode.EventEmitter<void>();
  const changeValue = new vscode.EventEmitter<string>();
  const qp = {
    title: '' as string | undefined,
    placeholder: '',
    value: '',
    items: [] as readonly T[],
    activeItems: [] as readonly T[],
    selectedItems: [] as readonly T[],
    ignoreFocusOut: true,
    matchOnDescription: false,
    busy: false,
    onDidAccept: accept.event,
    onDidHide: hide.event,
    onDidChangeValue: changeValue.event,
    onDidChangeActive: new vscode.EventEmitter<readonly T[]>().event,
    onDidChangeSelection: new vscode.EventEmitter<readonly T[]>().event,
    show() {
      titles.push(qp.title ?? '');
      setTimeout(() => {
        const label = choose(
          qp.title ?? '',
          qp.items.map((i) => i.label),
        );
        const item = qp.items.find((i) => i.label === label);
        if (!item) {
          hide.fire();
          return;
        }
        qp.selectedItems = [item];
        accept.fire();
      }, 0);
    },
    hide: () => hide.fire(),
    dispose: () => undefined,
  };
  return qp as unknown as vscode.QuickPick<T>;
}

/** Answers every quick pick with the label `choose` names (undefined: Escape) until stop(). */
export function picking(choose: Chooser): Picking {
  const titles: string[] = [];
  const win = vscode.window as unknown as { showQuickPick: unknown; createQuickPick: unknown };
  const originals = { showQuickPick: win.showQuickPick, createQuickPick: win.createQuickPick };
  win.showQuickPick = (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, options?: vscode.QuickPickOptions) =>
    Promise.resolve(items).then((list) => {
      titles.push(options?.title ?? '');
      const label = choose(
        options?.title ?? '',
        list.map((i) => i.label),
      );
      return list.find((i) => i.label === label);
    });
  win.createQuickPick = () => fakeQuickPick(choose, titles);
  return {
    titles,
    stop: () => {
      win.showQuickPick = originals.showQuickPick;
      win.createQuickPick = originals.createQuickPick;
    },
  };
}
