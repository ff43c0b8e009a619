// What a handler knows of how it was called: its mode and its way in. Apart from the
// runner (commandRunner.ts), so the confirmation gate can read it without importing
// the runner back. Where progress shows is decided here, once: run.progress(title, work).
import * as vscode from 'vscode';
import type { ErrorContext } from '../shared/errors';
import { isArgObject } from './argObject';
import { noteDryRun } from './journal';
import { runCancellable } from './safeWindow';

/**
 * How a command was called, decided once here and passed to its handler:
 * - `ui`: no argument object (palette, menu, tree click): prompts ask for the input.
 * - `link`: a command id with an argument object (a command link, a keybinding,
 *   another extension): the arguments pre-fill the input, no prompt asks for them,
 *   the result is returned and errors reject; destructive steps keep their modal.
 * - `api`: a typed-API call (what activate() returns) that may skip confirmations:
 *   like `link`, but destructive or heavy steps go ahead without their modal. Only
 *   when src/platform/apiGate.ts allows it (the user's datahub.api.allowUnconfirmedCalls,
 *   acknowledged once in our own modal, or a Test / Development host); otherwise a
 *   typed-API call runs as `link` and asks.
 */
export type CommandMode = 'ui' | 'link' | 'api';

/**
 * How a call came in: a command id, the typed API, or one of the extension's own
 * parts going on with a step a person already confirmed as a whole (the
 * truncations of an applied retention plan): `confirmed`, never reachable from outside.
 */
export type CallVia = 'api' | 'command' | 'confirmed';

export interface CommandRun {
  readonly id: string;
  readonly mode: CommandMode;
  /** How it was called: a command id (palette, menu, link, keybinding), the typed API, or the extension's own already-confirmed step. */
  readonly via: CallVia;
  /** Filled in by the handler so an error message can name the connection and privilege. */
  errorContext: ErrorContext;
  /**
   * The one definition of interactive: the person watches this run (mode `ui`, or an argument object
   * that asks for it with `notify: true`), so progress and the result are shown, not only returned.
   */
  readonly interactive: boolean;
  /**
   * Runs `work` with a cancellable progress where the person watches (a notification, or `where`: a
   * view's progress bar), quietly otherwise; `signal` ends it too (a store's own cancel).
   */
  progress<R>(
    title: string,
    work: (signal: AbortSignal, say: (message: string, increment?: number) => void) => Promise<R>,
    where?: vscode.ProgressOptions['location'],
    signal?: AbortSignal,
  ): Promise<R>;
  /**
   * The figures of the dry run this run showed before its write (rows, partitions, messages):
   * kept in the operations journal's entry of the write that follows (a dry run alone is no entry).
   */
  noteDryRun(figures: Record<string, unknown>): void;
}

/** A run of command `id` in `mode`, called `via`, with the argument it was given (for `notify`). */
export function commandRun(id: string, mode: CommandMode, via: CallVia, arg?: unknown): CommandRun {
  const interactive = mode === 'ui' || (isArgObject(arg) && arg.notify === true);
  return {
    id,
    mode,
    via,
    errorContext: {},
    interactive,
    progress: (title, work, location = vscode.ProgressLocation.Notification, signal) =>
      runCancellable(interactive ? { location, title } : undefined, signal, work),
    noteDryRun,
  };
}
