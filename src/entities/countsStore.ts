// The entity counts of the active connection as the Entity Counts view draws them: the last reading (by
// type, or by platform), its growth since the reading before, or why there is none. The history of
// ungrouped readings is kept in a file of its own under global storage, the way the index size history is
// (src/insights/chartHistoryStore.ts), so the growth survives a restart.
import type * as vscode from 'vscode';
import { ConnectionStore, type Writable } from '../platform/connectionStore';
import type { EntityCountsReading } from '../gms/types';
import { HistoryStore, type EntityCountsFeed } from '../insights';
import { growthOf, historyRecord, type CountGrowth } from './logic/countGrowth';

export const ENTITY_HISTORY_FILE = 'entity-count-history.json';

export class CountsStore extends ConnectionStore {
  // Readonly to everyone but the store, which writes them through keep() and setError() (each fires the change).
  readonly reading: EntityCountsReading | undefined;
  /** The last reading not grouped by platform (every type, with its growth in the history), and its server. */
  private byType: { reading: EntityCountsReading; gmsUrl: string } | undefined;
  readonly growth: CountGrowth | undefined;
  readonly error: string | undefined;
  readonly history: HistoryStore;
  private loaded: Promise<void> | undefined;

  constructor(storageUri: vscode.Uri, log: vscode.LogOutputChannel) {
    super();
    this.history = new HistoryStore(storageUri, log, ENTITY_HISTORY_FILE);
  }

  protected forget(): void {
    const w = this as Writable<CountsStore>;
    w.reading = undefined;
    this.byType = undefined;
    w.growth = undefined;
    w.error = undefined;
  }

  /** Why the last count failed (the last reading stays). */
  setError(message: string): void {
    (this as Writable<CountsStore>).error = message;
    this.fire();
  }

  /** Reads the history file once (a reading reads it first too). */
  load(): Promise<void> {
    return (this.loaded ??= this.history.load());
  }

  /** The readings and their history, for the size chart and the export. */
  feed(): EntityCountsFeed {
    return {
      reading: (connection, gmsUrl) => (this.connection === connection && this.byType?.gmsUrl === gmsUrl ? this.byType.reading : undefined),
      history: (connection, gmsUrl) => {
        const known = this.history.connection(connection);
        return known?.gmsUrl === gmsUrl ? known : undefined;
      },
      load: () => this.load(),
      onDidChange: this.onDidChange,
    };
  }

  /** Keeps a reading; an ungrouped one goes into the history (once per server computation) and gets its growth. */
  async keep(connection: string, gmsUrl: string, reading: EntityCountsReading): Promise<CountGrowth | undefined> {
    await this.load();
    const grouped = reading.types.some((t) => t.platform !== undefined);
    let growth: CountGrowth | undefined;
    if (!grouped) {
      const before = this.history.connection(connection);
      const last = before?.gmsUrl === gmsUrl ? before.snapshots.at(-1) : undefined;
      // A cached answer carries the computation time of the one before: recorded once.
      if (!last || last.t < reading.computedAt) await this.history.record(historyRecord(connection, gmsUrl, reading));
      growth = growthOf(this.history.connection(connection), reading);
      this.byType = { reading, gmsUrl };
    }
    const w = this as Writable<CountsStore>;
    w.reading = reading;
    w.growth = growth;
    w.error = undefined;
    this.fire();
    return growth;
  }
}
