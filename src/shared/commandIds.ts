// Every command the extension contributes, by name: the one place a command id is
// written. Code and tests use `Commands.<name>`; a unit test keeps this list equal
// to package.json `contributes.commands`. No vscode import, so every layer may use it.

export const Commands = {
  addConnection: 'datahub.addConnection',
  switchConnection: 'datahub.switchConnection',
  editConnection: 'datahub.editConnection',
  removeConnection: 'datahub.removeConnection',
  setAccessToken: 'datahub.setAccessToken',
  clearAccessToken: 'datahub.clearAccessToken',
  testConnection: 'datahub.testConnection',
  importFromCli: 'datahub.importFromCli',
  openSettings: 'datahub.openSettings',
  refreshIndexSizes: 'datahub.refreshIndexSizes',
  sortBySize: 'datahub.sortBySize',
  sortByName: 'datahub.sortByName',
  filterIndices: 'datahub.filterIndices',
  clearFilter: 'datahub.clearFilter',
  copyIndexName: 'datahub.copyIndexName',
  copyEntityAspect: 'datahub.copyEntityAspect',
  copyEntityType: 'datahub.copyEntityType',
  restoreIndices: 'datahub.restoreIndices',
  restoreIndicesByPattern: 'datahub.restoreIndicesByPattern',
  restoreIndicesChangedBetween: 'datahub.restoreIndicesChangedBetween',
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
  restoreUrnAtCursor: 'datahub.restoreUrnAtCursor',
  restoreUrnsInFile: 'datahub.restoreUrnsInFile',
  restoreUrnsInSelection: 'datahub.restoreUrnsInSelection',
  checkSearchIndex: 'datahub.checkSearchIndex',
  explainSearch: 'datahub.explainSearch',
  inspectUrn: 'datahub.inspectUrn',
  cancelRestore: 'datahub.cancelRestore',
  showLog: 'datahub.showLog',
  truncateIndex: 'datahub.truncateIndex',
  truncateTimeseriesAspect: 'datahub.truncateTimeseriesAspect',
  planRetention: 'datahub.planRetention',
  showTaskStatus: 'datahub.showTaskStatus',
  getTaskStatus: 'datahub.getTaskStatus',
  watchTask: 'datahub.watchTask',
  copyTaskId: 'datahub.copyTaskId',
  stopWatchingTask: 'datahub.stopWatchingTask',
  clearFinishedTasks: 'datahub.clearFinishedTasks',
  showIndexSizeChart: 'datahub.showIndexSizeChart',
  exportIndexSizes: 'datahub.exportIndexSizes',
  copyIndexSizesMarkdown: 'datahub.copyIndexSizesMarkdown',
  clearHistory: 'datahub.clearHistory',
  revealIndex: 'datahub.revealIndex',
  checkSearchHealth: 'datahub.checkSearchHealth',
  refreshSearchHealth: 'datahub.refreshSearchHealth',
  fixSearchDrift: 'datahub.fixSearchDrift',
  copyDriftUrns: 'datahub.copyDriftUrns',
  diagnose: 'datahub.diagnose',
  copyDoctorReport: 'datahub.copyDoctorReport',
  browseFailedWrites: 'datahub.browseFailedWrites',
  openFailedWrite: 'datahub.openFailedWrite',
  replayFailedWrites: 'datahub.replayFailedWrites',
  replayFailedGroup: 'datahub.replayFailedGroup',
  checkEndToEnd: 'datahub.checkEndToEnd',
  resetConsumerOffsets: 'datahub.resetConsumerOffsets',
  doctorNextStep: 'datahub.doctorNextStep',
  countEntities: 'datahub.countEntities',
} as const;

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

/** Every command that takes an argument object, in the order of package.json. */
export const API_COMMANDS: readonly ApiCommand[] = (Object.keys(Commands) as CommandName[]).filter((name): name is ApiCommand => !(name in INTERACTIVE_ONLY));
