// The commands on a tree row (loaded with the features' commands, not at activation): the one adapter
// from a row command's first argument to its input, and the registration of a command offered on a
// row and to programs. Which objects are rows is src/platform/treeRows.ts.
import * as vscode from 'vscode';
import { isArgObject } from './argObject';
import { isOurRow } from './treeRows';
import type { Services } from './services';
import { exposeToApi } from './apiEntries';
import { registerVscodeCommand, registrationWith } from './lazyCommands';
import { runCommand, type CommandHandler } from './commandRunner';
import type { Registered } from '../shared/commandIds';

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

/** How a row command reads a row of its tree: which objects are its rows, and the arguments a row stands for. */
export interface RowReading<N extends object> {
  isRow(value: object): value is N;
  argsOf(row: N): Record<string, unknown> | undefined;
  /** Offered to programs too (a typed-API method): false for a command that acts on a row only. */
  api?: boolean;
}

/**
 * A command offered on a tree row (src/platform/treeRows.ts): a row one of our trees handed out runs
 * as the person's click (mode ui) on the arguments it stands for; anything else, a row-shaped object
 * included, is arguments from a program (mode link, or api through the typed API) and asks as such.
 */
export function registerRowCommand<I extends string, N extends object, R>(
  services: Services,
  id: I,
  rows: RowReading<N>,
  handler: CommandHandler<Record<string, unknown>, R>,
): vscode.Disposable & Registered<I> {
  const command = registerVscodeCommand(id, (arg?: unknown) => {
    const { row } = rowInput(arg, rows.isRow);
    return row ? runCommand(services, id, undefined, (_a, run) => handler(rows.argsOf(row), run)) : runCommand(services, id, arg, handler);
  });
  if (rows.api === false) return command;
  const api = exposeToApi(id, (arg, via) => runCommand(services, id, arg ?? {}, handler, via ?? 'api'));
  return registrationWith(command, api);
}
