// The GC commands, loaded on the first of them (dist/features.js): datahub.readGarbageCollection reads DataHub's
// garbage collector (its source, stages, last runs with their reports, findings) and keeps the reading for the
// DataHub Doctor. index.ts declares the ids.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import * as safeWindow from '../platform/safeWindow';
import { activeClient } from '../platform/activeClient';
import { registrationsOf, Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { readGarbageCollectionArgs, MAX_GC_RUNS } from './logic/args';
import { gcMessage, readGc } from './logic/read';
import type { GcReading } from './logic/types';
import type { GcStore } from './store';
import { ReadOnlyDocuments } from '../platform/readOnlyDocuments';
import { mdown } from '../shared/markdown';
import { planGarbageCollection } from './plan';
import { applyGarbageCollection } from './apply';

export interface ReadGarbageCollectionResult extends Outcome, GcReading {}

export function registerCommands(services: Services, store: GcStore): vscode.Disposable[] {
  const plans = new ReadOnlyDocuments('datahub-gc-plan', 'GC plan', mdown`# This plan is gone\n\nRun **DataHub: Plan a GC Change** again.`);
  return registrationsOf(
    'gc',
    plans.register(),
    registerCommand(services, Commands.planGarbageCollection, (arg, run) => planGarbageCollection(services, plans, arg, run)),
    registerCommand(services, Commands.applyGarbageCollection, (arg, run) => applyGarbageCollection(services, plans, arg, run)),
    registerCommand(services, Commands.readGarbageCollection, async (arg, run): Promise<ReadGarbageCollectionResult> => {
      const args = parseArgs(Commands.readGarbageCollection, readGarbageCollectionArgs, arg ?? {});
      const active = await activeClient(services, run, { action: 'graphql', writes: false });
      const connection = active.connection.name;
      store.forConnection(connection);
      const reading = await store.busyWith('reading', () =>
        run.progress(
          "Reading DataHub's garbage collector",
          (signal) => readGc(active.client, connection, args.runs ?? MAX_GC_RUNS, Date.now(), signal),
          undefined,
          store.signal(),
        ),
      );
      store.keep(reading, Date.now());
      const message = gcMessage(connection, reading);
      const worst = reading.findings[0]?.verdict ?? 'ok';
      if (run.interactive) void (worst === 'ok' ? safeWindow.showInformationMessage : safeWindow.showWarningMessage)(message);
      return { message, ...reading };
    }),
  );
}
