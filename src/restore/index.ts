// The restore feature: restore-indices commands, the search check, and URNs in
// editors (hover, restore at the cursor). extension.ts uses it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { registerRestoreCommands } from './restore';
import { registerCheckSearchIndex } from './checkSearchIndex';
import { registerExplainSearch } from './explainSearch';
import { registerEditorFeatures } from './editor';
import type { CursorOnUrnState } from './editor/cursorContext';
import { registerClusterCommands } from './cluster/clusterCommands';
import type { ClusterJobs } from './cluster/clusterWatch';
import { registerWatchKeeping } from './cluster/stopWatching';
import { registerUpgradeCommands } from './upgrade/upgradeCommands';
import type { UpgradeWatches } from './upgrade/upgradeWatch';

export type { AtCursorResult } from './editor/restoreAtCursor';
export type { UrnListResult } from './editor/restoreUrnList';
export type { RestoreUrnResult } from './restore';
export type { PatternResult } from './restorePattern';
export type { JobResult } from './restoreAsJob';
export type { ClusterJobSnapshot } from './cluster/clusterWatch';
export type { RunOnClusterResult } from './cluster/clusterRun';
export type { UpgradeSnapshot } from './upgrade/upgradeWatch';
export type { EstimateResult } from './upgrade/upgradeCommands';
export type { CheckSearchIndexResult } from './checkSearchIndex';
export type { ExplainSearchResult } from './explainSearch';
/** The argument schemas of the restore commands (the typed API's parameter types). */
export type { restoreArgs } from './logic/args';
export type { clusterArgs } from './logic/clusterArgs';
export type { upgradeArgs } from './logic/upgradeArgs';

/** The restore seam: the editor's context key datahub.cursorOnUrn, as last sent. */
export interface RestoreSeam {
  cursorOnUrn: Readonly<CursorOnUrnState>;
  /** The jobs watched on the cluster (for tests). */
  clusterJobs: ClusterJobs;
  /** The system-update jobs watched (for tests). */
  upgradeWatches: UpgradeWatches;
}

export function register(services: Services): FeatureRegistration<RestoreSeam> {
  const editor = registerEditorFeatures(services);
  const cluster = registerClusterCommands(services);
  const upgrade = registerUpgradeCommands(services);
  return {
    disposables: [
      ...registerRestoreCommands(services),
      registerCheckSearchIndex(services),
      registerExplainSearch(services),
      ...editor.disposables,
      ...cluster.disposables,
      ...upgrade.disposables,
      ...registerWatchKeeping(services, cluster.jobs, upgrade.watches),
    ],
    seam: { cursorOnUrn: editor.cursorOnUrn, clusterJobs: cluster.jobs, upgradeWatches: upgrade.watches },
  };
}
