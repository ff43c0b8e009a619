// Confirm after restore: before a URN restore, ask DataHub search whether the
// entity is missing; after it, poll the search check with backoff (about 1, 2,
// 4, 8 s up to 30 s; cancellable) and say when it became searchable, or that
// the search indexing consumer is behind. Used by the palette, the hover link and
// the editor's context menu (several cursors).
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Services } from '../platform/services';
import type { SearchIndexStatus } from '../gms/types';
import { entityPageUrl, verdictOf, waitMessage, waitUntilSearchable, type WaitOutcome } from '../shared/searchCheck';
import { shortenUrn } from './logic/restoreFormat';
import { formatDuration } from '../shared/format';
import { budgetFor, lagProgress, SearchLagWatch, stalledSearch, type StalledSearch } from '../shared/searchLagWatch';

/** The search state of each URN before a restore; URNs whose check failed are left out (logged). */
export async function searchStateBefore(services: Services, active: ActiveClient, urns: string[]): Promise<Map<string, SearchIndexStatus>> {
  const out = new Map<string, SearchIndexStatus>();
  await Promise.all(
    urns.slice(0, 50).map(async (urn) => {
      try {
        out.set(urn, await active.client.search.checkSearchIndex(urn));
      } catch (error) {
        services.log.debug(
          `Search check before restore of ${urn} failed; the restore is not confirmed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }),
  );
  return out;
}

/** URNs worth confirming: in the database, missing from search, not soft-deleted. */
export function missingFromSearch(before: Map<string, SearchIndexStatus>): string[] {
  return [...before.values()].filter((s) => verdictOf(s) === 'missingFromSearch').map((s) => s.urn);
}

export interface ConfirmOptions {
  /** Show a cancellable progress notification and the result message. */
  interactive: boolean;
  budgetMs?: number;
  /** What the operation did before (the restore's result): it leads the progress and the one result message. */
  lead?: string;
}

/** The wait's budget and stop from the indexing lag; the progress line says how far behind search is. */
async function lagAdjust(
  lag: SearchLagWatch,
  note: { text: string },
  elapsedMs: number,
  signal?: AbortSignal,
): Promise<{ budgetMs?: number; stop?: StalledSearch }> {
  const view = await lag.read(signal);
  const progress = lagProgress(view);
  note.text = progress ? `; ${progress}` : '';
  const stop = stalledSearch(view);
  return stop ? { stop } : { budgetMs: budgetFor(view, elapsedMs) };
}

/** The outcome per URN of a confirmation wait, and the one sentence that says it (the notification's, with the lead). */
export interface Confirmation {
  outcomes: Map<string, WaitOutcome>;
  message: string;
  cancelled: boolean;
}

/** Polls until each URN is searchable or the budget is spent; returns the outcome per URN and the sentence. */
export async function confirmSearchable(services: Services, active: ActiveClient, urns: string[], options: ConfirmOptions): Promise<Confirmation> {
  const outcomes = new Map<string, WaitOutcome>();
  if (urns.length === 0) return { outcomes, message: options.lead ?? '', cancelled: false };
  const note = { text: '' };
  // How far search indexing is behind (where the server reports it) sets how long is worth waiting, and a stalled consumer ends the wait.
  const lag = new SearchLagWatch(active.client);
  const run = (signal?: AbortSignal, report?: (message: string) => void) =>
    Promise.all(
      urns.map(async (urn) => {
        const outcome = await waitUntilSearchable(async (s) => (await active.client.search.checkSearchIndex(urn, s)).inSearch, {
          signal,
          budgetMs: options.budgetMs,
          onCheck: (ms) => report?.(`checked after ${(ms / 1000).toFixed(0)} s${note.text}…`),
          adjust: options.budgetMs === undefined ? (ms, s) => lagAdjust(lag, note, ms, s) : undefined,
        }).catch((): WaitOutcome => ({ searchable: false, elapsedMs: -1, checks: 0 }));
        outcomes.set(urn, outcome);
      }),
    );
  if (!options.interactive) {
    await run();
    return { outcomes, message: confirmationMessage(services, outcomes, false, options.lead), cancelled: false };
  }
  // After a lead (the restore's result, which names the URN) "it" is enough.
  const label = options.lead && urns.length === 1 ? 'it' : urns.length === 1 ? shortenUrn(urns[0], 60) : `${urns.length} URNs`;
  const cancelled = await safeWindow.runCancellable(
    { location: vscode.ProgressLocation.Notification, title: `${options.lead ? `${options.lead} ` : ''}Waiting for DataHub search to index ${label}` },
    undefined,
    async (signal, say) => {
      await run(signal, say);
      return signal.aborted;
    },
  );
  const message = confirmationMessage(services, outcomes, cancelled, options.lead);
  reportConfirmation(services, outcomes, message, active.connection.frontendUrl);
  return { outcomes, message, cancelled };
}

/** The one sentence of a confirmation (each URN's line goes to the log). */
function confirmationMessage(services: Services, outcomes: Map<string, WaitOutcome>, cancelled: boolean, lead?: string): string {
  const entries = [...outcomes.entries()];
  const missing = entries.filter(([, o]) => !o.searchable);
  const lines = entries.map(([urn, o]) => (o.elapsedMs < 0 ? `${shortenUrn(urn, 80)}: stopped waiting (cancelled).` : waitMessage(shortenUrn(urn, 80), o)));
  for (const line of lines) services.log.info(line);
  // After a lead (the restore's result, which names the URN) the one URN is "It".
  if (lead && entries.length === 1) {
    const [, o] = entries[0];
    lines[0] = o.elapsedMs < 0 ? 'Stopped waiting for search (cancelled).' : waitMessage('It', o);
  }
  let message: string;
  if (entries.length === 1) message = lines[0];
  else if (missing.length === 0)
    message = `All ${entries.length} URNs are now searchable (the slowest after ${formatDuration(Math.max(...entries.map(([, o]) => o.elapsedMs)))}).`;
  else
    message = `${entries.length - missing.length} of ${entries.length} URNs are now searchable; ${missing.length} ${cancelled ? 'not confirmed (cancelled)' : (missing.find(([, o]) => o.stopped)?.[1].stopped?.text ?? `still not in search after ${formatDuration(Math.max(...missing.map(([, o]) => o.elapsedMs)))}: the search indexing consumer may be lagging or failing; check the GMS logs`)}.`;
  return lead ? `${lead} ${message}` : message;
}

function reportConfirmation(services: Services, outcomes: Map<string, WaitOutcome>, message: string, frontendUrl: string | undefined): void {
  const entries = [...outcomes.entries()];
  const missing = entries.filter(([, o]) => !o.searchable);
  const show = missing.length === 0 ? safeWindow.showInformationMessage : safeWindow.showWarningMessage;
  // One URN found by search: its page in the DataHub UI is one click away.
  const page = entries.length === 1 && missing.length === 0 && frontendUrl ? entityPageUrl(frontendUrl, entries[0][0]) : undefined;
  void show(message, ...(page ? ['Open in DataHub'] : []), 'Show Details').then((c) => {
    if (c === 'Show Details') services.log.show(true);
    if (c === 'Open in DataHub' && page) void vscode.env.openExternal(vscode.Uri.parse(page, true));
  });
}
