import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shardOf } from '../../ui/harness/shard';

const sizes: Record<string, number> = { a: 12, b: 10, c: 6, d: 5, e: 4, f: 1 };
const sizeOf = (f: string): number => sizes[f];
const flows = Object.keys(sizes);

test('the parts of a split UI run take every flow once, balanced by size', () => {
  const parts = [shardOf(flows, '1/2', sizeOf), shardOf(flows, '2/2', sizeOf)];
  assert.deepEqual([...parts[0], ...parts[1]].sort(), flows);
  const weight = (part: string[]): number => part.reduce((sum, f) => sum + sizes[f], 0);
  // Longest first, each to the lightest part: a, d, f (18) and b, c, e (20).
  assert.deepEqual(parts, [
    ['a', 'd', 'f'],
    ['b', 'c', 'e'],
  ]);
  assert.deepEqual(parts.map(weight), [18, 20]);
  assert.deepEqual(shardOf(flows, '1/1', sizeOf), flows);
});

test('the same flows always give the same parts, whatever their order', () => {
  assert.deepEqual(shardOf([...flows].reverse(), '2/3', sizeOf), shardOf(flows, '2/3', sizeOf));
});

test('a part that is not k/n with 1 ≤ k ≤ n is refused', () => {
  for (const bad of ['0/2', '3/2', '1/0', '1', 'a/b', '1/2/3']) assert.throws(() => shardOf(flows, bad, sizeOf), /--shard: expected k\/n/);
});
