// Rows another part adds to the DataHub Tasks view (the view itself is the truncate
// feature's): the RestoreIndices jobs watched on the cluster. Each source gives its rows
// and says when they change; the view shows them after its own tasks.
import * as vscode from 'vscode';

export interface ExtraTaskRow {
  readonly extraRowId: string;
  /** Being watched now (counts in the view's badge). */
  readonly watching: boolean;
  treeItem(): vscode.TreeItem;
}

export interface TaskRowsService {
  rows(): ExtraTaskRow[];
  readonly onDidChange: vscode.Event<void>;
  /** Adds a source of rows; `changed` fires when its rows change. */
  register(rows: () => ExtraTaskRow[], changed: vscode.Event<void>): vscode.Disposable;
}

export class TaskRowsHub implements TaskRowsService, vscode.Disposable {
  private readonly sources = new Set<() => ExtraTaskRow[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  rows(): ExtraTaskRow[] {
    return [...this.sources].flatMap((s) => s());
  }

  register(rows: () => ExtraTaskRow[], changed: vscode.Event<void>): vscode.Disposable {
    this.sources.add(rows);
    const sub = changed(() => this.changed.fire());
    this.changed.fire();
    return new vscode.Disposable(() => {
      sub.dispose();
      this.sources.delete(rows);
      this.changed.fire();
    });
  }

  dispose(): void {
    this.sources.clear();
    this.changed.dispose();
  }
}

export function isExtraTaskRow(value: unknown): value is ExtraTaskRow {
  return typeof value === 'object' && value !== null && typeof (value as { extraRowId?: unknown }).extraRowId === 'string';
}
