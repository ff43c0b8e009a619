// Editor integration: a hover on URNs (with a restore link) and the
// "Restore Indices for This URN" context-menu command.
import * as vscode from 'vscode';
import type { Services } from '../../platform/services';
import { UrnHoverProvider } from './hover';
import { registerCursorOnUrnKey, type CursorOnUrnState } from './cursorContext';
import { registerMentionKeys, type MentionState } from './mentionContext';
import { disposeHighlight } from './urnHighlight';

/** Documents the hover serves: files on disk (local or remote) and untitled buffers. */
export const URN_DOCUMENTS: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }];

export function registerEditorFeatures(services: Services): {
  disposables: vscode.Disposable[];
  cursorOnUrn: CursorOnUrnState;
  mentions: MentionState;
  /** Reads the editor open at start (the context keys): just after activation. */
  start(): void;
} {
  const cursorKey = registerCursorOnUrnKey();
  const mentionKeys = registerMentionKeys();
  const disposables = [
    vscode.languages.registerHoverProvider(URN_DOCUMENTS, new UrnHoverProvider(() => services.connections.active()?.frontendUrl)),
    cursorKey.disposable,
    mentionKeys.disposable,
    { dispose: disposeHighlight },
  ];
  const start = () => {
    cursorKey.start();
    mentionKeys.start();
  };
  return { disposables, cursorOnUrn: cursorKey.state, mentions: mentionKeys.state, start };
}
