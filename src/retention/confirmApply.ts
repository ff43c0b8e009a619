// The one gate before a retention plan deletes anything, for the command and the
// planner alike: a read-only connection refuses, the apply modal lists every index
// (kept through command ids, skipped only through the typed API), and on a
// production connection the connection's name must be typed as well.
import type { CommandRun } from '../platform/commandRunner';
import { confirmStep } from '../platform/commandRunner';
import { confirmByTyping } from '../platform/typedConfirm';
import type { Connection } from '../platform/services';
import { assertWritable, isProduction } from '../shared/connections';

export const APPLY_ACTION = 'Apply Retention Plan';

export async function confirmApply(run: CommandRun, connection: Connection, message: string, detail: string): Promise<boolean> {
  assertWritable(connection, APPLY_ACTION);
  if (!(await confirmStep(run, message, detail, 'Apply'))) return false;
  if (run.mode === 'api' || !isProduction(connection)) return true;
  return confirmByTyping({ connection, action: APPLY_ACTION, expected: connection.name, consequence: 'Old rows are deleted from every listed index.' });
}
