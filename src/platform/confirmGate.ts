// The one gate every destructive or heavy step goes through, however it was
// called: a modal that says what happens and, on a production connection, the
// name typed as well. A call through the typed API asks like this too, unless
// src/platform/apiGate.ts lets it skip (mode 'api': the user's acknowledged
// datahub.api.allowUnconfirmedCalls, or a Test / Development host). A new
// destructive feature calls confirmDestructive (or confirmStep) before it sends
// anything, and nothing else, naming the class of its step (src/shared/apiTrust.ts
// API_CLASSES): the person's allowance of unconfirmed calls covers classes, not everything.
import type * as vscode from 'vscode';
import * as safeWindow from './safeWindow';
import { confirmByTyping } from './typedConfirm';
import type { CommandRun } from './commandRun';
import type { Connection } from './services';
import { isProduction } from '../shared/connections';
import { automationAllowed } from './apiGate';
import type { ApiClass } from '../shared/apiTrust';

export type { ApiClass };

/**
 * True when a step goes ahead without its modal: only in mode 'api', for the
 * extension's own already-confirmed step or an automation call the gate allows
 * (which may first ask whether datahub.api.allowUnconfirmedCalls is the person's).
 */
export async function skipsConfirmation(run: CommandRun, apiClass: ApiClass): Promise<boolean> {
  if (run.mode !== 'api') return false;
  return run.via === 'confirmed' || (await automationAllowed(apiClass));
}

export interface DestructiveAsk {
  /** What kind of step this is, for the person's allowance of unconfirmed calls (src/shared/apiTrust.ts API_CLASSES). */
  apiClass: ApiClass;
  /** The modal's message (already titled with the connection where it names one). */
  message: string;
  detail: string;
  /** The button that goes ahead. */
  go: string | vscode.MessageItem;
  /** Other buttons: strings are choices returned as such (e.g. "Create Upgrade Job Instead…"), items count as Cancel. */
  others?: Array<string | vscode.MessageItem>;
  /** On a production connection, after the modal, this must be typed exactly (Escape: nothing is sent). */
  typed?: { connection: Connection; action: string; expected: string; consequence: string };
}

const titleOf = (item: string | vscode.MessageItem): string => (typeof item === 'string' ? item : item.title);

/**
 * Asks before a destructive or heavy step. Resolves the title of the button chosen
 * (`go` only when the typed name, if asked, was typed too), or undefined when the
 * person dismissed it. Mode 'api' (an allowed automation call) resolves `go` at once; a
 * step that skips its modal any other way must ask skipsConfirmation() first.
 */
export async function confirmDestructive(run: CommandRun, ask: DestructiveAsk): Promise<string | undefined> {
  const go = titleOf(ask.go);
  if (await skipsConfirmation(run, ask.apiClass)) return go;
  const items = [ask.go, ...(ask.others ?? [])] as vscode.MessageItem[];
  const picked = await safeWindow.showWarningMessage(ask.message, { modal: true, detail: ask.detail }, ...items);
  const choice = picked === undefined ? undefined : titleOf(picked as string | vscode.MessageItem);
  if (choice !== go) return (ask.others ?? []).some((o) => typeof o === 'string' && o === choice) ? choice : undefined;
  const typed = ask.typed;
  if (typed && isProduction(typed.connection) && !(await confirmByTyping({ ...typed }))) return undefined;
  return go;
}

/** The line a modal's detail ends with when a program asked for the step, so the person knows it was not them. */
export function askedByProgram(run: CommandRun): string {
  if (run.mode === 'ui') return '';
  return run.via !== 'command'
    ? "\nAsked for through this extension's API (another extension, a script or a task)."
    : '\nAsked for by a command with arguments (a link, a keybinding or another extension).';
}
