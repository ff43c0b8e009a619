// The typed API's entry for each command id, registered beside the VS Code command
// (commandRunner.ts) or by a forwarder until the command's feature has loaded
// (lazyCommands.ts). One map for the whole extension: src/api calls through it.
import * as vscode from 'vscode';
import { isArgObject } from './argObject';

/** The typed API's entry for each command: the same handler, in mode 'api' where the gate allows it, else 'link'. */
export type ApiEntry = (arg: Record<string, unknown> | undefined, via?: 'api' | 'confirmed') => Promise<unknown>;
const apiEntries = new Map<string, ApiEntry>();

/** Makes a command callable through the API (registerCommand does this itself); `via` is 'confirmed' only for callConfirmed. */
export function exposeToApi(id: string, call: ApiEntry): vscode.Disposable {
  apiEntries.set(id, call);
  return new vscode.Disposable(() => {
    if (apiEntries.get(id) === call) apiEntries.delete(id);
  });
}

/** The entry now registered for an id, unless it is `except` (a forwarder asking for what replaced it). */
export function entryReplacing(id: string, except: ApiEntry): ApiEntry | undefined {
  const entry = apiEntries.get(id);
  return entry === except ? undefined : entry;
}

/** Calls a command through the API; rejects for an id that is not registered. */
export function callThroughApi(id: string, arg: Record<string, unknown> | undefined): Promise<unknown> {
  const call = apiEntries.get(id);
  if (!call) return Promise.reject(new Error(`${id} is not available: the part of the extension that provides it did not start (see the DataHub log).`));
  if (arg !== undefined && !isArgObject(arg)) return Promise.reject(new Error(`${id}: pass an argument object, e.g. { }.`));
  return call(arg);
}

/**
 * For the extension's own parts only: runs a command's API entry as part of a step
 * a person already confirmed as a whole (a retention plan's truncations after its
 * apply modal), so it does not ask again. Never handed to other extensions.
 */
export function callConfirmed(id: string, arg: Record<string, unknown>): Promise<unknown> {
  const call = apiEntries.get(id);
  if (!call) return Promise.reject(new Error(`${id} is not available: the part of the extension that provides it did not start (see the DataHub log).`));
  return call(arg, 'confirmed');
}
