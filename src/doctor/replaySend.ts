// Sending a replay's ranges (replayFlow.ts): each range read again from mcp-failed right before it is sent
// (./logic/replayRecheck.ts leaves out what changed or was already replayed), each answer checked to be
// for exactly what was asked. DataHub: operations/kafka/KafkaController.java (replayFailedMCPs, getMessages).
import type { ActiveClient } from '../platform/services';
import type { ReplayRequest, ReplayResult } from '../gms/types';
import { MESSAGE_PAGE_MAX } from '../gms/doctorKafkaTypes';
import { uiLine } from '../shared/uiText';
import { walkListing, type LeftOutTally } from '../shared/writePlan';
import { recheckRange, type ListedWrite } from './logic/replayRecheck';

export interface ReplayFigures {
  requests: number;
  offsets: number;
  successCount: number;
  failureCount: number;
  destinationTopic?: string;
  errors: string[];
}

/** The answer must be for exactly what was asked: nothing the server says widens or shifts a replay. */
function checkAnswer(asked: ReplayRequest, got: ReplayResult): string | undefined {
  if (got.dryRun !== (asked.dryRun !== false))
    return `the server answered a ${got.dryRun ? 'dry run' : 'real replay'} to a ${asked.dryRun !== false ? 'dry run' : 'real replay'}`;
  if (got.partition !== asked.partition || got.startOffset !== asked.startOffset)
    return `the server answered for partition ${got.partition} from offset ${got.startOffset}, not what was asked`;
  const end = asked.endOffset ?? asked.startOffset;
  const outside = got.messages.find((m) => m.sourceOffset < asked.startOffset || m.sourceOffset > end);
  if (outside) return `the server listed offset ${outside.sourceOffset}, outside ${asked.startOffset}–${end}`;
  if (got.successCount + got.failureCount > (asked.count ?? end - asked.startOffset + 1)) return 'the server counted more messages than were asked';
  return undefined;
}

/** A range's offsets read again from mcp-failed, a bounded walk (a range is at most MESSAGE_PAGE_MAX offsets). */
async function reread(active: ActiveClient, request: ReplayRequest, signal: AbortSignal) {
  const end = request.endOffset ?? request.startOffset;
  const found: Awaited<ReturnType<typeof active.client.doctor.messages>>['messages'] = [];
  await walkListing(
    async (cursor, s) => {
      const offset = typeof cursor === 'number' ? cursor : request.startOffset;
      const page = await active.client.doctor.messages(
        'mcp-failed',
        { partition: request.partition, offset, count: Math.min(MESSAGE_PAGE_MAX, end - offset + 1) },
        s,
      );
      const last = page.messages.reduce((m, x) => (x.partition === request.partition ? Math.max(m, x.offset) : m), offset - 1);
      return { items: page.messages, ...(page.hasMore && last < end ? { next: last + 1 } : {}) };
    },
    (items) => void found.push(...items),
    { limit: end - request.startOffset + 1 + MESSAGE_PAGE_MAX, maxPages: end - request.startOffset + 1, signal },
  );
  return found;
}

export interface Recheck {
  listed: ReadonlyMap<string, ListedWrite>;
  replayed: Set<string>;
  tally: LeftOutTally;
  /** After a real request was answered: its offsets are recorded as replayed. */
  onSent?: (request: ReplayRequest) => Promise<void>;
}

export async function sendAll(
  active: ActiveClient,
  requests: readonly ReplayRequest[],
  signal: AbortSignal,
  say: (done: number) => void,
  recheck: Recheck,
): Promise<{ figures: ReplayFigures; sent: ReplayRequest[]; stopped?: string }> {
  const figures: ReplayFigures = { requests: 0, offsets: 0, successCount: 0, failureCount: 0, errors: [] };
  const sent: ReplayRequest[] = [];
  for (const planned of requests) {
    if (signal.aborted) return { figures, sent, stopped: 'cancelled' };
    const again = recheckRange(planned, recheck.listed, await reread(active, planned, signal), recheck.replayed);
    recheck.tally.add(again.leftOut);
    for (const request of again.requests) {
      if (signal.aborted) return { figures, sent, stopped: 'cancelled' };
      const got = await active.client.doctor.replayFailed(request, signal);
      const wrong = checkAnswer(request, got);
      if (wrong) return { figures, sent, stopped: `${wrong}; nothing more was sent` };
      sent.push(request);
      await recheck.onSent?.(request);
      count(figures, request, got);
      say(figures.offsets);
    }
  }
  return { figures, sent };
}

function count(figures: ReplayFigures, request: ReplayRequest, got: ReplayResult): void {
  figures.requests++;
  figures.offsets += (request.endOffset ?? request.startOffset) - request.startOffset + 1;
  figures.successCount += got.successCount;
  figures.failureCount += got.failureCount;
  if (got.destinationTopic) figures.destinationTopic = uiLine(got.destinationTopic, 200);
  for (const e of [...got.errors, ...got.messages.filter((m) => !m.success && m.error).map((m) => `offset ${m.sourceOffset}: ${m.error}`)]) {
    if (figures.errors.length < 10) figures.errors.push(uiLine(e, 300));
  }
}
