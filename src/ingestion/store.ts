// The ingestion listing of the active connection as the Ingestion view draws it: the last reading (sources,
// runs with their problems, findings) or why there is none. Forgotten when the connection changes.
import { ConnectionStore, type Writable } from '../platform/connectionStore';
import type { IngestionListing } from './logic/read';

export class IngestionStore extends ConnectionStore {
  // Readonly to everyone but the store, which writes them through keep() and setError() (each fires the change).
  readonly listing: IngestionListing | undefined;
  readonly readAt: number | undefined;
  readonly error: string | undefined;

  protected forget(): void {
    const w = this as Writable<IngestionStore>;
    w.listing = undefined;
    w.readAt = undefined;
    w.error = undefined;
  }

  keep(listing: IngestionListing, at: number): void {
    const w = this as Writable<IngestionStore>;
    w.listing = listing;
    w.readAt = at;
    w.error = undefined;
    this.fire();
  }

  /** Why the last reading failed (the last listing stays). */
  setError(message: string): void {
    (this as Writable<IngestionStore>).error = message;
    this.fire();
  }
}
