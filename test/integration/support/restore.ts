// Shared by the restore suites: what the sandbox restored under a pattern.
import * as assert from 'node:assert/strict';
import { sandbox } from '../../host/inHost';

/** Every restored row is under the prefix and was restored exactly once; returns how many. */
export async function assertRestoredOnce(prefix: string): Promise<number> {
  const counts = await sandbox.restoreCounts();
  const keys = Object.keys(counts);
  assert.deepEqual(
    keys.filter((k) => !k.startsWith(prefix)),
    [],
    'rows outside the pattern',
  );
  assert.deepEqual(
    keys.filter((k) => counts[k] !== 1),
    [],
    'rows restored more than once',
  );
  return keys.length;
}
