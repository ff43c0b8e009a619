// The one gate before a retention plan deletes anything, for the command and the
// planner alike: a read-only connection refuses, the apply modal lists every index
// (through the confirmation gate, src/platform/confirmGate.ts: skipped only for an allowed automation call), and on a
// production connection the connection's name must be typed as well.
import type { CommandRun } from '../platform/commandRunner';
import type { Connection } from '../platform/services';
import { assertWritable } from '../shared/connections';
import { confirmDestructive } from '../platform/confirmGate';

export const APPLY_ACTION = 'Apply Retention Plan';

export async function confirmApply(run: CommandRun, connection: Connection, message: string, detail: string): Promise<boolean> {
  assertWritable(connection, APPLY_ACTION);
  const typed = { connection, action: APPLY_ACTION, expected: connection.name, consequence: 'Old rows are deleted from every listed index.' };
  return (await confirmDestructive(run, { apiClass: 'restoreAndTruncate', message, detail, go: 'Apply', typed })) === 'Apply';
}
