// The last GC reading of the active connection, for the DataHub Doctor's "DataHub GC" group. Forgotten when the
// connection changes.
import { ConnectionStore, type Writable } from '../platform/connectionStore';
import type { GcReading } from './logic/types';

export class GcStore extends ConnectionStore {
  // Readonly to everyone but the store, which writes them through keep() (it fires the change).
  readonly reading: GcReading | undefined;
  readonly readAt: number | undefined;

  protected forget(): void {
    const w = this as Writable<GcStore>;
    w.reading = undefined;
    w.readAt = undefined;
  }

  keep(reading: GcReading, at: number): void {
    const w = this as Writable<GcStore>;
    w.reading = reading;
    w.readAt = at;
    this.fire();
  }
}
