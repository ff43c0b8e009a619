// The argument objects of the jobs feature's commands, one schema each (the manifest,
// the run and watch on the cluster, the system update's reindex): the handlers parse
// through them, the typed API takes its parameter types from them and docs/api.md its
// tables. Pure: no vscode import.
import { restoreIndicesAsJobArgs } from './manifestArgs';
import { clusterArgs } from './clusterArgs';
import { upgradeArgs } from './upgradeArgs';

export { restoreIndicesAsJobArgs, type RestoreIndicesAsJobArgs } from './manifestArgs';

/** The jobs feature's commands and their argument schemas. */
export const jobsArgs = {
  restoreIndicesAsJob: restoreIndicesAsJobArgs,
  ...clusterArgs,
  ...upgradeArgs,
} as const;
