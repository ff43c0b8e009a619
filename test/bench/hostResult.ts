// What one fresh VS Code host reports to `npm run bench` (test/bench/host/bench.test.ts
// writes it to DATAHUB_BENCH_OUT and prints it on a DATAHUB_BENCH_RESULT line).
export const RESULT_MARKER = 'DATAHUB_BENCH_RESULT ';

export interface HostBenchResult {
  /** Bytes of the dist/extension.js this host loaded (to tell a rebuild mid-run). */
  extensionBytes: number;
  /** True when VS Code had activated the extension itself (onStartupFinished) before the suite asked. */
  wasActive: boolean;
  /** From the top of dist/extension.js's evaluation to its end (every module evaluated). */
  bundleEvaluationMs: number;
  /** From the end of evaluation to the call of activate(): VS Code preparing the extension context. */
  hostPrepareMs: number;
  activateMs: number;
  /** CPU time of this process while activate() ran (process.cpuUsage). */
  activateCpuMs: number;
  /** Wall time of each part of activate(), ms. */
  activateParts?: Record<string, number>;
  /** The features' first draw, run just after activate() returned (src/platform/startup.ts): wall and CPU ms, and wall ms by part. */
  afterActivation?: { ms: number; cpuMs: number; parts: Record<string, number> };
  /** performance.now() in the extension host when the bundle started evaluating (host uptime). */
  bundleStartedAtMs: number;
  /** First require() of dist/gms.js in this host; null when something had loaded it already. */
  gmsRequireMs: number | null;
  /** The first command of a feature: require of dist/features.js and the feature's own bundle, and its registration (its first load in this host). */
  firstFeatureLoadMs: number | null;
  /** Every later feature's first command: its registration alone (the bundle is loaded by then). */
  laterFeatureLoadMs: number[];
  indexCount: number;
  /** datahub.refreshIndexSizes over 10,000+ indices: HTTP, parse, validate, snapshot. */
  refreshMs: number;
  /** The provider's first getChildren() at the root after that refresh. */
  treeRootMs: number;
  /** getTreeItem() for every root element. */
  treeRootItemsMs: number;
  groupCount: number;
  /** Expanding the largest group: its getChildren(), then getTreeItem() for each of its indices. */
  treeExpandChildrenMs: number;
  treeExpandItemsMs: number;
  largestGroupSize: number;
  /** Hovering indices of the largest group: resolveTreeItem() builds the tooltip (with the growth line), µs per index over up to 200. */
  treeHoverUs?: number;
  /** Later root getChildren() calls (warm). */
  treeRootWarmMs: number[];
  viewVisible: boolean;
  /** Where the tree's time goes, measured piece by piece after the calls above. */
  breakdown: {
    /** One arrangeIndices() (filter + group + sort) over the snapshot. */
    arrangeMs: number;
    /** The provider's currentState(), which arranges the snapshot too. */
    currentStateMs: number | null;
    /** One workspace.getConfiguration('datahub').get(...), in µs (averaged over 1000). */
    configGetUs: number;
    /** One tooltip extra line (growth from history) for an index not asked before, in µs (averaged over 200). */
    tooltipExtraUs: number | null;
    /** One vscode.commands.registerCommand() in this host, in µs (averaged over 50). */
    registerCommandUs?: number;
  };
}
