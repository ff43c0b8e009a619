// A write the client sent, as it reports it for the operations journal (GmsClientOptions.onWrite).
import type { GmsAction } from './actionTypes';

/** A write sent to the server (ctx.onWrite / GmsClientOptions.onWrite): never a read or a dry run, never a body or a header. */
export interface SentWrite {
  action: GmsAction;
  /** What it acts on (URNs, a pattern, an index, a consumer group, a job), as given to the request. */
  targets: readonly string[];
  /** The HTTP status of the answer, when one came. */
  status?: number;
  /** The failure's kind (a GmsErrorKind: server, network, forbidden…), when the write failed. */
  failed?: string;
}
