// The truncate feature's commands, loaded on the first of them (dist/features.js).
// index.ts declares their ids; the DataHub Tasks view stays eager.
export { registerTruncateCommands as registerCommands } from './truncateCommands';

import type { Services } from '../platform/services';
import type { TaskStore } from './tasks/tasksStore';
import { TaskWatcher } from './truncateWatch';

/** The watcher of task statuses (polling with backoff), made on the first watch. */
export function createWatcher(services: Services, store: TaskStore): TaskWatcher {
  return new TaskWatcher(services, store);
}
