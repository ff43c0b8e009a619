// The replay's second read, pure: right before a range of failed writes is sent (dry run or real), the
// range is read again from mcp-failed and what changed since the list was read is left out: an offset
// the topic no longer holds (retention removed it), an offset that now carries another proposal than the
// one listed, and an offset a replay from this profile already re-published (Kafka keeps a replayed
// message in mcp-failed: KafkaController.java replayFailedMCPs copies it to the MCP topic, it does not
// remove it, so only our own record can say it was replayed). What is kept is split into contiguous runs
// again, so no request covers an offset left out.
import type { KafkaMessage, ReplayRequest } from '../../gms/types';
import type { LeftOut } from '../../shared/writePlan';

export const positionKey = (partition: number, offset: number): string => `${partition}:${offset}`;

/** A failed write as the list showed it: what its re-read must still carry. */
export interface ListedWrite {
  partition: number;
  offset: number;
  urn?: string;
  aspect?: string;
}

export const LEFT_OUT_GONE = 'no longer in mcp-failed';
export const LEFT_OUT_CHANGED = 'now another proposal than the one listed';
export const LEFT_OUT_REPLAYED = 'already replayed';

/** The listed write of a message (its position and proposal). */
export function listedWrite(m: KafkaMessage): ListedWrite {
  return {
    partition: m.partition,
    offset: m.offset,
    ...(m.failed?.entityUrn !== undefined ? { urn: m.failed.entityUrn } : {}),
    ...(m.failed?.aspectName !== undefined ? { aspect: m.failed.aspectName } : {}),
  };
}

/**
 * What of `request` may still be sent, after reading its offsets again (`reread`: the messages the server
 * returned for them) and looking at the offsets already replayed: the requests of the offsets kept (same
 * partition and dry-run flag, contiguous runs) and those left out, each with why.
 */
export function recheckRange(
  request: ReplayRequest,
  listed: ReadonlyMap<string, ListedWrite>,
  reread: readonly KafkaMessage[],
  replayed: ReadonlySet<string>,
): { requests: ReplayRequest[]; leftOut: LeftOut[] } {
  const { partition, startOffset } = request;
  const end = request.endOffset ?? startOffset;
  const now = new Map(reread.filter((m) => m.partition === partition).map((m) => [m.offset, m]));
  const kept: number[] = [];
  const leftOut: LeftOut[] = [];
  for (let offset = startOffset; offset <= end; offset++) {
    const key = positionKey(partition, offset);
    const was = listed.get(key);
    const target = `partition ${partition} offset ${offset}`;
    const found = now.get(offset);
    if (replayed.has(key)) leftOut.push({ target, why: LEFT_OUT_REPLAYED });
    else if (!found?.failed) leftOut.push({ target, why: LEFT_OUT_GONE });
    else if (!was || found.failed.entityUrn !== was.urn || found.failed.aspectName !== was.aspect) leftOut.push({ target, why: LEFT_OUT_CHANGED });
    else kept.push(offset);
  }
  const requests: ReplayRequest[] = [];
  for (let i = 0; i < kept.length;) {
    let j = i;
    while (j + 1 < kept.length && kept[j + 1] === kept[j] + 1) j++;
    requests.push({ partition, startOffset: kept[i], endOffset: kept[j], count: kept[j] - kept[i] + 1, dryRun: request.dryRun });
    i = j + 1;
  }
  return { requests, leftOut };
}

/** Most positions the record of replayed offsets keeps (the oldest are forgotten first). */
export const REPLAYED_KEPT_MAX = 10_000;

/** One replayed offset: its position ("partition:offset") and when it was replayed (epoch ms). */
export type ReplayedEntry = [position: string, at: number];

/**
 * The record of replayed offsets read back: only well-formed entries of this server, replayed no earlier
 * than `keepSince` (older ones concern lists no replay may use any more), at most REPLAYED_KEPT_MAX.
 */
export function parseReplayed(text: string, gmsOrigin: string, keepSince: number): ReplayedEntry[] {
  try {
    const v = JSON.parse(text) as { gmsOrigin?: unknown; replayed?: unknown };
    if (v.gmsOrigin !== gmsOrigin || !Array.isArray(v.replayed)) return [];
    return v.replayed
      .filter(
        (e): e is ReplayedEntry =>
          Array.isArray(e) &&
          e.length === 2 &&
          typeof e[0] === 'string' &&
          /^\d{1,9}:\d{1,18}$/.test(e[0]) &&
          typeof e[1] === 'number' &&
          Number.isFinite(e[1]) &&
          e[1] >= keepSince,
      )
      .slice(-REPLAYED_KEPT_MAX);
  } catch {
    return [];
  }
}

/**
 * The positions a replay of a list read at `listReadAt` must leave out: those replayed since the list was
 * read (the list does not know them). One replayed before it was read again is the person's new choice.
 */
export function replayedSince(entries: readonly ReplayedEntry[], listReadAt: number): Set<string> {
  return new Set(entries.filter(([, at]) => at >= listReadAt).map(([position]) => position));
}

/** The record's text with `added` replayed at `at`: the newest REPLAYED_KEPT_MAX entries. */
export function replayedText(before: readonly ReplayedEntry[], added: readonly string[], at: number, gmsOrigin: string): string {
  const addedSet = new Set(added);
  const all: ReplayedEntry[] = [...before.filter(([p]) => !addedSet.has(p)), ...added.map((p): ReplayedEntry => [p, at])].slice(-REPLAYED_KEPT_MAX);
  return JSON.stringify({ gmsOrigin, replayed: all });
}
