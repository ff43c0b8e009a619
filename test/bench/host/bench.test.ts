// Runs inside a fresh VS Code host (`npm run bench` starts it through
// test/host/runIntegration.ts --suite test/bench/host): reads the activation
// timings the extension records, times the first require() of dist/gms.js, then
// serves 10,000 more indices and times the refresh and the tree's first answers.
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DataHubTestApi } from '../../../src/api/testApi';
import { arrangeIndices } from '../../../src/indices/logic/indices';
import type { IndexSize } from '../../../src/gms/types';
import type { IndexTreeNode } from '../../../src/indices/logic/indexTreeNodes';
import { EXTENSION_ID, sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import { SANDBOX_TOKENS, type ExtraIndex } from '../../sandbox/api';
import { RESULT_MARKER, type HostBenchResult } from '../hostResult';

const EXTRA_INDICES = 10_000;

/** Provider members the bench times one by one (not part of vscode.TreeDataProvider). */
interface ProviderInternals {
  currentState?: () => string;
  tooltipExtra?: (indexName: string) => string | undefined;
}

/** The seeded index names, read from the sandbox as any client would. */
async function seededIndexNames(): Promise<string[]> {
  const response = await fetch(`${sandboxUrl()}/operations?action=getIndexSizes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_TOKENS.reader}` },
    body: '{}',
  });
  const value = ((await response.json()) as { value: { indexSizes: { indexName: string }[] } }).value;
  return value.indexSizes.map((i) => i.indexName);
}

/** Many tenants' prefixed copies of the seeded names, with spread-out sizes (deterministic). */
function tenantCopies(names: string[], count: number): ExtraIndex[] {
  const out: ExtraIndex[] = [];
  let x = 42;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const tenant = `t${String(Math.floor(i / names.length)).padStart(4, '0')}`;
    out.push({ indexName: `${tenant}_${names[i % names.length]}`, sizeInMb: Math.round((x / 2147483648) * 10 ** (1 + (i % 6))) / 10 });
  }
  return out;
}

/** With DATAHUB_BENCH_PROFILE=<file>: a CPU profile of whatever `during` runs, written there. */
async function profiled<T>(file: string | undefined, during: () => Promise<T>): Promise<T> {
  if (!file) return during();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  // Give the sampler a moment to run before the work starts, or the first tens of ms go unsampled.
  await new Promise((resolve) => setTimeout(resolve, 100));
  try {
    return await during();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

function time<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const value = fn();
  return [value, performance.now() - t0];
}

/** Average time of one call, in µs. */
function perCallUs(n: number, fn: (i: number) => unknown): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  return ((performance.now() - t0) * 1000) / n;
}

describe('bench (one fresh host)', function () {
  this.timeout(180_000);

  it('measures activation, the lazy network stack and a 10,000-index tree', async () => {
    const extension = vscode.extensions.getExtension<DataHubTestApi>(EXTENSION_ID);
    if (!extension) throw new Error(`${EXTENSION_ID} is not loaded in this host`);
    // As for a person: VS Code activates the extension itself on onStartupFinished, once the workbench
    // has started, and the extension records its own timings. The suite starts earlier, in the middle of
    // the start; with DATAHUB_BENCH_FORCE_ACTIVATION=1 (and for the profile, which must wrap the loading)
    // it activates the extension at once, there.
    const profileWanted = process.env.DATAHUB_BENCH_PROFILE;
    const force = profileWanted !== undefined || process.env.DATAHUB_BENCH_FORCE_ACTIVATION === '1';
    const waitedFrom = performance.now();
    while (!force && !extension.isActive && performance.now() - waitedFrom < 30_000) await new Promise((r) => setTimeout(r, 50));
    const wasActive = extension.isActive;
    const api = await profiled(wasActive ? undefined : profileWanted, () => Promise.resolve(extension.activate()));
    const timings = api.activationTimings;
    const profileFile = wasActive ? undefined : profileWanted;
    if (profileFile) {
      // The profile's clock is the monotonic one in µs (process.hrtime's): activate()'s window on it, for the summary.
      const offsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
      const window = { startUs: timings.activateStarted * 1000 + offsetUs, endUs: timings.activateEnded * 1000 + offsetUs };
      fs.writeFileSync(`${profileFile}.activate.json`, JSON.stringify(window));
    }

    // Nothing has asked for the network yet (no connection), so this is gms.js's first load.
    const gmsFile = path.join(extension.extensionPath, 'dist', 'gms.js');
    const load = createRequire(gmsFile);
    const loadedBefore = load.resolve(gmsFile) in load.cache;
    const [, gmsRequireMs] = time(() => load(gmsFile));

    const names = await seededIndexNames();
    await sandbox.control('POST', '/indices', { indices: tenantCopies(names, EXTRA_INDICES), replace: true });
    await useSandboxConnection({ token: 'reader' });
    const t0 = performance.now();
    const snapshot = (await vscode.commands.executeCommand('datahub.refreshIndexSizes', {})) as { indices: IndexSize[] } | undefined;
    const refreshMs = performance.now() - t0;
    if (!snapshot || snapshot.indices.length < EXTRA_INDICES) throw new Error(`refresh returned ${snapshot?.indices.length ?? 'nothing'}`);

    const provider = api.indicesView.provider;
    const children = async (node?: IndexTreeNode): Promise<IndexTreeNode[]> => (await provider.getChildren(node)) ?? [];
    let t = performance.now();
    const roots = await children();
    const treeRootMs = performance.now() - t;
    const [, treeRootItemsMs] = time(() => roots.forEach((r) => void provider.getTreeItem(r)));
    const groups = roots.filter((r): r is Extract<IndexTreeNode, { kind: 'group' }> => r.kind === 'group');
    if (groups.length === 0) throw new Error(`the tree shows no groups: ${JSON.stringify(roots).slice(0, 300)}`);
    const largest = groups.reduce((a, b) => (b.group.indices.length > a.group.indices.length ? b : a));
    t = performance.now();
    const kids = await children(largest);
    const treeExpandChildrenMs = performance.now() - t;
    const [items, treeExpandItemsMs] = time(() => kids.map((k) => provider.getTreeItem(k)));
    // What a hover costs: VS Code resolves the item under the pointer, which builds its tooltip.
    const hovered = Math.min(200, kids.length);
    const token = new vscode.CancellationTokenSource().token;
    const treeHoverUs = provider.resolveTreeItem
      ? perCallUs(hovered, (i) => provider.resolveTreeItem?.(items[kids.length - 1 - i] as vscode.TreeItem, kids[kids.length - 1 - i], token))
      : undefined;
    const treeRootWarmMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      await children();
      treeRootWarmMs.push(performance.now() - t);
    }

    const internals = provider as unknown as ProviderInternals;
    const [, arrangeMs] = time(() => arrangeIndices(snapshot.indices, '', 'size'));
    const currentStateMs = internals.currentState ? time(() => internals.currentState?.())[1] : null;
    const configGetUs = perCallUs(1000, () => vscode.workspace.getConfiguration('datahub').get<number>('sizeWarningThresholdGb', 10));
    const extra = internals.tooltipExtra;
    // Indices whose growth line was not asked for yet (the hover above cached its own).
    const hoveredNames = new Set(kids.slice(kids.length - hovered).map((k) => (k.kind === 'index' ? k.index.indexName : '')));
    const fresh = snapshot.indices.filter((i) => !hoveredNames.has(i.indexName)).slice(0, 200);
    const tooltipExtraUs = extra ? perCallUs(fresh.length, (i) => extra(fresh[i].indexName)) : null;
    // What one command registration costs in this host (what activation pays per command id it declares).
    const probes: vscode.Disposable[] = [];
    const registerCommandUs = perCallUs(50, (i) => probes.push(vscode.commands.registerCommand(`datahub.benchProbe${i}`, () => undefined)));
    for (const p of probes) p.dispose();

    const result: HostBenchResult = {
      extensionBytes: fs.statSync(path.join(extension.extensionPath, 'dist', 'extension.js')).size,
      wasActive,
      bundleEvaluationMs: timings.bundleEvaluated - timings.bundleEvaluationStarted,
      hostPrepareMs: timings.activateStarted - timings.bundleEvaluated,
      activateMs: timings.activateEnded - timings.activateStarted,
      activateCpuMs: timings.activateCpuMs,
      activateParts: timings.activateParts,
      afterActivation: await timings.afterActivation,
      bundleStartedAtMs: timings.bundleEvaluationStarted,
      gmsRequireMs: loadedBefore ? null : gmsRequireMs,
      firstFeatureLoadMs: api.lazyLoads()[0]?.ms ?? null,
      laterFeatureLoadMs: api
        .lazyLoads()
        .slice(1)
        .map((l) => l.ms),
      indexCount: snapshot.indices.length,
      refreshMs,
      treeRootMs,
      treeRootItemsMs,
      groupCount: groups.length,
      treeExpandChildrenMs,
      treeExpandItemsMs,
      largestGroupSize: largest.group.indices.length,
      treeHoverUs,
      treeRootWarmMs,
      viewVisible: api.indicesView.treeView.visible,
      breakdown: { arrangeMs, currentStateMs, configGetUs, tooltipExtraUs, registerCommandUs },
    };
    const out = process.env.DATAHUB_BENCH_OUT;
    if (out) fs.writeFileSync(out, JSON.stringify(result));
    console.log(`${RESULT_MARKER}${JSON.stringify(result)}`);
    await sandbox.reset();
  });
});
