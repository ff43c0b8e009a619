// Failed proposals (mcp-failed) grouped by their error, and the replay plan: only contiguous per-partition
// ranges of offsets that were shown and chosen. Nothing the server says widens a replay: an offset that was
// not shown is refused, and a gap between chosen offsets splits the range (Kafka offsets may skip numbers,
// and a range over a gap would replay a message nobody saw).

import type { KafkaMessage, ReplayRequest } from '../../gms/types';
import { MESSAGE_PAGE_MAX } from '../../gms/doctorKafkaTypes';
import { cap, DETAIL_MAX } from './report';

/** Most URNs and aspects listed per group (the counts stay exact). */
export const GROUP_LIST_MAX = 20;
/** Most offsets one replay plan takes. */
export const REPLAY_CHOSEN_MAX = 1000;

export interface MessagePosition {
  partition: number;
  offset: number;
  /** Epoch ms, when the message carries it. */
  timestamp?: number;
}

export interface FailedWriteGroup {
  /** The error's first line (capped), or "(no error text)". */
  error: string;
  count: number;
  first: MessagePosition;
  last: MessagePosition;
  /** Distinct URNs, at most GROUP_LIST_MAX (capped each); urnCount is exact. */
  urns: string[];
  urnCount: number;
  aspects: string[];
  aspectCount: number;
  /** 'validation' or 'exception' when the messages said. */
  errorKind?: 'validation' | 'exception';
}

const NO_ERROR = '(no error text)';

function later(a: MessagePosition, b: MessagePosition): boolean {
  if (a.timestamp !== undefined && b.timestamp !== undefined && a.timestamp !== b.timestamp) return a.timestamp > b.timestamp;
  return a.partition === b.partition ? a.offset > b.offset : a.partition > b.partition;
}

/** The group a failed write belongs to: its error's first line, capped (undefined for a message without a proposal). */
export function groupKey(m: KafkaMessage): string | undefined {
  if (!m.failed) return undefined;
  return cap(m.failed.errorSummary ?? NO_ERROR, DETAIL_MAX) || NO_ERROR;
}

/** Groups the messages that carry `failed` by error summary, most frequent first. */
export function groupFailedWrites(messages: readonly KafkaMessage[]): FailedWriteGroup[] {
  const groups = new Map<string, { g: FailedWriteGroup; urns: Set<string>; aspects: Set<string> }>();
  for (const m of messages) {
    const key = groupKey(m);
    if (!m.failed || key === undefined) continue;
    const position: MessagePosition = { partition: m.partition, offset: m.offset, ...(m.timestamp !== undefined ? { timestamp: m.timestamp } : {}) };
    let entry = groups.get(key);
    if (!entry) {
      entry = {
        g: {
          error: key,
          count: 0,
          first: position,
          last: position,
          urns: [],
          urnCount: 0,
          aspects: [],
          aspectCount: 0,
          ...(m.failed.errorKind ? { errorKind: m.failed.errorKind } : {}),
        },
        urns: new Set(),
        aspects: new Set(),
      };
      groups.set(key, entry);
    }
    const { g } = entry;
    g.count++;
    if (later(g.first, position)) g.first = position;
    if (later(position, g.last)) g.last = position;
    const urn = m.failed.entityUrn === undefined ? undefined : cap(m.failed.entityUrn, 512);
    if (urn !== undefined && !entry.urns.has(urn)) {
      entry.urns.add(urn);
      g.urnCount++;
      if (g.urns.length < GROUP_LIST_MAX) g.urns.push(urn);
    }
    const aspect = m.failed.aspectName === undefined ? undefined : cap(m.failed.aspectName, 100);
    if (aspect !== undefined && !entry.aspects.has(aspect)) {
      entry.aspects.add(aspect);
      g.aspectCount++;
      if (g.aspects.length < GROUP_LIST_MAX) g.aspects.push(aspect);
    }
  }
  return [...groups.values()].map((e) => e.g).sort((a, b) => b.count - a.count || a.first.offset - b.first.offset);
}

export type ReplayPlan = { ok: true; requests: ReplayRequest[]; offsets: number } | { ok: false; message: string };

/**
 * The replay requests for the chosen messages: per partition, runs of consecutive offsets that were all
 * shown and chosen, each at most MESSAGE_PAGE_MAX long; dry run unless `dryRun` is false. Refuses (with
 * what to do) an empty choice, a position that is not a whole number, and any offset that was not shown.
 */
export function replayPlan(shown: readonly MessagePosition[], chosen: readonly MessagePosition[], options: { dryRun?: boolean } = {}): ReplayPlan {
  if (chosen.length === 0) return { ok: false, message: 'No message chosen: choose the failed writes to replay from the list.' };
  if (chosen.length > REPLAY_CHOSEN_MAX)
    return { ok: false, message: `${chosen.length} messages chosen; one replay takes at most ${REPLAY_CHOSEN_MAX}. Choose fewer.` };
  const seen = new Set(shown.map((p) => `${p.partition}:${p.offset}`));
  const byPartition = new Map<number, Set<number>>();
  for (const c of chosen) {
    if (!Number.isSafeInteger(c.partition) || c.partition < 0 || !Number.isSafeInteger(c.offset) || c.offset < 0) {
      return { ok: false, message: `Partition ${cap(c.partition, 30)} offset ${cap(c.offset, 30)} is not a message position; nothing replayed.` };
    }
    if (!seen.has(`${c.partition}:${c.offset}`)) {
      return {
        ok: false,
        message: `Offset ${c.offset} of partition ${c.partition} was not shown: only messages on the list can be replayed; nothing replayed.`,
      };
    }
    let set = byPartition.get(c.partition);
    if (!set) byPartition.set(c.partition, (set = new Set()));
    set.add(c.offset);
  }
  const dryRun = options.dryRun !== false;
  const requests: ReplayRequest[] = [];
  let total = 0;
  for (const partition of [...byPartition.keys()].sort((a, b) => a - b)) {
    const offsets = [...(byPartition.get(partition) ?? [])].sort((a, b) => a - b);
    total += offsets.length;
    let start = offsets[0];
    let end = start;
    const flush = () => requests.push({ partition, startOffset: start, endOffset: end, count: end - start + 1, dryRun });
    for (const offset of offsets.slice(1)) {
      if (offset === end + 1 && end - start + 1 < MESSAGE_PAGE_MAX) {
        end = offset;
      } else {
        flush();
        start = end = offset;
      }
    }
    flush();
  }
  return { ok: true, requests, offsets: total };
}
