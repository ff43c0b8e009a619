// Every command the extension contributes, by feature and by name: the one place a command
// id is written. Code and tests use `Commands.<name>`; a unit test keeps this table equal
// to package.json `contributes.commands`. No vscode import, so every layer may use it.

/**
 * Each feature's commands, one row per command: the feature owns them (its index.ts
 * registers their forwarders from this table, `commandIdsOf`) and its commands.ts
 * (loaded on first use) their handlers. Adding a command: a row here, under its feature.
 */
export const FEATURE_COMMANDS = {
  connections: {
    addConnection: 'datahub.addConnection',
    switchConnection: 'datahub.switchConnection',
    editConnection: 'datahub.editConnection',
    removeConnection: 'datahub.removeConnection',
    setAccessToken: 'datahub.setAccessToken',
    clearAccessToken: 'datahub.clearAccessToken',
    testConnection: 'datahub.testConnection',
    importFromCli: 'datahub.importFromCli',
    openSettings: 'datahub.openSettings',
    showLog: 'datahub.showLog',
    showOperationsJournal: 'datahub.showOperationsJournal',
    readJournal: 'datahub.readJournal',
  },
  indices: {
    refreshIndexSizes: 'datahub.refreshIndexSizes',
    sortBySize: 'datahub.sortBySize',
    sortByName: 'datahub.sortByName',
    filterIndices: 'datahub.filterIndices',
    clearFilter: 'datahub.clearFilter',
    copyIndexName: 'datahub.copyIndexName',
    copyEntityAspect: 'datahub.copyEntityAspect',
    copyEntityType: 'datahub.copyEntityType',
  },
  restore: {
    restoreIndices: 'datahub.restoreIndices',
    restoreIndicesByPattern: 'datahub.restoreIndicesByPattern',
    restoreIndicesChangedBetween: 'datahub.restoreIndicesChangedBetween',
    restoreUrnAtCursor: 'datahub.restoreUrnAtCursor',
    restoreUrnsInFile: 'datahub.restoreUrnsInFile',
    restoreUrnsInSelection: 'datahub.restoreUrnsInSelection',
    cancelRestore: 'datahub.cancelRestore',
  },
  jobs: {
    restoreIndicesAsJob: 'datahub.restoreIndicesAsJob',
    runRestoreJobOnCluster: 'datahub.runRestoreJobOnCluster',
    watchClusterJob: 'datahub.watchClusterJob',
    resumeClusterJob: 'datahub.resumeClusterJob',
    showClusterJobLog: 'datahub.showClusterJobLog',
    stopWatchingClusterJob: 'datahub.stopWatchingClusterJob',
    watchUpgradeReindex: 'datahub.watchUpgradeReindex',
    estimateUpgradeReindex: 'datahub.estimateUpgradeReindex',
    checkUpgradeReadiness: 'datahub.checkUpgradeReadiness',
    showUpgradeReindexLog: 'datahub.showUpgradeReindexLog',
  },
  truncate: {
    truncateIndex: 'datahub.truncateIndex',
    truncateTimeseriesAspect: 'datahub.truncateTimeseriesAspect',
    showTaskStatus: 'datahub.showTaskStatus',
    getTaskStatus: 'datahub.getTaskStatus',
    watchTask: 'datahub.watchTask',
    copyTaskId: 'datahub.copyTaskId',
    stopWatchingTask: 'datahub.stopWatchingTask',
    clearFinishedTasks: 'datahub.clearFinishedTasks',
  },
  insights: {
    showIndexSizeChart: 'datahub.showIndexSizeChart',
    exportIndexSizes: 'datahub.exportIndexSizes',
    copyIndexSizesMarkdown: 'datahub.copyIndexSizesMarkdown',
    clearHistory: 'datahub.clearHistory',
    revealIndex: 'datahub.revealIndex',
  },
  retention: {
    planRetention: 'datahub.planRetention',
  },
  health: {
    checkSearchIndex: 'datahub.checkSearchIndex',
    explainSearch: 'datahub.explainSearch',
    inspectUrn: 'datahub.inspectUrn',
    checkSearchHealth: 'datahub.checkSearchHealth',
    refreshSearchHealth: 'datahub.refreshSearchHealth',
    fixSearchDrift: 'datahub.fixSearchDrift',
    copyDriftUrns: 'datahub.copyDriftUrns',
  },
  doctor: {
    diagnose: 'datahub.diagnose',
    copyDoctorReport: 'datahub.copyDoctorReport',
    diagnoseAll: 'datahub.diagnoseAll',
    compareConnections: 'datahub.compareConnections',
    browseFailedWrites: 'datahub.browseFailedWrites',
    openFailedWrite: 'datahub.openFailedWrite',
    replayFailedWrites: 'datahub.replayFailedWrites',
    replayFailedGroup: 'datahub.replayFailedGroup',
    checkEndToEnd: 'datahub.checkEndToEnd',
    resetConsumerOffsets: 'datahub.resetConsumerOffsets',
    doctorNextStep: 'datahub.doctorNextStep',
  },
  entities: {
    countEntities: 'datahub.countEntities',
    planEntityCleanup: 'datahub.planEntityCleanup',
    applyEntityCleanup: 'datahub.applyEntityCleanup',
    cancelEntityCleanup: 'datahub.cancelEntityCleanup',
  },
  ingestion: {
    listIngestionRuns: 'datahub.listIngestionRuns',
    cancelIngestionRun: 'datahub.cancelIngestionRun',
    rollbackIngestionRun: 'datahub.rollbackIngestionRun',
    showIngestionReport: 'datahub.showIngestionReport',
  },
  gc: {
    readGarbageCollection: 'datahub.readGarbageCollection',
    planGarbageCollection: 'datahub.planGarbageCollection',
    applyGarbageCollection: 'datahub.applyGarbageCollection',
  },
} as const;

/** A feature whose commands load on first use (the export names of src/features.ts). */
export type FeatureName = keyof typeof FEATURE_COMMANDS;

type Rows = (typeof FEATURE_COMMANDS)[FeatureName];
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? { readonly [K in keyof I]: I[K] } : never;

/** Every command, by name, across the features. */
export const Commands = Object.freeze(Object.assign({}, ...Object.values(FEATURE_COMMANDS))) as Merged<Rows>;

export type CommandName = keyof typeof Commands;
export type CommandId = (typeof Commands)[CommandName];

/**
 * Commands that always prompt (a tree element or a picker), so the typed API leaves
 * them out; their programmatic form is another command.
 */
export const INTERACTIVE_ONLY = {
  truncateIndex: 'the tree and chart entry; programs call truncateTimeseriesAspect with { indexName }',
  watchTask: 'the DataHub Tasks entry; programs call showTaskStatus or getTaskStatus',
  copyDriftUrns: 'the Search Health entry; programs read the URNs from checkSearchHealth',
  replayFailedGroup: 'the DataHub Doctor entry on a group of failed writes; programs call replayFailedWrites with { messages }',
  doctorNextStep: "the DataHub Doctor entry on a line; programs read the line's nextCommand from diagnose",
} as const satisfies Partial<Record<CommandName, string>>;

/** A command that takes an argument object: one method of the typed API each. */
export type ApiCommand = Exclude<CommandName, keyof typeof INTERACTIVE_ONLY>;

/** Every command that takes an argument object, feature by feature. */
export const API_COMMANDS: readonly ApiCommand[] = (Object.keys(Commands) as CommandName[]).filter((name): name is ApiCommand => !(name in INTERACTIVE_ONLY));

/** The ids a feature owns, for its forwarders (src/platform/lazyCommands.ts `deferCommands`). */
export function commandIdsOf(feature: FeatureName): readonly CommandId[] {
  return Object.values(FEATURE_COMMANDS[feature]);
}

/** A feature's commands that take an argument object (its rows of the typed API). */
export type ApiCommandOf<F extends FeatureName> = Extract<keyof (typeof FEATURE_COMMANDS)[F], ApiCommand>;

/** What a typed API method resolves: the command's result, or `undefined` when it stopped without one (nothing to do). */
export type ApiResult<R> = Promise<R | undefined>;

declare const registeredId: unique symbol;

/**
 * A command's registration, typed with the id it registered (src/platform/lazyCommands.ts
 * `registerVscodeCommand` and the helpers built on it return one). A feature's
 * `registerCommands` hands its list to `registrationsOf`, so the compiler checks that every id
 * the feature declares above has a handler.
 */
export interface Registered<I extends string> {
  dispose(): unknown;
  readonly [registeredId]: I;
}

/** The ids a feature declares. */
export type CommandIdOf<F extends FeatureName> = (typeof FEATURE_COMMANDS)[F][keyof (typeof FEATURE_COMMANDS)[F]];

type IdsRegistered<T> = T extends Registered<infer I> ? I : never;

/** What the compiler says of a feature's registrations: nothing when they are whole. */
type Complete<F extends FeatureName, T extends readonly { dispose(): unknown }[]> =
  string extends IdsRegistered<T[number]>
    ? { 'a registration whose id the compiler cannot see (type it with its literal id)': never }
    : [Exclude<CommandIdOf<F>, IdsRegistered<T[number]>>] extends [never]
      ? [Exclude<IdsRegistered<T[number]>, CommandIdOf<F>>] extends [never]
        ? unknown
        : { 'registers an id another feature declares': Exclude<IdsRegistered<T[number]>, CommandIdOf<F>> }
      : { 'declared in FEATURE_COMMANDS but has no handler': Exclude<CommandIdOf<F>, IdsRegistered<T[number]>> };

/**
 * A feature's registrations (its commands.ts `registerCommands`), checked by the compiler: each id
 * the feature declares has one, and none is another feature's. The list may hold other disposables
 * (listeners, watches) beside them.
 */
export function registrationsOf<F extends FeatureName, T extends readonly { dispose(): unknown }[]>(_feature: F, ...list: T & Complete<F, T>): T {
  return list;
}
