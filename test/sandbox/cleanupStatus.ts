// When each soft-deleted entity's status was written, as the entity cleanup reads it before planning:
//   POST /openapi/v3/entity/{entityName}/batchGet?systemMetadata=true  [{"urn": ..., "status": {}}]
// (v3/controller/EntityController.java getEntityBatch: READ on the URNs, a 403 "<actor> is unauthorized to
// READ  entities." otherwise; each URN's aspects as {value, systemMetadata, auditStamp}, auditStamp the stored
// aspect's `created` stamp and only with systemMetadata=true (toAspectItemMap); a URN with none of the aspects
// asked is left out of the list). The seed's times are mostly old, a few recent (cleanup.ts); a run soft-deleted
// by a cleanup is written at that moment. The read can be slow (statusReadDelayMs), fail (statusReadFails: 500),
// or leave URNs' status out (statusUnread).
import type { Reply } from './restli';
import { json } from './spring';

export interface StatusOptions {
  /** Each status batch read takes this long. */
  statusReadDelayMs?: number;
  /** Status batch reads answer 500. */
  statusReadFails?: boolean;
  /** These URNs have no status aspect to read: the batch read leaves them out. */
  statusUnread?: string[];
}

/** A URN's status as the model holds it: removed or not, and when it was written (epoch ms). */
export type StatusOf = (urn: string) => { removed: boolean; time?: number } | undefined;

export class StatusTimes {
  /** When each soft-deleted URN's status (removed: true) was written, epoch ms. */
  readonly written = new Map<string, number>();
  private delayMs = 0;
  private fails = false;
  private unread = new Set<string>();

  reset(): void {
    this.written.clear();
    this.delayMs = 0;
    this.fails = false;
    this.unread.clear();
  }

  /** Applies the read's options; a problem with them, in words, or undefined. */
  configure(o: StatusOptions): string | undefined {
    if (o.statusReadDelayMs !== undefined) this.delayMs = Math.max(0, Math.min(60_000, Number(o.statusReadDelayMs) || 0));
    if (o.statusReadFails !== undefined) this.fails = o.statusReadFails === true;
    if (o.statusUnread !== undefined) {
      if (!Array.isArray(o.statusUnread) || !o.statusUnread.every((u) => typeof u === 'string')) return 'statusUnread: a list of URNs';
      this.unread = new Set(o.statusUnread);
    }
    return undefined;
  }

  /** The status aspect of each URN asked that `statusOf` knows, in the order asked; the audit stamp only with systemMetadata=true. */
  async batchGet(raw: string, withSystemMetadata: boolean, actor: string, allowed: boolean, statusOf: StatusOf): Promise<Reply> {
    let asked: unknown;
    try {
      asked = JSON.parse(raw);
    } catch {
      return json({ error: 'Malformed JSON request' }, 400);
    }
    const list = Array.isArray(asked) ? (asked as Array<{ urn?: unknown }>) : [];
    if (list.some((e) => typeof e?.urn !== 'string')) return json({ error: 'Missing `urn` field' }, 400);
    if (!allowed) return json({ error: `${actor} is unauthorized to READ  entities.` }, 403);
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.fails) return json({ error: 'java.util.concurrent.TimeoutException: reading the aspects timed out' }, 500);
    const out: Array<Record<string, unknown>> = [];
    const seen = new Set<string>();
    for (const { urn } of list as Array<{ urn: string }>) {
      if (seen.has(urn)) continue;
      seen.add(urn);
      const status = statusOf(urn);
      if (!status || this.unread.has(urn)) continue;
      const { removed, time } = status;
      out.push({
        urn,
        status: {
          value: { removed },
          ...(withSystemMetadata && time !== undefined
            ? { systemMetadata: { lastObserved: time, runId: 'no-run-id-provided' }, auditStamp: { time, actor: 'urn:li:corpuser:datahub' } }
            : {}),
        },
      });
    }
    return json(out);
  }
}
