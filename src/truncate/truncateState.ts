// What the eager part of truncation (index.ts) hands the commands (commands.ts).
import type { TaskStore } from './tasks/tasksStore';
import type { TaskWatcher } from './truncateWatch';

/** What the truncate commands (./commands.ts) work with: the task list and its watcher. */
export interface TruncateState {
  store: TaskStore;
  /** The watcher of task statuses, made (and its code loaded) on first use. */
  watcher(): TaskWatcher;
  /** Starts watching in the background; failures are shown, never thrown at the caller. */
  watchInBackground(task: string): void;
}
