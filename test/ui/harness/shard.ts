// Which flows one part of a split UI run takes (`npm run test:ui -- --shard k/n`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FLOW_SECONDS } from './flowSeconds';

/**
 * A flow's expected length, in seconds: what FLOW_SECONDS recorded for it, else an estimate from its size (a
 * flow's steps and waits grow with its text; its length in bytes alone ranked the flows badly).
 */
export function flowWeight(flow: string, sizeOf = (f: string): number => fs.statSync(f).size, recorded: Record<string, number> = FLOW_SECONDS): number {
  const name = path.basename(flow, '.ui.ts');
  if (recorded[name] !== undefined) return recorded[name];
  // The listed flows: about 40 s to start code-server, the browser and the workbench, then 4 ms per byte.
  return 40 + sizeOf(flow) * 0.004;
}

/**
 * The k-th of n parts of the flows (`k/n`, 1-based), balanced by their expected length (flowWeight): longest
 * first, each to the lightest part so far. The same files always give the same parts.
 */
export function shardOf(flows: string[], shard: string, weightOf = (f: string): number => flowWeight(f)): string[] {
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  const k = Number(match?.[1]);
  const n = Number(match?.[2]);
  if (!match || n < 1 || k < 1 || k > n) throw new Error(`--shard: expected k/n with 1 ≤ k ≤ n (e.g. 1/2), got "${shard}"`);
  const parts = Array.from({ length: n }, () => ({ weight: 0, flows: [] as string[] }));
  const weighed = flows.map((f) => ({ f, weight: weightOf(f) })).sort((a, b) => b.weight - a.weight || a.f.localeCompare(b.f));
  for (const { f, weight } of weighed) {
    const lightest = parts.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.weight += weight;
    lightest.flows.push(f);
  }
  return parts[k - 1].flows.sort();
}
