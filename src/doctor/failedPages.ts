// Reading the failed writes of mcp-failed page by page, with no vscode: the browse command and the
// benchmark use it. A window of at most `keep` slim messages (no value, the error cut) is kept, so a
// topic of any size is read with flat memory. The loop ends on its own: a page cap, a time cap, a page
// that does not move the cursor, the server's "no more", or the signal. Server text is data: only
// messages of the partition asked, from the offset asked on, are kept.
// DataHub: operations/kafka/KafkaController.java (getMessages), models/KafkaMessageResponse.java.
import type { DoctorOperations, KafkaMessage } from '../gms/types';
import { MESSAGE_PAGE_MAX } from '../gms/doctorKafkaTypes';

/** The error text kept per listed message (opening one reads it whole). */
export const LISTED_ERROR_MAX = 2000;

export interface PagePosition {
  partition: number;
  offset: number;
}

export interface FailedPages {
  messages: KafkaMessage[];
  /** Where the next page starts, when there may be more. */
  next: PagePosition;
  hasMore: boolean;
  pages: number;
  /** Messages the server sent outside what was asked: left out. */
  ignored: number;
}

export interface ReadPagesOptions {
  /** Pages to read at most. */
  pages: number;
  /** Messages kept at most (the newest). */
  keep: number;
  /** Stop reading new pages after this long. */
  timeMs: number;
  signal: AbortSignal;
  /** Called after each page. */
  progress?(listed: number, next: PagePosition): void;
}

/** A listed message: positions, the proposal's fields, the error cut; no value. */
export function slim(m: KafkaMessage): KafkaMessage {
  const f = m.failed;
  return {
    partition: m.partition,
    offset: m.offset,
    ...(m.timestamp !== undefined ? { timestamp: m.timestamp } : {}),
    value: undefined,
    valueTruncated: m.valueTruncated,
    replayable: m.replayable,
    ...(f
      ? {
          failed: {
            ...f,
            errorList: undefined,
            ...(f.error !== undefined && f.error.length > LISTED_ERROR_MAX ? { error: `${f.error.slice(0, LISTED_ERROR_MAX)}…`, errorTruncated: true } : {}),
          },
        }
      : {}),
  };
}

/** Reads pages of mcp-failed from `start`, appending to `kept` (the window of what is listed). */
export async function readFailedPages(
  doctor: Pick<DoctorOperations, 'messages'>,
  start: PagePosition,
  kept: readonly KafkaMessage[],
  o: ReadPagesOptions,
): Promise<FailedPages> {
  let at = start;
  let messages = [...kept];
  let pages = 0;
  let hasMore = true;
  let ignored = 0;
  const started = Date.now();
  while (pages < o.pages && hasMore && !o.signal.aborted && Date.now() - started <= o.timeMs) {
    const got = await doctor.messages('mcp-failed', { partition: at.partition, offset: at.offset, count: MESSAGE_PAGE_MAX }, o.signal);
    pages++;
    const from = at;
    const fitting = got.messages.filter((m) => m.partition === from.partition && m.offset >= from.offset);
    ignored += got.messages.length - fitting.length;
    for (const m of fitting) messages.push(slim(m));
    if (messages.length > o.keep) messages = messages.slice(messages.length - o.keep);
    const last = fitting.length > 0 ? fitting[fitting.length - 1].offset : undefined;
    const next = got.nextOffset !== undefined && got.nextOffset > at.offset ? got.nextOffset : last !== undefined ? last + 1 : undefined;
    // A page that does not move the cursor ends the reading (a repeated cursor would loop for ever).
    if (next === undefined || next <= at.offset || fitting.length === 0) {
      hasMore = false;
      break;
    }
    at = { partition: at.partition, offset: next };
    hasMore = got.hasMore;
    o.progress?.(messages.length, at);
  }
  return { messages, next: at, hasMore, pages, ignored };
}
