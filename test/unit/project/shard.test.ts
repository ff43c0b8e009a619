import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flowWeight, shardOf } from '../../ui/harness/shard';

const weights: Record<string, number> = { a: 12, b: 10, c: 6, d: 5, e: 4, f: 1 };
const weightOf = (f: string): number => weights[f];
const flows = Object.keys(weights);

test('the parts of a split UI run take every flow once, balanced by expected length', () => {
  const parts = [shardOf(flows, '1/2', weightOf), shardOf(flows, '2/2', weightOf)];
  assert.deepEqual([...parts[0], ...parts[1]].sort(), flows);
  const weight = (part: string[]): number => part.reduce((sum, f) => sum + weights[f], 0);
  // Longest first, each to the lightest part: a, d, f (18) and b, c, e (20).
  assert.deepEqual(parts, [
    ['a', 'd', 'f'],
    ['b', 'c', 'e'],
  ]);
  assert.deepEqual(parts.map(weight), [18, 20]);
  assert.deepEqual(shardOf(flows, '1/1', weightOf), flows);
});

test('the same flows always give the same parts, whatever their order', () => {
  assert.deepEqual(shardOf([...flows].reverse(), '2/3', weightOf), shardOf(flows, '2/3', weightOf));
});

test('a part that is not k/n with 1 ≤ k ≤ n is refused', () => {
  for (const bad of ['0/2', '3/2', '1/0', '1', 'a/b', '1/2/3']) assert.throws(() => shardOf(flows, bad, weightOf), /--shard: expected k\/n/);
});

test("a flow's expected length is its recorded seconds; a flow not recorded is estimated from its size", () => {
  const sizeOf = (): number => 5000;
  assert.equal(flowWeight('test/ui/flows/slow.ui.ts', sizeOf, { slow: 130 }), 130);
  assert.equal(flowWeight('test/ui/flows/new.ui.ts', sizeOf, { slow: 130 }), 60);
  // A bigger new flow weighs more than a smaller one.
  assert.ok(flowWeight('test/ui/flows/new.ui.ts', () => 9000, {}) > flowWeight('test/ui/flows/new.ui.ts', () => 2000, {}));
});

test('every recorded flow exists, so a renamed flow is not balanced by a stale entry', async () => {
  const { FLOW_SECONDS } = await import('../../ui/harness/flowSeconds');
  const fs = await import('node:fs');
  const present = new Set(fs.readdirSync('test/ui/flows').map((f) => f.replace(/\.ui\.ts$/, '')));
  assert.deepEqual(
    Object.keys(FLOW_SECONDS).filter((f) => !present.has(f)),
    [],
  );
});
