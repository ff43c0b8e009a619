// The context key datahub.cursorOnUrn: true while the cursor of the active
// editor is on a DataHub URN. The editor menu shows "Restore Indices for This
// URN" only then. Only the cursor's line is read (src/restore/logic/cursorOnUrn.ts);
// keyboard moves are debounced, a mouse click (a right-click moves the cursor
// first) is answered at once, and the key is sent only when it changes.
import * as vscode from 'vscode';
import { isOnUrn } from '../logic/cursorOnUrn';

export const CURSOR_ON_URN = 'datahub.cursorOnUrn';
const DEBOUNCE_MS = 60;

/** Whether the editor's primary cursor is on a URN (a selection counts when it stays on the cursor's line). */
export function cursorOnUrn(editor: vscode.TextEditor | undefined): boolean {
  if (!editor) return false;
  const { selection, document } = editor;
  const line = selection.active.line;
  if (line >= document.lineCount) return false;
  const text = document.lineAt(line).text;
  const sameLine = selection.start.line === selection.end.line;
  const start = sameLine ? selection.start.character : selection.active.character;
  const end = sameLine ? selection.end.character : selection.active.character;
  return isOnUrn(text, selection.active.character, start, end);
}

/** Test seam: the value last sent for the key, and how many times it was sent. */
export interface CursorOnUrnState {
  current: boolean | undefined;
  sent: number;
}

export function registerCursorOnUrnKey(): { disposable: vscode.Disposable; state: CursorOnUrnState; start(): void } {
  let timer: NodeJS.Timeout | undefined;
  // An unset context key reads as false in a `when` clause: starting from false, activation sends nothing
  // until the cursor is on a URN.
  const state: CursorOnUrnState = { current: false, sent: 0 };
  const set = (value: boolean) => {
    if (value === state.current) return;
    state.current = value;
    state.sent++;
    void vscode.commands.executeCommand('setContext', CURSOR_ON_URN, value);
  };
  const update = () => {
    timer = undefined;
    set(cursorOnUrn(vscode.window.activeTextEditor));
  };
  const schedule = (now: boolean) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (now) update();
    else timer = setTimeout(update, DEBOUNCE_MS);
  };
  const disposable = vscode.Disposable.from(
    vscode.window.onDidChangeTextEditorSelection((e) => {
      if (e.textEditor === vscode.window.activeTextEditor) schedule(e.kind === vscode.TextEditorSelectionChangeKind.Mouse);
    }),
    vscode.window.onDidChangeActiveTextEditor(() => schedule(true)),
    // Typing a URN in place changes the answer without moving to another line.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === vscode.window.activeTextEditor?.document) schedule(false);
    }),
    { dispose: () => timer && clearTimeout(timer) },
  );
  // The editor open at start is read just after activation (src/platform/startup.ts).
  return { disposable, state, start: update };
}
