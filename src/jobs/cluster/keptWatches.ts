// Keeps the watched cluster jobs and system updates in workspace state (per connection),
// so a window reload does not lose them, and offers to watch them again: nothing is asked
// of GMS until the person says so.
import * as vscode from 'vscode';
import * as safeWindow from '../../platform/safeWindow';
import type { Services } from '../../platform/services';
import { KEPT_WATCHES_KEY, readKeptWatches, withoutWatch, withWatch, type KeptWatch } from '../logic/cluster/keptWatchRecords';

export class KeptWatches {
  constructor(private readonly services: Services) {}

  list(): KeptWatch[] {
    return readKeptWatches(this.services.context.workspaceState.get(KEPT_WATCHES_KEY));
  }

  private save(list: KeptWatch[]): void {
    void Promise.resolve(this.services.context.workspaceState.update(KEPT_WATCHES_KEY, list)).catch((error: unknown) =>
      this.services.log.warn(`Could not keep the watched cluster jobs for the next window: ${String(error)}`),
    );
  }

  add(w: KeptWatch): void {
    this.save(withWatch(this.list(), w));
  }

  remove(w: Pick<KeptWatch, 'kind' | 'connection' | 'job'>): void {
    const list = this.list();
    const next = withoutWatch(list, w);
    if (next.length !== list.length) this.save(next);
  }
}

/** Offers to watch again what was watched when the window closed (for connections still configured). */
export function offerKeptWatches(services: Services, kept: KeptWatches, watch: (w: KeptWatch) => Promise<unknown>): void {
  const list = kept.list().filter((w) => services.connections.get(w.connection) !== undefined);
  if (list.length === 0) return;
  const names = list.slice(0, 3).map((w) => `${w.job} on "${w.connection}"`);
  const more = list.length > 3 ? ` and ${list.length - 3} more` : '';
  void safeWindow
    .showInformationMessage(
      `${list.length === 1 ? 'A job on the cluster was' : `${list.length} jobs on the cluster were`} being watched when the window closed (${names.join(', ')}${more}). Watch again?`,
      'Watch Again',
      'Forget Them',
    )
    .then(async (pick) => {
      if (pick === 'Forget Them') for (const w of list) kept.remove(w);
      if (pick !== 'Watch Again') return;
      for (const w of list) {
        await watch(w).catch((error: unknown) =>
          services.log.warn(`Watching ${w.job} on "${w.connection}" again failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
      void vscode.commands.executeCommand('datahub.tasks.focus');
    });
}
