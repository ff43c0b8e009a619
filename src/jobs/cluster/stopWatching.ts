// Stop Watching Cluster Job: ends the watch of one cluster job or system update, removes its
// rows and log, and forgets it for the next window. The job itself goes on on the cluster.
// Kept watches: offered again after a window reload (keptWatches.ts).
import * as vscode from 'vscode';
import { registerCommand } from '../../platform/commandRunner';
import * as safeWindow from '../../platform/safeWindow';
import type { Services } from '../../platform/services';
import { parseArgs } from '../../shared/args';
import { Commands } from '../../shared/commandIds';
import { clusterJobArgs } from '../logic/clusterArgs';
import type { UpgradeWatches } from '../upgrade/upgradeWatch';
import type { ClusterJobs } from './clusterWatch';
import { watchOptions } from './clusterRun';
import { fromRow } from './clusterItem';
import { KeptWatches, offerKeptWatches } from './keptWatches';
import { REVISION } from '../logic/upgradeArgs';

/** The revision a system update was watched with ("revision=<r>" in its kept arguments; "0" otherwise). */
function keptRevision(args: readonly string[]): string {
  const r = args.find((a) => a.startsWith('revision='))?.slice('revision='.length);
  return r !== undefined && REVISION.test(r) ? r : '0';
}

export function registerWatchKeeping(services: Services, jobs: ClusterJobs, upgrades: UpgradeWatches) {
  const kept = new KeptWatches(services);
  jobs.kept = kept;
  upgrades.kept = kept;
  // Nothing is asked of GMS at activation: the person chooses to watch again.
  offerKeptWatches(services, kept, async (w) => {
    const connection = services.connections.get(w.connection);
    if (!connection) return;
    const active = await services.connections.clientFor(connection);
    const options = watchOptions({});
    if (w.kind === 'restore') jobs.watch(w.job, active, options, w.args.length ? w.args : undefined);
    else upgrades.watch(w.job, active, options.pollMs, options.giveUpMs, keptRevision(w.args));
  });
  return [
    registerCommand(services, Commands.stopWatchingClusterJob, async (arg, run) => {
      let input = fromRow(arg);
      if (run.mode === 'ui' && !input) {
        const names = [...new Set([...jobs.names(), ...upgrades.all().map((u) => u.name)])];
        if (names.length === 0) throw new Error(`${Commands.stopWatchingClusterJob}: no cluster job or system update is watched in this window.`);
        const picked = await vscode.window.showQuickPick(
          names.map((label) => safeWindow.safeItem({ label })),
          {
            title: 'DataHub: Stop Watching Cluster Job',
            placeHolder: 'The job stays on the cluster; only this window stops watching it',
          },
        );
        if (!picked) return undefined;
        input = { job: picked.label };
      }
      const parsed = parseArgs(Commands.stopWatchingClusterJob, clusterJobArgs, input);
      const stopped = jobs.forget(parsed.job) || upgrades.forget(parsed.job);
      if (!stopped) throw new Error(`${Commands.stopWatchingClusterJob}: ${parsed.job} is not watched in this window.`);
      return { job: parsed.job, stopped, message: `Stopped watching ${parsed.job}; the job itself goes on on the cluster.` };
    }),
  ];
}
