// getEsTaskStatus returns a string holding JSON: the task's progress, or
// {"error":"Could not get task status for <task>"} when the engine forgot it.
import { GmsError } from '../errors';
import { invalidResponse } from '../errorMapping';
import { taskNotFound } from '../knownFailures';
import { stringValueSchema, taskErrorSchema, taskStatusSchema, type TaskStatusWire } from '../schemas';
import type { TaskStatus, TaskStatusCounts } from '../types';

function taskIdOf(taskId: TaskStatusWire['taskId'], requested: string | undefined): string {
  if (typeof taskId === 'string' && taskId.length > 0) return taskId;
  if (taskId && typeof taskId === 'object') return `${taskId.nodeId}:${taskId.id}`;
  return requested ?? 'unknown';
}

function countsOf(status: TaskStatusWire['status']): TaskStatusCounts {
  if (typeof status === 'string') {
    try {
      const decoded: unknown = JSON.parse(status);
      if (decoded && typeof decoded === 'object' && !Array.isArray(decoded)) return decoded as TaskStatusCounts;
    } catch {
      // Not JSON: some JSON writers print the status object's toString(); no counts then.
    }
    return {};
  }
  return status ?? {};
}

/** Parses a getEsTaskStatus `value`. Throws GmsError 'notFound' (taskNotFound) or 'invalidResponse'. */
export function parseTaskStatus(value: unknown, requestedTask?: string): TaskStatus {
  const action = 'getEsTaskStatus';
  const text = stringValueSchema.safeParse(value);
  if (!text.success) throw invalidResponse(action, 'the task status is not a string', value);
  let json: unknown;
  try {
    json = JSON.parse(text.data);
  } catch {
    throw invalidResponse(action, 'the task status string is not JSON', text.data);
  }
  const error = taskErrorSchema.safeParse(json);
  if (error.success) {
    const task = requestedTask ?? error.data.error.replace(/^.*for\s+/i, '');
    if (/could not get task status/i.test(error.data.error)) {
      throw taskNotFound(task, error.data.error);
    }
    throw new GmsError({
      kind: 'server',
      action,
      serverMessage: error.data.error.slice(0, 300),
      message: `The server could not report task ${task}: ${error.data.error.slice(0, 300)}`,
    });
  }
  const status = taskStatusSchema.safeParse(json);
  if (!status.success) throw invalidResponse(action, 'unexpected task status shape', text.data);
  const result: TaskStatus = {
    completed: status.data.completed,
    task: taskIdOf(status.data.taskId, requestedTask),
    status: countsOf(status.data.status),
  };
  if (typeof status.data.runTimeNanos === 'number') result.runTimeNanos = status.data.runTimeNanos;
  return result;
}
