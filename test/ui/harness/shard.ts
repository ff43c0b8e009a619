// Which flows one part of a split UI run takes (`npm run test:ui -- --shard k/n`).
import * as fs from 'node:fs';

/**
 * The k-th of n parts of the flows (`k/n`, 1-based), balanced by their length in bytes (a
 * flow's steps and waits grow with it): longest first, each to the lightest part so far.
 * The same files always give the same parts.
 */
export function shardOf(flows: string[], shard: string, sizeOf = (f: string): number => fs.statSync(f).size): string[] {
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  const k = Number(match?.[1]);
  const n = Number(match?.[2]);
  if (!match || n < 1 || k < 1 || k > n) throw new Error(`--shard: expected k/n with 1 ≤ k ≤ n (e.g. 1/2), got "${shard}"`);
  const parts = Array.from({ length: n }, () => ({ bytes: 0, flows: [] as string[] }));
  const sized = flows.map((f) => ({ f, bytes: sizeOf(f) })).sort((a, b) => b.bytes - a.bytes || a.f.localeCompare(b.f));
  for (const { f, bytes } of sized) {
    const lightest = parts.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.bytes += bytes;
    lightest.flows.push(f);
  }
  return parts[k - 1].flows.sort();
}
