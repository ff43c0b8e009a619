// Builds the pieces and wires them together; no logic of its own. Activation
// stays cheap: no network, no file reads; the network stack (dist/gms.js) loads
// on the first request, which happens when the view is first shown.
import { bundleEvaluationStarted } from './api/bundleClock'; // first: timestamps the start of the bundle's evaluation
import * as vscode from 'vscode';
import type { Services } from './ui/services';
import type { DataHubTestApi } from './api/testApi';
import { createCommandsApi, type DataHubCommands } from './api';
import { answerModals, recordShownTexts } from './ui/safeWindow';
import { configureApiGate, simulateProduction } from './ui/apiGate';
import { connectionsTestApi, offerCliImportOnce, registerConnections, SettingsConnectionService } from './connections';
import { FetchingIndexSizesService, registerIndices, type IndicesView } from './indices';
import { cursorOnUrnTestApi, registerRestore } from './restore';
import { registerTruncate, truncateTestApi } from './truncate';
import { insightsGrowthFor, insightsTestApi, registerInsights } from './insights';
import { registerRetention } from './retention';

// Every module imported above has been evaluated by now (the bundle runs them first).
const bundleEvaluated = performance.now();

export function activate(context: vscode.ExtensionContext): DataHubCommands | DataHubTestApi {
  const started = performance.now();
  context.subscriptions.push(configureApiGate(context.extensionMode, context.globalState));
  const log = vscode.window.createOutputChannel('DataHub', { log: true });
  const connections = new SettingsConnectionService(context, log);
  const indexSizes = new FetchingIndexSizesService(connections, log, () => vscode.workspace.isTrusted);
  let view: IndicesView | undefined;
  const services: Services = {
    context,
    log,
    connections,
    indexSizes,
    indicesView: {
      reveal: (indexName, options) => (view ? view.reveal(indexName, options) : Promise.reject(new Error('The Timeseries Indices view is not ready yet.'))),
      selected: () => view?.treeView.selection[0],
    },
  };
  const indices = registerIndices(services);
  view = indices.view;
  view.provider.tooltipExtra = insightsGrowthFor;
  context.subscriptions.push(log, connections, indexSizes, ...indices.disposables, ...registerConnections(services));

  // The other features register themselves; one failing must not take the rest down.
  const features: Array<[string, (s: Services) => vscode.Disposable[]]> = [
    ['restore', registerRestore],
    ['truncate', registerTruncate],
    ['insights', registerInsights],
    ['retention', registerRetention],
  ];
  for (const [name, register] of features) {
    try {
      context.subscriptions.push(...register(services));
    } catch (error) {
      log.error(`Could not start the ${name} features: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  const treeView = view.treeView;
  context.subscriptions.push(
    treeView.onDidChangeVisibility((e) => {
      if (e.visible) void offerCliImportOnce(services);
    }),
  );
  if (treeView.visible) void offerCliImportOnce(services);

  log.debug(`Activated in ${(performance.now() - started).toFixed(1)} ms`);
  const commands = createCommandsApi();
  // Test seams (services hold the secret store) only where tests and benchmarks run.
  if (context.extensionMode === vscode.ExtensionMode.Production) return commands;
  const activationTimings = { bundleEvaluationStarted, bundleEvaluated, activateStarted: started, activateEnded: performance.now() };
  const screen = { record: recordShownTexts, answerModals };
  const testApi: DataHubTestApi = {
    ...commands,
    services,
    indicesView: { provider: view.provider, treeView },
    insights: insightsTestApi,
    truncate: truncateTestApi,
    cursorOnUrn: cursorOnUrnTestApi,
    statusBar: connectionsTestApi.statusBar,
    tls: connectionsTestApi.tls,
    screen,
    apiGate: { simulateProduction },
    activationTimings,
  };
  return testApi;
}

export function deactivate(): void {
  // Disposables in context.subscriptions close clients and timers.
}
