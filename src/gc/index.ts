// DataHub's garbage collector: the SYSTEM ingestion source datahub-gc, read with its stages, its last runs and what
// they mean (findings), for the typed API and the DataHub Doctor. Other parts import it only through this file.
import type * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { commandIdsOf } from '../shared/commandIds';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
import { GcStore } from './store';
/** This feature's commands.ts, loaded on first use. */
type CommandsGc = typeof import('./commands');

export type { ReadGarbageCollectionResult } from './commands';
/** The argument schemas of the GC commands (the typed API's parameter types). */
export type { gcArgs, GcApi } from './table';

export function register(services: Services): FeatureRegistration<undefined> {
  const store = new GcStore();
  const commands = deferCommands(
    { name: 'GC commands', commands: commandIdsOf('gc'), load: () => loadFeature<CommandsGc>('gc').registerCommands(services, store) },
    services.log,
  );
  const disposables: vscode.Disposable[] = [store, commands];
  return { disposables, seam: undefined };
}
