// Failed writes (the mcp-failed topic): browse them in pages and open one (the replay: replayFlow.ts).
// Browsing (./failedPages.ts) keeps a window of at most SHOWN_FAILED_MAX slim messages (no value, the
// error cut), so a topic of any size is read in pages with flat memory; opening one reads it again, whole.
// DataHub: operations/kafka/KafkaController.java (getMessages).
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { activeClient } from '../platform/activeClient';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { uiLine } from '../shared/uiText';
import type { Outcome } from '../shared/outcome';
import { isNotOffered } from '../gms/errors';
import type { GmsClient } from '../gms/types';
import { readFailedPages } from './failedPages';
import { groupFailedWrites } from './logic/failedWrites';
import { browseFailedWritesArgs, openFailedWriteArgs } from './logic/args';
import { SHOWN_FAILED_MAX, type DoctorStore } from './doctorStore';
import { planOrigin } from '../shared/writePlan';

/** Pages one browse reads at most (each MESSAGE_PAGE_MAX messages). */
export const PAGES_PER_BROWSE = 5;
/** One browse stops reading pages after this long, whatever is left. */
const BROWSE_TIME_MS = 30_000;

export interface BrowseResult extends Outcome {
  connection: string;
  /** The failed writes listed now (at most SHOWN_FAILED_MAX, the newest window): what a replay may take. */
  messages: Array<{ partition: number; offset: number; timestamp?: number; urn?: string; aspect?: string; changeType?: string; error?: string }>;
  groups: Array<{ error: string; count: number; urns: string[]; urnCount: number; aspects: string[] }>;
  hasMore: boolean;
  /** Where "more" starts. */
  next?: { partition: number; offset: number };
  /** Messages the server sent outside what was asked (another partition, an offset before the one asked): left out. */
  ignored: number;
}

export async function browseFailedWrites(services: Services, store: DoctorStore, arg: unknown, run: CommandRun): Promise<BrowseResult> {
  const args = parseArgs(Commands.browseFailedWrites, browseFailedWritesArgs, arg ?? {});
  const active = await activeClient(services, run, { action: 'doctorMessages', writes: false });
  store.forConnection(active.connection.name);
  // "More" goes on from the list only when it was read from this address.
  const previous = args.more && store.failed?.gmsUrl === active.connection.gmsUrl ? store.failed : undefined;
  const start = previous?.next ?? { partition: args.partition ?? 0, offset: args.offset ?? 0 };
  const read = (signal: AbortSignal, say: (m: string) => void) =>
    readFailedPages(active.client.doctor, start, previous?.messages ?? [], {
      pages: PAGES_PER_BROWSE,
      keep: SHOWN_FAILED_MAX,
      timeMs: BROWSE_TIME_MS,
      signal,
      progress: (listed, next) => say(`${listed.toLocaleString('en-US')} listed, reading from offset ${next.offset.toLocaleString('en-US')}…`),
    });
  const got = await store
    .busyWith('failed', () => run.progress('Reading failed writes…', read, { viewId: 'datahub.doctor' }, store.signal()))
    .catch(async (error: unknown) => {
      // Not offered: on the Postgres queue that is the transport (DataHub has no HTTP endpoint for its failed writes there).
      if (isNotOffered(error) && (await onPostgresQueue(active.client, store.signal())))
        throw new Error(
          'Failed writes cannot be browsed on the Postgres queue: DataHub offers no HTTP endpoint for them on this transport. Nothing was changed.',
        );
      throw error;
    });
  const { messages, hasMore, ignored } = got;
  const at = got.next;
  // "More" keeps the list's first read time: a replay's freshness counts from the oldest message listed.
  const readAt = previous?.origin.readAt ?? Date.now();
  store.setFailed({
    gmsUrl: active.connection.gmsUrl,
    messages,
    groups: groupFailedWrites(messages),
    ...(hasMore ? { next: at } : {}),
    hasMore,
    pages: (previous?.pages ?? 0) + got.pages,
    at: Date.now(),
    origin: planOrigin('replay', active.connection, readAt),
  });
  const groups = store.failed?.groups ?? [];
  if (ignored > 0) services.log.warn(`Failed writes: ${ignored} message(s) outside the partition and offsets asked were left out.`);
  const message =
    messages.length === 0
      ? 'No failed writes in mcp-failed from the offset read.'
      : `${messages.length.toLocaleString('en-US')} failed write(s) listed in ${groups.length} group(s) by error${hasMore ? '; more follow (Load more)' : ''}.`;
  if (run.interactive) void vscode.commands.executeCommand('datahub.doctor.focus');
  return {
    message,
    connection: active.connection.name,
    messages: messages.map((m) => ({
      partition: m.partition,
      offset: m.offset,
      ...(m.timestamp !== undefined ? { timestamp: m.timestamp } : {}),
      ...(m.failed?.entityUrn !== undefined ? { urn: m.failed.entityUrn } : {}),
      ...(m.failed?.aspectName !== undefined ? { aspect: m.failed.aspectName } : {}),
      ...(m.failed?.changeType !== undefined ? { changeType: m.failed.changeType } : {}),
      ...(m.failed?.errorSummary !== undefined ? { error: m.failed.errorSummary } : {}),
    })),
    groups: groups.map((g) => ({ error: g.error, count: g.count, urns: g.urns, urnCount: g.urnCount, aspects: g.aspects })),
    hasMore,
    ...(hasMore ? { next: at } : {}),
    ignored,
  };
}

/** Whether the server says its transport is the Postgres queue (false when it cannot say). */
async function onPostgresQueue(client: GmsClient, signal: AbortSignal): Promise<boolean> {
  try {
    return (await client.messaging.transport(signal)).transport === 'pgqueue';
  } catch {
    return false;
  }
}

/** Reads one listed message again, whole, and opens it as JSON (read-only document). */
export async function openFailedWrite(
  services: Services,
  store: DoctorStore,
  arg: unknown,
  run: CommandRun,
): Promise<Outcome & { partition: number; offset: number; value: unknown }> {
  const { partition, offset } = parseArgs(Commands.openFailedWrite, openFailedWriteArgs, arg ?? {});
  const active = await activeClient(services, run, { action: 'doctorMessages', writes: false });
  if (!store.shownPositions(active.connection.gmsUrl).some((p) => p.partition === partition && p.offset === offset))
    throw new Error(`Partition ${partition} offset ${offset} is not on the list of failed writes: browse them first. Nothing was sent.`);
  const page = await active.client.doctor.messages('mcp-failed', { partition, offset, count: 1 }, store.signal());
  const found = page.messages.find((m) => m.partition === partition && m.offset === offset);
  if (!found) throw new Error(`The server no longer has partition ${partition} offset ${offset} of mcp-failed (retention may have removed it). Browse again.`);
  const shown = {
    partition: found.partition,
    offset: found.offset,
    timestamp: found.timestamp,
    proposal: found.failed ? { urn: found.failed.entityUrn, aspect: found.failed.aspectName, changeType: found.failed.changeType } : undefined,
    error: found.failed?.errorList ?? found.failed?.error,
    value: found.value,
    valueTruncated: found.valueTruncated || undefined,
  };
  if (run.mode === 'ui' || run.mode === 'link') {
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(shown, null, 2) });
    await vscode.window.showTextDocument(doc, { preview: true });
  }
  return { message: `Failed write ${partition}:${offset}: ${uiLine(found.failed?.errorSummary ?? 'no error text', 200)}`, partition, offset, value: shown };
}
