// Builds the pieces and wires them together; no logic of its own. Activation
// stays cheap: no network, no file reads; the network stack (dist/gms.js) loads
// on the first request, which happens when the view is first shown.
import { bundleEvaluationStarted } from './platform/bundleClock'; // first: timestamps the start of the bundle's evaluation
import * as vscode from 'vscode';
import type { Services } from './platform/services';
import type { FeatureRegistration } from './platform/feature';
import type { DataHubTestApi } from './api/testApi';
import { createCommandsApi, type DataHubCommands } from './api';
import { answerModals, catchNotifications, recordShownTexts } from './platform/safeWindow';
import { shiftWriteClock } from './shared/writeClock';
import * as connectionsFeature from './connections';
import * as indicesFeature from './indices';
import * as restoreFeature from './restore';
import * as jobsFeature from './jobs';
import * as truncateFeature from './truncate';
import * as insightsFeature from './insights';
import * as retentionFeature from './retention';
import * as healthFeature from './health';
import * as doctorFeature from './doctor';
import * as entitiesFeature from './entities';
import * as ingestionFeature from './ingestion';
import * as gcFeature from './gc';
import { configureApiGate, simulateProduction } from './platform/apiGate';
import { TaskRowsHub } from './platform/taskRows';
import { StatusFactsHub } from './platform/statusFacts';
import { lazyLogChannel } from './platform/lazyLog';
import { loadTimings } from './platform/lazyCommands';
import { scheduleStartup, type StartupStep } from './platform/startup';
import { startJournal } from './platform/journal';

// Every module imported above has been evaluated by now (the bundle runs them first).
const bundleEvaluated = performance.now();

export function activate(context: vscode.ExtensionContext): DataHubCommands | DataHubTestApi {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  context.subscriptions.push(configureApiGate(context.extensionMode, context.globalState));
  const log = lazyLogChannel('DataHub');
  context.subscriptions.push(startJournal(context.globalStorageUri.fsPath, log));
  const connections = new connectionsFeature.SettingsConnectionService(context, log);
  const indexSizes = new indicesFeature.FetchingIndexSizesService(connections, log, () => vscode.workspace.isTrusted);
  let view: indicesFeature.IndicesView | undefined;
  let jobs: jobsFeature.JobsSeam | undefined;
  const taskRows = new TaskRowsHub();
  context.subscriptions.push(taskRows);
  const services: Services = {
    context,
    log,
    connections,
    indexSizes,
    indicesView: {
      reveal: (indexName, options) => (view ? view.reveal(indexName, options) : Promise.reject(new Error('The Timeseries Indices view is not ready yet.'))),
      selected: () => view?.treeView.selection[0],
    },
    taskRows,
    statusFacts: new StatusFactsHub(),
    jobHandOff: {
      open: (active, prefill) =>
        jobs ? jobs.openJobFlow(active, prefill) : Promise.reject(new Error('The jobs features did not start (see the DataHub log).')),
    },
  };
  // What each part of activation took (ms), for the benchmark: performance.now() twice a part.
  const parts: Record<string, number> = { services: performance.now() - started };
  const timed = <T>(name: string, work: () => T): T => {
    const t = performance.now();
    try {
      return work();
    } finally {
      parts[name] = performance.now() - t;
    }
  };
  // What each feature draws and reads back once activate() has returned (src/platform/startup.ts).
  const afterwards: StartupStep[] = [];
  const later = (name: string, part: { afterActivation?: () => void }): void => {
    if (part.afterActivation) afterwards.push({ name, run: part.afterActivation });
  };
  // The view and the connections come first: every other feature stands on them.
  const indices = timed('indices', () => indicesFeature.register(services));
  view = indices.seam.view;
  const connectionsPart = timed('connections', () => connectionsFeature.register(services));
  context.subscriptions.push(log, connections, indexSizes, ...indices.disposables, ...connectionsPart.disposables);
  later('indices', indices);
  later('connections', connectionsPart);

  // The other features register themselves; one failing must not take the rest down.
  const start = <Seam>(name: string, register: (s: Services) => FeatureRegistration<Seam>): Seam | undefined => {
    try {
      const part = timed(name, () => register(services));
      context.subscriptions.push(...part.disposables);
      later(name, part);
      return part.seam;
    } catch (error) {
      log.error(`Could not start the ${name} features: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return undefined;
    }
  };
  const restore = start('restore', restoreFeature.register);
  jobs = start('jobs', jobsFeature.register);
  const truncate = start('truncate', truncateFeature.register);
  const insights = start('insights', insightsFeature.register);
  start('retention', retentionFeature.register);
  start('health', healthFeature.register);
  const doctor = start('doctor', doctorFeature.register);
  const entities = start('entities', entitiesFeature.register);
  start('ingestion', ingestionFeature.register);
  start('gc', gcFeature.register);
  if (insights) view.provider.tooltipExtra = (indexName) => insights.growthFor(indexName);
  if (insights && entities) context.subscriptions.push(insights.useEntityCounts(entities.counts));

  const treeView = view.treeView;
  context.subscriptions.push(
    treeView.onDidChangeVisibility((e) => {
      if (e.visible) void connectionsFeature.offerCliImportOnce(services);
    }),
  );
  later('CLI import offer', {
    afterActivation: () => {
      if (treeView.visible) void connectionsFeature.offerCliImportOnce(services);
    },
  });
  const startup = scheduleStartup(afterwards, log);
  context.subscriptions.push(startup);

  const commands = createCommandsApi();
  // Test seams (services hold the secret store) only where tests and benchmarks run.
  if (context.extensionMode === vscode.ExtensionMode.Production) return commands;
  const cpu = process.cpuUsage(cpuAtStart);
  const activationTimings = {
    bundleEvaluationStarted,
    bundleEvaluated,
    activateStarted: started,
    activateEnded: performance.now(),
    activateCpuMs: (cpu.user + cpu.system) / 1000,
    activateParts: parts,
    afterActivation: startup.done,
  };
  const screen = { record: recordShownTexts, answerModals, catchNotifications };
  const testApi: DataHubTestApi = {
    ...commands,
    services,
    indicesView: { provider: view.provider, treeView },
    insights: insights?.test ?? {},
    truncate: truncate ?? {},
    doctor,
    cursorOnUrn: restore?.cursorOnUrn ?? { current: undefined, sent: 0 },
    urnMentions: restore?.mentions ?? { document: undefined, selection: undefined, sent: 0, documentReads: 0 },
    statusBar: connectionsPart.seam.statusBar,
    tls: connectionsPart.seam.tls,
    screen,
    apiGate: { simulateProduction },
    writeClock: { shift: shiftWriteClock },
    activationTimings,
    lazyLoads: loadTimings,
  };
  return testApi;
}

export function deactivate(): void {
  // Disposables in context.subscriptions close clients and timers.
}
