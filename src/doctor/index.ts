// DataHub Doctor: "is my DataHub healthy?" on one screen. The view beside Search Health (a line per
// fact: GMS, the search cluster, each Kafka consumer, the failed writes, throttles, rate limits,
// maintenance, system info; each with its verdict and next step), datahub.diagnose (palette and typed
// API), Copy as Markdown, the failed writes (browse, open, replay after the server's dry run) and the
// end-to-end check (a canary followed through write tracing). Other parts import it only through this file.
import * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { Commands, commandIdsOf } from '../shared/commandIds';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
import { connectionView } from '../platform/connectionView';
import { DoctorStore } from './doctorStore';
import type { DoctorNode } from './doctorTree';
/** This feature's commands.ts, loaded on first use. */
type CommandsDoctor = typeof import('./commands');

export type { DiagnoseResult } from './commands';
export type { CompareConnectionsResult, CompareSideResult, DiagnoseAllResult } from './allCommands';
export type { ConnectionDiagnosis, ConnectionVerdict, AreaId, AreaCell } from './logic/allConnections';
export type { CompareRow, CompareSection, CompareSectionId } from './logic/compare';
export type { BrowseResult } from './failedWritesFlow';
export type { ReplayFailedWritesResult, ReplayFigures } from './replayFlow';
export type { CheckEndToEndResult } from './canary';
export type { ResetConsumerOffsetsResult } from './resetFlow';
export type { DoctorLine, Verdict } from './logic/report';
export type { DoctorNode } from './doctorTree';
/** The argument schemas of the Doctor's commands (the typed API's parameter types). */
export type { doctorArgs, DoctorApi } from './table';

/** Test seam (activate()'s `doctor` in a test host): the view's provider, whose rows are the ones the view hands out. */
export interface DoctorTestApi {
  provider: vscode.TreeDataProvider<DoctorNode>;
}

export function register(services: Services): FeatureRegistration<DoctorTestApi> {
  const store = new DoctorStore();
  // The rows' code loads with the commands, when the view is first drawn (it starts collapsed). The view
  // runs the report when it is first shown (and for another connection); an argument object makes the
  // run quiet: no notification, a failure lands in the view and the log.
  const bound = connectionView(services, {
    id: 'datahub.doctor',
    name: 'DataHub Doctor',
    store,
    tree: () => loadFeature<CommandsDoctor>('doctor').createTree(store),
    showCollapseAll: true,
    read: () => Promise.resolve(vscode.commands.executeCommand(Commands.diagnose, {})),
    empty: () => !store.report && !store.reportError,
  });
  const { view, provider } = bound;
  const commands = deferCommands(
    { name: 'DataHub Doctor commands', commands: commandIdsOf('doctor'), load: () => loadFeature<CommandsDoctor>('doctor').registerCommands(services, store) },
    services.log,
  );
  const describe = () => {
    const r = store.report;
    const c = r?.counts;
    view.description =
      store.busy === 'report'
        ? 'reading…'
        : !c
          ? undefined
          : c.failing
            ? `${c.failing} failing`
            : c.warning
              ? `${c.warning} warning(s)`
              : c.unreadable
                ? `${c.unreadable} not read`
                : 'all OK';
  };
  const disposables: vscode.Disposable[] = [store, bound, commands, store.onDidChange(describe)];
  return { disposables, seam: { provider } };
}
