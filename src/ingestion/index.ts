// Ingestion runs: DataHub's ingestion sources (the GC's SYSTEM source among them) and their runs with their
// problems (never started: the executor is down; running too long; failed), the cancel, a run's rollback after
// DataHub's dry run, and a run's report; the Ingestion view and the commands (palette, view rows, typed API).
// Other parts import it only through this file.
import type * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { commandIdsOf } from '../shared/commandIds';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
import { connectionView } from '../platform/connectionView';
import { IngestionStore } from './store';
/** This feature's commands.ts, loaded on first use. */
type CommandsIngestion = typeof import('./commands');

export type { ListIngestionRunsResult, CancelIngestionRunResult, RollbackIngestionRunResult, ShowIngestionReportResult } from './commands';
/** The argument schemas of the ingestion commands (the typed API's parameter types). */
export type { ingestionArgs, IngestionApi } from './table';

export function register(services: Services): FeatureRegistration<undefined> {
  const store = new IngestionStore();
  // Rows loaded on first draw; the runs are read when asked (a listing costs the server a search per page).
  const bound = connectionView(services, {
    id: 'datahub.ingestion',
    name: 'Ingestion',
    store,
    tree: () => loadFeature<CommandsIngestion>('ingestion').createTree(store),
  });
  const { view } = bound;
  const commands = deferCommands(
    {
      name: 'ingestion commands',
      commands: commandIdsOf('ingestion'),
      load: () => loadFeature<CommandsIngestion>('ingestion').registerCommands(services, store),
    },
    services.log,
  );
  const describe = () => {
    const problems = store.listing?.runs.filter((r) => r.problem !== undefined).length ?? 0;
    view.description = store.busy ? 'reading…' : store.listing ? (problems > 0 ? `${problems} problem run(s)` : 'no problem') : undefined;
    view.badge = problems > 0 ? { value: problems, tooltip: `${problems} ingestion run(s) with a problem` } : undefined;
  };
  const disposables: vscode.Disposable[] = [
    store,
    bound,
    commands,
    store.onDidChange(describe),
    // Asked for by the Doctor: the executor's line from the last reading (loaded only once there is one).
    services.statusFacts.register(() => (store.listing ? loadFeature<CommandsIngestion>('ingestion').ingestionFacts(store) : [])),
  ];
  return { disposables, seam: undefined };
}
