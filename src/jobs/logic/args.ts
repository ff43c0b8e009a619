// The argument objects of the jobs feature's commands, one schema each (the manifest,
// the run and watch on the cluster, the system update's reindex): the handlers parse
// through them, the typed API takes its parameter types from them and docs/api.md its
// tables. Pure: no vscode import.

export { restoreIndicesAsJobArgs, type RestoreIndicesAsJobArgs } from './manifestArgs';
