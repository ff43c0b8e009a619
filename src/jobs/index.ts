// DataHub's jobs: a restore too big for the endpoint handed to DataHub's own
// RestoreIndices job (the manifest: a Kubernetes Job, a docker run line, the arguments),
// that job run on the cluster through GMS's Kubernetes operations and watched to its end,
// and the system update's reindex watched and estimated. Settings datahub.clusterJobs.*
// and datahub.upgradeReindex.*; rows in DataHub Tasks. It builds on the restore feature
// (its prompts, the saved run it hands over); restore reaches it only through the command id.
// extension.ts uses it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import type { ActiveClient, JobPrefill } from '../platform/services';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsJobs = typeof import('./commands');
import { commandIdsOf } from '../shared/commandIds';
import { KEPT_WATCHES_KEY, hasKeptWatches } from './logic/cluster/keptWatchRecords';

export type { JobResult } from './manifest/restoreAsJob';
export type { ClusterJobSnapshot } from './cluster/clusterWatch';
export type { RunOnClusterResult } from './cluster/clusterRun';
export type { UpgradeSnapshot } from './upgrade/upgradeWatch';
export type { EstimateResult } from './upgrade/upgradeCommands';
export type { ReadinessResult } from './upgrade/readinessCommand';
/** The argument schemas of the jobs commands (the typed API's parameter types). */
export type { jobsArgs, JobsApi } from './table';

/** What restore hands over: a pattern restore better run as DataHub's job. */
export interface JobsSeam {
  openJobFlow(active: ActiveClient, prefill?: JobPrefill): Promise<unknown>;
}

export function register(services: Services): FeatureRegistration<JobsSeam> {
  const commands = deferCommands(
    { name: 'jobs features', commands: commandIdsOf('jobs'), load: () => loadFeature<CommandsJobs>('jobs').registerCommands(services) },
    services.log,
  );
  return {
    disposables: [commands],
    // Watches the last window left are offered again (nothing is sent until the person says so): only
    // then does the jobs code load, just after activation.
    afterActivation: () => {
      if (hasKeptWatches(services.context.workspaceState.get(KEPT_WATCHES_KEY))) commands.load();
    },
    seam: {
      openJobFlow: (active, prefill) => {
        // The flow's Run on the Cluster watches through the jobs registered with the commands: load them first.
        commands.load();
        return loadFeature<CommandsJobs>('jobs').openJobFlow(services, active, prefill);
      },
    },
  };
}
