// DataHub's jobs: a restore too big for the endpoint handed to DataHub's own
// RestoreIndices job (the manifest: a Kubernetes Job, a docker run line, the arguments),
// that job run on the cluster through GMS's Kubernetes operations and watched to its end,
// and the system update's reindex watched and estimated. Settings datahub.clusterJobs.*
// and datahub.upgradeReindex.*; rows in DataHub Tasks. It builds on the restore feature
// (its prompts, the saved run it hands over); restore reaches it only through the command id.
// extension.ts uses it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { openJobFlow, registerRestoreAsJobCommand } from './manifest/restoreAsJob';
import type { ActiveClient, JobPrefill } from '../platform/services';
import { registerClusterCommands } from './cluster/clusterCommands';
import { registerUpgradeCommands } from './upgrade/upgradeCommands';

export type { JobResult } from './manifest/restoreAsJob';
export type { ClusterJobSnapshot } from './cluster/clusterWatch';
export type { RunOnClusterResult } from './cluster/clusterRun';
export type { UpgradeSnapshot } from './upgrade/upgradeWatch';
export type { EstimateResult } from './upgrade/upgradeCommands';
/** The argument schemas of the jobs commands (the typed API's parameter types). */
export type { jobsArgs } from './logic/args';

/** What restore hands over: a pattern restore better run as DataHub's job. */
export interface JobsSeam {
  openJobFlow(active: ActiveClient, prefill?: JobPrefill): Promise<unknown>;
}

export function register(services: Services): FeatureRegistration<JobsSeam> {
  const cluster = registerClusterCommands(services);
  const upgrade = registerUpgradeCommands(services);
  return {
    disposables: [registerRestoreAsJobCommand(services), ...cluster.disposables, ...upgrade.disposables],
    seam: { openJobFlow: (active, prefill) => openJobFlow(services, active, prefill) },
  };
}
