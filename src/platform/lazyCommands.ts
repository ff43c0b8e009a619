// Commands whose code loads on first use. At activation a feature declares the
// command ids it owns (a table in its index.ts) and how to load their handlers;
// each id is registered at once with a forwarder, as a VS Code command and as a
// typed-API entry. The first call of any of them loads the feature's handlers
// (a require of the lazy bundle, dist/features.js, and the feature's
// registerCommands), which register through registerVscodeCommand and exposeToApi as
// usual: for an id declared here they take the forwarder's place instead of
// registering a second time.
import * as vscode from 'vscode';
import { exposeToApi, entryReplacing, type ApiEntry } from './apiEntries';
import { runStartup } from './startup';
import type { Registered } from '../shared/commandIds';

type Callback = (...args: unknown[]) => unknown;

/** The handlers loaded, by id, for the ids a feature declared lazy. */
const loaded = new Map<string, Callback>();
const declared = new Set<string>();

/** vscode.commands.registerCommand, or the handler behind an id declared lazy. */
export function registerVscodeCommand<I extends string, A extends unknown[]>(id: I, callback: (...args: A) => unknown): vscode.Disposable & Registered<I> {
  if (!declared.has(id)) return vscode.commands.registerCommand(id, callback) as vscode.Disposable & Registered<I>;
  // VS Code passes whatever the caller gave, as it would to the command registered directly.
  const forward = callback as Callback;
  loaded.set(id, forward);
  return new vscode.Disposable(() => {
    if (loaded.get(id) === forward) loaded.delete(id);
  }) as vscode.Disposable & Registered<I>;
}

/** A command's registration with what goes with it (its API entry, a provider) as one disposable that keeps the command's id in its type. */
export function registrationWith<I extends string>(
  command: vscode.Disposable & Registered<I>,
  ...others: vscode.Disposable[]
): vscode.Disposable & Registered<I> {
  return vscode.Disposable.from(command, ...others) as vscode.Disposable & Registered<I>;
}

export interface LazyFeature {
  /** For messages: "the restore features". */
  name: string;
  /** Every command id the feature's handlers register. */
  commands: readonly string[];
  /** Loads the handlers and registers them; returns what to dispose with the extension. */
  load(): vscode.Disposable[];
}

/** What a lazy feature costs on first use, for the benchmark and the log. */
export interface LoadTiming {
  feature: string;
  ms: number;
}
const timings: LoadTiming[] = [];
export const loadTimings = (): readonly LoadTiming[] => timings;

/** Declares a feature's commands; returns the forwarders and, once loaded, the handlers, as one disposable. */
/** The forwarders of a feature's commands; `load()` loads its code now (e.g. to resume what the last window left). */
export interface DeferredCommands extends vscode.Disposable {
  load(): void;
}

export function deferCommands(feature: LazyFeature, log: vscode.LogOutputChannel): DeferredCommands {
  let handlers: vscode.Disposable[] | undefined;
  let failure: Error | undefined;
  const ensureLoaded = (): void => {
    // A command that arrives before the turn after activation: the features draw their state first.
    runStartup();
    if (handlers || failure) return;
    const started = performance.now();
    try {
      handlers = feature.load();
    } catch (error) {
      failure = new Error(
        `The ${feature.name} could not start: ${error instanceof Error ? error.message : String(error)}. Reload the window; if it happens again, see the DataHub log.`,
      );
      log.error(`${failure.message}\n${error instanceof Error ? (error.stack ?? '') : ''}`);
      return;
    }
    const ms = performance.now() - started;
    timings.push({ feature: feature.name, ms });
    log.debug(`Loaded the ${feature.name} in ${ms.toFixed(1)} ms`);
    for (const id of feature.commands) if (!loaded.has(id)) log.error(`${id}: the ${feature.name} declare it but did not register it.`);
  };
  const handlerOf = (id: string): Callback => {
    ensureLoaded();
    if (failure) throw failure;
    const callback = loaded.get(id);
    if (!callback) throw new Error(`${id} is not available: the ${feature.name} did not register it (see the DataHub log).`);
    return callback;
  };
  const forwarders = feature.commands.flatMap((id) => {
    declared.add(id);
    const stub: ApiEntry = (arg, via) => {
      ensureLoaded();
      if (failure) return Promise.reject(failure);
      const real = entryReplacing(id, stub);
      if (!real) return Promise.reject(new Error(`${id} is not available: the ${feature.name} did not register it (see the DataHub log).`));
      return real(arg, via);
    };
    return [vscode.commands.registerCommand(id, (...args: unknown[]) => handlerOf(id)(...args)), exposeToApi(id, stub)];
  });
  const disposable = new vscode.Disposable(() => {
    for (const d of [...forwarders, ...(handlers ?? [])]) d.dispose();
    for (const id of feature.commands) {
      declared.delete(id);
      loaded.delete(id);
    }
  });
  return Object.assign(disposable, { load: ensureLoaded });
}
