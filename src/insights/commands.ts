// The insights commands, loaded on the first of them (dist/features.js): the size chart,
// clearing the history, revealing an index from the chart, export. index.ts declares
// their ids; the history store and the chart's host stay eager (the tree's growth lines).
import type * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { confirmStep, registerCommand } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { clearHistoryArgs, revealIndexArgs } from './logic/args';
import { registrationsOf, Commands } from '../shared/commandIds';
import { registerExportCommands } from './exportIndexSizes';
import type { Insights } from './insights';

export { buildChartState, emptyChartState } from './logic/chartState';
export { entitySection } from './logic/entityChart';

export function registerCommands(services: Services, { store, chart, entityCounts }: Pick<Insights, 'store' | 'chart' | 'entityCounts'>): vscode.Disposable[] {
  const { indexSizes, connections, log } = services;
  return registrationsOf(
    'insights',
    registerCommand(services, Commands.showIndexSizeChart, () => {
      chart.show();
      // Nothing loaded yet: fetch now, so the chart opens on sizes rather than on a Refresh button.
      // A failure shows in the chart (its status line); opening it is the user's own request.
      if (!indexSizes.current && !indexSizes.loading && connections.active()) indexSizes.refresh().catch(() => undefined);
      return { opened: true, message: 'Opened the index size chart.' };
    }),
    registerCommand(services, Commands.clearHistory, async (arg, run) => {
      let connection: string | undefined;
      if (arg) {
        connection = parseArgs(Commands.clearHistory, clearHistoryArgs, arg).connection ?? undefined;
        const which = connection === undefined ? 'of every connection' : `of "${connection}"`;
        const detail = 'Growth figures and trend lines start over from the next fetch. This cannot be undone.';
        if (!(await confirmStep(run, `Clear the index size history ${which}?`, detail, 'Clear', 'localChanges'))) return undefined;
      } else {
        const active = indexSizes.current?.connection.name ?? connections.active()?.name;
        const one = active && store.connection(active) ? `Clear "${active}" Only` : undefined;
        const all = 'Clear All';
        const picked = await safeWindow.showWarningMessage(
          'Clear the index size history?',
          { modal: true, detail: 'Growth figures and trend lines start over from the next fetch. This cannot be undone.' },
          ...(one ? [one, all] : [all]),
        );
        if (!picked) return undefined;
        connection = picked === one ? active : undefined;
      }
      const cleared = await store.clear(connection);
      const message = `Cleared the index size history of ${cleared.length ? cleared.join(', ') : 'no connection'}.`;
      log.info(message);
      chart.update();
      return { cleared, message };
    }),
    registerCommand(services, Commands.revealIndex, async (arg) => {
      const { indexName } = parseArgs(Commands.revealIndex, revealIndexArgs, arg);
      await services.indicesView.reveal(indexName);
      return { revealed: indexName, message: `Selected ${indexName} in the Timeseries Indices view.` };
    }),
    ...registerExportCommands(services, entityCounts),
  );
}
