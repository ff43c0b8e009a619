// "Where does the space go": the size chart, the size history (and growth in the
// tree's tooltips). ./index.ts registers its commands; the chart's code loads
// only when its panel opens.
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { describeError } from '../shared/errors';
import { describeGrowth, growthFor, recordFetch, type ConnectionHistory, type FetchRecord } from './logic/history';
import type { ChartState, ChartStatus } from './logic/chartProtocol';
import { ChartPanelHost, type MessageOutcome } from './chartPanel';
import type * as ChartStates from './logic/chartState';
import type * as EntityCharts from './logic/entityChart';
import type { EntityCountsSnapshot } from './logic/entityChart';
import { loadFeature } from '../platform/loadFeatures';
import { THRESHOLD_SETTING_KEY } from '../indices/logic/treeLabels';
import { HistoryStore } from './chartHistoryStore';

const HISTORY_SETTING = 'datahub.history.enabled';

/** Test seam (returned by activate() as `insights`): the chart's message handler, the history file. */
export interface InsightsTestApi {
  chart?: {
    readonly isOpen: boolean;
    readonly html: string | undefined;
    readonly posted: { state: ChartState | undefined; count: number };
    handleMessage(message: unknown): Promise<MessageOutcome>;
  };
  history?: {
    readonly uri: vscode.Uri;
    /** Resolves when pending writes are on disk. */
    flush(): Promise<void>;
  };
}

/**
 * What the entity counts feature (src/entities) tells the chart and the export: the reading of this
 * window and the count history of a connection. Wired by extension.ts (useEntityCounts).
 */
export interface EntityCountsFeed {
  /** The connection's last reading by type, when it was taken from this server (`gmsUrl`). */
  reading(connection: string, gmsUrl: string): EntityCountsSnapshot | undefined;
  /** The connection's count history, when it is this server's: a connection pointed elsewhere starts over. */
  history(connection: string, gmsUrl: string): ConnectionHistory | undefined;
  /** Reads the count history file once; later calls wait for the same read. */
  load(): Promise<void>;
  readonly onDidChange: vscode.Event<void>;
}

/** The setting, read once until it changes (tooltips ask for it per index). */
let historySetting: boolean | undefined;
function historyEnabled(): boolean {
  historySetting ??= vscode.workspace.getConfiguration().get<boolean>(HISTORY_SETTING, true);
  return historySetting;
}

/** The insights part once started: its history store and chart, and what to dispose. */
export interface Insights {
  store: HistoryStore;
  chart: ChartPanelHost;
  disposables: vscode.Disposable[];
  /** Tooltip line about an index's growth, for the tree; undefined without history. */
  growthFor(indexName: string): string | undefined;
  /** What tests read (the chart's message handler, the history file). */
  testSeam: InsightsTestApi;
  /** Reads the history file, just after activation. */
  afterActivation(): void;
  /** The entity counts beside the sizes (chart and export), once the entities feature is started. */
  useEntityCounts(feed: EntityCountsFeed): vscode.Disposable;
  /** The entity counts feed, when wired. */
  entityCounts(): EntityCountsFeed | undefined;
}

/** Starts the history store, the chart host and the tree's growth lines; the commands are registered by ./index.ts. */
export function startInsights(services: Services): Insights {
  const { context, indexSizes, connections, log } = services;
  const store = new HistoryStore(context.globalStorageUri, log);

  const fetchRecord = (snapshot = indexSizes.current): FetchRecord | undefined =>
    snapshot && {
      connection: snapshot.connection.name,
      gmsUrl: snapshot.connection.gmsUrl,
      fetchedAt: snapshot.fetchedAt,
      indices: snapshot.indices,
    };

  /**
   * History of the shown connection, including the current fetch even before it
   * is recorded. Kept until the snapshot, the stored history or the setting
   * changes, together with the growth lines worked out from it so far.
   */
  let memo:
    { snapshot: unknown; known: unknown; enabled: boolean; history: ConnectionHistory | undefined; growth: Map<string, string | undefined> } | undefined;
  const currentMemo = (): NonNullable<typeof memo> => {
    const snapshot = indexSizes.current;
    const enabled = historyEnabled();
    const known = snapshot && store.connection(snapshot.connection.name);
    if (memo && memo.snapshot === snapshot && memo.known === known && memo.enabled === enabled) return memo;
    let history: ConnectionHistory | undefined;
    const record = fetchRecord(snapshot);
    if (record && enabled) {
      if (known?.snapshots.some((s) => s.t === record.fetchedAt)) history = known;
      else history = recordFetch({ connections: new Map(known ? [[record.connection, known]] : []) }, record).connections.get(record.connection);
    }
    memo = { snapshot, known, enabled, history, growth: new Map() };
    return memo;
  };
  const currentHistory = (): ConnectionHistory | undefined => currentMemo().history;

  let entityFeed: EntityCountsFeed | undefined;
  const status = (): ChartStatus => {
    const failure = indexSizes.lastError;
    const error = failure && describeError(failure.error, { connection: failure.connection, hasToken: failure.hasToken });
    const shown = indexSizes.current?.connection ?? connections.active();
    // Built by the lazily loaded part, which reads the count history once and then draws again.
    const entities = entityFeed && shown ? loadFeature<typeof EntityCharts>('insights').entitySection(entityFeed, shown, () => chart.update()) : undefined;
    return { loading: indexSizes.loading, error: error && error.state !== 'cancelled' ? error.message : undefined, entities };
  };

  const chart = new ChartPanelHost(services, {
    state() {
      // The chart's state is built only while the chart is open: its code loads with the insights commands.
      const { buildChartState, emptyChartState } = loadFeature<typeof ChartStates>('insights');
      const snapshot = indexSizes.current;
      if (!snapshot) return emptyChartState(connections.active()?.name, status());
      return buildChartState(
        { connection: snapshot.connection.name, fetchedAt: snapshot.fetchedAt, indices: snapshot.indices, totalMb: snapshot.totalMb },
        currentHistory(),
        { ...status(), historyEnabled: historyEnabled(), thresholdGb: vscode.workspace.getConfiguration().get<number>(THRESHOLD_SETTING_KEY, 10) },
      );
    },
    findIndex: (indexName) => indexSizes.current?.indices.find((i) => i.indexName === indexName),
  });

  // A lookup once worked out: the tree asks again for every tooltip it shows.
  let disposed = false;
  const growthSource = (indexName: string): string | undefined => {
    if (disposed) return undefined;
    const { history, growth } = currentMemo();
    if (growth.has(indexName)) return growth.get(indexName);
    const lines = describeGrowth(growthFor(history, indexName));
    const line = lines.length ? `Growth: ${lines.join(' · ')}` : undefined;
    growth.set(indexName, line);
    return line;
  };
  const testSeam: InsightsTestApi = {};
  testSeam.chart = {
    get isOpen() {
      return chart.isOpen;
    },
    get html() {
      return chart.html;
    },
    get posted() {
      return chart.posted;
    },
    handleMessage: (message) => chart.handleMessage(message),
  };
  testSeam.history = { uri: store.uri, flush: () => store.flush() };
  // A small file, read in the background just after activation (src/platform/startup.ts); it is
  // normally in memory before the first fetch returns and the tree asks for tooltips. A fetch
  // recorded before it merges with the file all the same (the store reads before each write).
  const afterActivation = () =>
    void store.load().then(
      () => chart.update(),
      () => undefined, // logged by the store; the history starts empty
    );

  const onSizes = () => {
    const record = fetchRecord();
    if (record && historyEnabled()) {
      // Drawn at once from memory, and again once the file (maybe grown by another window) is merged.
      store.record(record).then(
        () => chart.update(),
        () => undefined, // logged by the store
      );
    }
    chart.update();
  };

  const disposables = [
    chart,
    indexSizes.onDidChange(onSizes),
    indexSizes.onDidChangeState(() => chart.update()),
    connections.onDidChange(() => chart.update()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(THRESHOLD_SETTING_KEY)) chart.update();
      if (!e.affectsConfiguration(HISTORY_SETTING)) return;
      historySetting = undefined;
      chart.update();
    }),
    {
      dispose: () => {
        disposed = true;
        historySetting = undefined;
        delete testSeam.chart;
        delete testSeam.history;
      },
    },
  ];
  const useEntityCounts = (feed: EntityCountsFeed): vscode.Disposable => {
    entityFeed = feed;
    const listening = feed.onDidChange(() => chart.update());
    return {
      dispose: () => {
        listening.dispose();
        if (entityFeed === feed) entityFeed = undefined;
      },
    };
  };
  return { store, chart, disposables, growthFor: growthSource, testSeam, afterActivation, useEntityCounts, entityCounts: () => entityFeed };
}
