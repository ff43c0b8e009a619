// The bench table's rows measured in fresh VS Code hosts: activation and the tree (test/bench/run.ts prints them).
import type { HostRuns } from './hostActivation';
import { spread, type Row, type Spread } from './stats';
import { Commands } from '../../src/shared/commandIds';

/** Who activated the extension in the runs: VS Code itself (onStartupFinished, as for a person) or the suite during the start. */
function activatedBy(r: HostRuns['results']): string {
  const byVsCode = r.filter((x) => x.wasActive).length;
  if (byVsCode === r.length) return 'activated by VS Code (onStartupFinished), as for a person';
  if (byVsCode === 0) return 'activated by the suite in the middle of the start (DATAHUB_BENCH_FORCE_ACTIVATION)';
  return `${byVsCode} activated by VS Code (onStartupFinished), ${r.length - byVsCode} by the suite during the start`;
}

export function hostRows(hosts: HostRuns): { activation: Row[]; tree: Row[] } {
  const r = hosts.results;
  const runs = `${r.length} fresh hosts`;
  const pick = (f: (x: (typeof r)[number]) => number | null): Spread => spread(r.map(f).filter((v): v is number => v !== null));
  const gmsMissing = r.filter((x) => x.gmsRequireMs === null).length;
  const visible = r.some((x) => x.viewVisible) ? '; the view was visible, so VS Code may have asked first' : '';
  const largest = r[0]?.largestGroupSize ?? 0;
  const config = pick((x) => x.breakdown.configGetUs).median;
  return {
    activation: [
      {
        section: 'Activation',
        label: 'activate()',
        unit: 'ms',
        value: pick((x) => x.activateMs),
        target: { max: 5, text: '≤ 5 ms' },
        note: `${runs}, real host (code-server 4.100.3); ${activatedBy(r)}`,
      },
      {
        section: 'Activation',
        label: 'activate(): CPU time of the host process while it ran',
        unit: 'ms',
        value: pick((x) => x.activateCpuMs),
        note: 'process.cpuUsage() around activate(): its own work; the wall time above adds the waits of a busy 2-core machine (code-server and the browser start beside it)',
      },
      {
        section: 'Activation',
        label: "the features' first draw, just after activate() returned",
        unit: 'ms',
        value: pick((x) => x.afterActivation?.ms ?? null),
        note: `CPU ${pick((x) => x.afterActivation?.cpuMs ?? null).median.toFixed(1)} ms median: the status bar, the views' texts and context keys, the editor's URN keys, saved tasks and watches (src/platform/startup.ts); one turn of the event loop later, or before the first command that arrives sooner`,
      },
      {
        section: 'Activation',
        label: 'activate() + that first draw: CPU time',
        unit: 'ms',
        value: pick((x) => (x.afterActivation ? x.activateCpuMs + x.afterActivation.cpuMs : null)),
        note: 'what starting costs the extension host in all',
      },
      {
        section: 'Activation',
        label: 'one vscode.commands.registerCommand() in the host',
        unit: 'µs',
        value: pick((x) => x.breakdown.registerCommandUs ?? null),
        note: `averaged over 50; activation registers one per command id (${Object.keys(Commands).length}), and an API entry beside it`,
      },
      { section: 'Activation', label: 'bundle evaluation (top to end of dist/extension.js)', unit: 'ms', value: pick((x) => x.bundleEvaluationMs), note: runs },
      {
        section: 'Activation',
        label: 'VS Code preparing the context (evaluated → activate() called)',
        unit: 'ms',
        value: pick((x) => x.hostPrepareMs),
        note: "the host's own work, not ours",
      },
      {
        section: 'Activation',
        label: 'first require of dist/gms.js in the host',
        unit: 'ms',
        value: pick((x) => x.gmsRequireMs),
        note: gmsMissing ? `${gmsMissing} run(s) had it loaded already` : 'lazy: paid on the first request, not at activation',
      },
      {
        section: 'Activation',
        label: "a feature's first command: require of dist/features.js and its own bundle, and its registration",
        unit: 'ms',
        value: pick((x) => x.firstFeatureLoadMs),
        target: { max: 30, text: '≤ 30 ms' },
        note: 'lazy: paid once, on the first command (here Set Access Token), not at activation',
      },
      {
        section: 'Activation',
        label: "another feature's first command: its own bundle and its registration (dist/features.js is loaded)",
        unit: 'ms',
        value: spread(r.flatMap((x) => x.laterFeatureLoadMs)),
      },
    ],
    tree: [
      {
        section: 'Large response',
        label: `host: datahub.refreshIndexSizes over ${r[0]?.indexCount.toLocaleString('en') ?? '?'} indices`,
        unit: 'ms',
        value: pick((x) => x.refreshMs),
        note: 'end to end: HTTP, parse, validate, snapshot, listeners',
      },
      {
        section: 'Large response',
        label: "host: tree's first getChildren() (root) after that refresh",
        unit: 'ms',
        value: pick((x) => x.treeRootMs),
        target: { max: 5, text: '≤ 5 ms' },
        note: `real provider; ${r[0]?.groupCount ?? '?'} groups; the snapshot was arranged once when it arrived (part of the refresh above) and is reused${visible}`,
      },
      { section: 'Large response', label: 'host: root getChildren() again (warm)', unit: 'ms', value: spread(r.flatMap((x) => x.treeRootWarmMs)) },
      { section: 'Large response', label: 'host: getTreeItem() for the root groups', unit: 'ms', value: pick((x) => x.treeRootItemsMs) },
      {
        section: 'Large response',
        label: `host: expand the largest group: getChildren() (${largest} indices)`,
        unit: 'ms',
        value: pick((x) => x.treeExpandChildrenMs),
        note: `index nodes made once per arrangement; the threshold setting read once, not per index (a getConfiguration() costs ${config.toFixed(1)} µs here)`,
      },
      {
        section: 'Large response',
        label: `host: expand the largest group: getTreeItem() × ${largest}`,
        unit: 'ms',
        value: pick((x) => x.treeExpandItemsMs),
        note: 'label, size, icon; no tooltip (built on hover)',
      },
      {
        section: 'Large response',
        label: 'host: hover an index: resolveTreeItem() (tooltip with growth line)',
        unit: 'µs',
        value: pick((x) => x.treeHoverUs ?? null),
        note: 'per index, averaged over 200 of the expanded group',
      },
      {
        section: 'Large response',
        label: 'host: one arrangeIndices() over the snapshot',
        unit: 'ms',
        value: pick((x) => x.breakdown.arrangeMs),
        note: 'paid once per snapshot, filter or sort change',
      },
      {
        section: 'Large response',
        label: 'host: one tooltip growth line (insightsGrowthFor)',
        unit: 'µs',
        value: pick((x) => x.breakdown.tooltipExtraUs),
        note: 'first ask for an index, averaged over 200; then a lookup until the history changes',
      },
    ],
  };
}
