// One error handler for every command: failures become a readable notification
// with follow-up actions (interactive use) or a rejection whose message is that
// same text (programmatic use: an argument object was passed). The mode of a
// call (ui, link, api) is decided once, in runCommand, and handed to the handler.
// Details go to the log, never the token.
import * as vscode from 'vscode';
import * as safeWindow from './safeWindow';
import type { Services } from './services';
import { describeError, type ErrorAction, type ErrorContext, type ErrorDescription } from '../shared/errors';
import { apiCallsMaySkip } from './apiGate';
import { confirmDestructive, type ApiClass } from './confirmGate';
import { commandRun, type CallVia, type CommandMode, type CommandRun } from './commandRun';
import { exposeToApi } from './apiEntries';
import { askerOf, journaled } from './journal';
import { registerVscodeCommand, registrationWith } from './lazyCommands';
import type { Registered } from '../shared/commandIds';

export { callConfirmed, callThroughApi, exposeToApi } from './apiEntries';
export { isArgObject } from './argObject';
import { isArgObject, isPersonsStep } from './argObject';
export { registerVscodeCommand, registrationWith } from './lazyCommands';

export type { ErrorAction, ErrorContext, ErrorDescription };
export { describeError };

export type { CallVia, CommandMode, CommandRun } from './commandRun';

/**
 * The mode of a call: the typed API skips modals only where the gate allows it; otherwise an argument object
 * makes it a link, unless our own code wrote it for the step a person just chose in our notification (personsStep).
 */
export function modeOf(arg: unknown, via: CallVia): CommandMode {
  if (via === 'confirmed') return 'api';
  if (via === 'api') return apiCallsMaySkip() ? 'api' : 'link';
  return isArgObject(arg) && !isPersonsStep(arg) ? 'link' : 'ui';
}

export type CommandHandler<A, R> = (arg: A | undefined, run: CommandRun) => Promise<R | undefined> | R | undefined;

/**
 * Registers a command through the shared error handler. The handler gets the
 * argument object (undefined when invoked from the UI) and returns its result.
 */
export function registerCommand<I extends string, A = Record<string, unknown>, R = unknown>(
  services: Services,
  id: I,
  handler: CommandHandler<A, R>,
): vscode.Disposable & Registered<I> {
  const api = exposeToApi(id, (arg, via) => runCommand(services, id, arg ?? {}, handler, via ?? 'api'));
  const command = registerVscodeCommand(id, (arg?: unknown) => runCommand(services, id, arg, handler));
  return registrationWith(command, api);
}

/** Runs a handler with the shared error handling; exported for callers that register their own way. */
export async function runCommand<A, R>(
  services: Services,
  id: string,
  arg: unknown,
  handler: CommandHandler<A, R>,
  via: CallVia = 'command',
): Promise<R | undefined> {
  const run = commandRun(id, modeOf(arg, via), via, arg);
  try {
    // Every write the handler sends is recorded in the operations journal (src/platform/journal.ts) when it ends.
    return await journaled(
      id,
      askerOf(run.mode),
      via === 'confirmed',
      async () => handler(isArgObject(arg) ? (arg as A) : undefined, run),
      (error) => describeError(error, {}).state,
    );
  } catch (error) {
    const retry: ErrorAction = { title: 'Retry', command: id, args: arg === undefined ? [] : [arg] };
    const description = reportError(services, error, { ...run.errorContext, retry }, { source: id, notify: run.mode === 'ui' });
    if (run.mode !== 'ui') throw toError(description, error);
    return undefined;
  }
}

/** The Error a programmatic caller receives: the user-facing message, plus the state for code that branches on it. */
function toError(description: ErrorDescription, cause: unknown): Error {
  const error = new Error(description.message, { cause });
  Object.assign(error, { state: description.state });
  return error;
}

export interface ReportOptions {
  /** Where it happened, for the log (a command id or a short label). */
  source: string;
  /** Show a notification (default true). */
  notify?: boolean;
}

/**
 * Logs an error and (by default) shows it with its follow-up actions. Returns the
 * description. Cancellations are logged at debug level and never shown.
 */
export function reportError(services: Services, error: unknown, ctx: ErrorContext, options: ReportOptions): ErrorDescription {
  const description = describeError(error, ctx);
  if (description.state === 'cancelled') {
    services.log.debug(`${options.source}: cancelled`);
    return description;
  }
  const prefixed = description.message.startsWith(`${options.source}:`) ? description.message : `${options.source}: ${description.message}`;
  services.log.error(prefixed);
  for (const line of description.logDetail) services.log.debug(`  ${line}`);
  if (options.notify !== false) void showDescription(description);
  return description;
}

/** Shows an error notification whose buttons run the suggested commands. */
export async function showDescription(description: ErrorDescription): Promise<void> {
  const actions = description.actions.slice(0, 3);
  const picked = await safeWindow.showErrorMessage(description.message, ...actions.map((a) => a.title));
  const action = actions.find((a) => a.title === picked);
  if (action) await vscode.commands.executeCommand(action.command, ...(action.args ?? []));
}

/**
 * The modal a destructive or heavy step keeps when reached through a command id
 * with arguments (they pre-fill it): resolves true when the person chose `go`.
 * Through the confirmation gate (src/platform/confirmGate.ts): skipped only in mode 'api'.
 */
export async function confirmStep(run: CommandRun, message: string, detail: string, go: string, apiClass: ApiClass): Promise<boolean> {
  return (await confirmDestructive(run, { message, detail, go, apiClass })) === go;
}
