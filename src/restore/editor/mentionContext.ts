// The context keys datahub.documentHasUrn and datahub.selectionHasUrn: true while the
// active editor's document (or its selections) mentions a DataHub URN. The editor menu
// shows "Restore Indices for URNs in This File", "…in Selection" and "Check Search Index"
// only then; the palette keeps them all. Only the active editor is read, never a file that
// is not open; edits are debounced, and a big file is read up to MENTION_SCAN_CHARS
// (src/restore/logic/mentionsUrn.ts). A key is sent only when it changes.
import * as vscode from 'vscode';
import { MENTION_SCAN_CHARS, mentionsUrn } from '../logic/mentionsUrn';

export const DOCUMENT_HAS_URN = 'datahub.documentHasUrn';
export const SELECTION_HAS_URN = 'datahub.selectionHasUrn';
const EDIT_DEBOUNCE_MS = 300;
const SELECTION_DEBOUNCE_MS = 60;

/** The document's text for the question: the whole text, or its start when it is larger than the bound. */
function documentText(document: vscode.TextDocument): string {
  const text = document.getText();
  return text.length > MENTION_SCAN_CHARS ? text.slice(0, MENTION_SCAN_CHARS) : text;
}

/** The selected text of every non-empty selection (a URN may not straddle two). */
function selectionsMentionUrn(editor: vscode.TextEditor): boolean {
  let budget = MENTION_SCAN_CHARS;
  for (const selection of editor.selections) {
    if (selection.isEmpty || budget <= 0) continue;
    const text = editor.document.getText(selection);
    budget -= text.length;
    if (mentionsUrn(text)) return true;
  }
  return false;
}

/** Test seam: the values last sent for the keys, how many times each was sent, and how many documents were read. */
export interface MentionState {
  document: boolean | undefined;
  selection: boolean | undefined;
  sent: number;
  documentReads: number;
}

export function registerMentionKeys(): { disposable: vscode.Disposable; state: MentionState; start(): void } {
  // Unset context keys read as false in `when` clauses: starting from false, activation sends nothing
  // until the active document or selection mentions a URN.
  const state: MentionState = { document: false, selection: false, sent: 0, documentReads: 0 };
  const timers: { document?: NodeJS.Timeout; selection?: NodeJS.Timeout } = {};
  const send = (key: 'document' | 'selection', value: boolean) => {
    if (state[key] === value) return;
    state[key] = value;
    state.sent++;
    void vscode.commands.executeCommand('setContext', key === 'document' ? DOCUMENT_HAS_URN : SELECTION_HAS_URN, value);
  };
  const readDocument = () => {
    timers.document = undefined;
    const editor = vscode.window.activeTextEditor;
    if (editor) state.documentReads++;
    send('document', editor ? mentionsUrn(documentText(editor.document)) : false);
  };
  const readSelection = () => {
    timers.selection = undefined;
    const editor = vscode.window.activeTextEditor;
    send('selection', editor ? selectionsMentionUrn(editor) : false);
  };
  const schedule = (key: 'document' | 'selection', delayMs: number) => {
    clearTimeout(timers[key]);
    const read = key === 'document' ? readDocument : readSelection;
    if (delayMs === 0) read();
    else timers[key] = setTimeout(read, delayMs);
  };
  const disposable = vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor(() => {
      schedule('document', 0);
      schedule('selection', 0);
    }),
    vscode.window.onDidChangeTextEditorSelection((e) => {
      // A right-click may select a word first: answered at once for the mouse, debounced for the keyboard.
      if (e.textEditor === vscode.window.activeTextEditor)
        schedule('selection', e.kind === vscode.TextEditorSelectionChangeKind.Mouse ? 0 : SELECTION_DEBOUNCE_MS);
    }),
    // Only the active editor's document: edits in other open files cost nothing.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document !== vscode.window.activeTextEditor?.document || e.contentChanges.length === 0) return;
      schedule('document', EDIT_DEBOUNCE_MS);
      schedule('selection', SELECTION_DEBOUNCE_MS);
    }),
    { dispose: () => (clearTimeout(timers.document), clearTimeout(timers.selection)) },
  );
  // The editor open at start is read just after activation (src/platform/startup.ts).
  const start = () => {
    readDocument();
    readSelection();
  };
  return { disposable, state, start };
}
