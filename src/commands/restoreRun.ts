// Running restores: one URN (used by the palette command, the hover link and the
// editor's context menu) and a URN pattern page by page (with progress,
// cancellation and a resume point). The prompts and messages live elsewhere.
import * as vscode from 'vscode';
import * as safeWindow from '../ui/safeWindow';
import type { Services, ActiveClient } from '../services';
import type { RestoreResult } from '../gms/types';
import type { CommandRun, ErrorContext } from './run';
import { describeError } from './run';
import { parseUrn } from '../gms/urn';
import {
  clampConcurrency,
  patternPageRequest,
  restoreWholeUrn,
  runRestorePlan,
  type RestorePlanResult,
} from '../model/restorePlan';
import { describeRestoreResult, formatSeconds, progressMessage, shortenUrn, type PatternRunParams } from './restoreFormat';
import { RecentRestores } from './restoreRecent';

export interface UrnRestoreOutcome {
  urn: string;
  aspect?: string;
  rowsMigrated: number;
  ignored: number;
  /** The server's answer text; several answers joined by a line break when the URN took several pages. */
  raw: string;
  requests: number;
  durationMs: number;
}

/** After Cancel, how long pages in flight may still finish before they are cut off. */
const PAGE_GRACE_MS = 3000;

/** Restores that can be cancelled with datahub.cancelRestore. */
const running = new Set<AbortController>();

function setRunningContext(): void {
  void vscode.commands.executeCommand('setContext', 'datahub.restoreRunning', running.size > 0);
}

function track(controller: AbortController): vscode.Disposable {
  running.add(controller);
  setRunningContext();
  return new vscode.Disposable(() => {
    running.delete(controller);
    setRunningContext();
  });
}

/** Cancels every running restore; returns how many there were. */
export function cancelRunningRestores(): number {
  const n = running.size;
  for (const c of running) c.abort();
  return n;
}

export function recentStore(services: Services): RecentRestores {
  return new RecentRestores(services.context.globalState);
}

export function contextFor(active: ActiveClient): ErrorContext {
  return { connection: active.connection, hasToken: active.hasToken, action: 'restoreIndices' };
}

/** The active client, with the error context set on the run so failures name the connection. */
export async function activeClient(services: Services, run?: CommandRun): Promise<ActiveClient> {
  if (run) run.errorContext = { action: 'restoreIndices' };
  const active = await services.connections.client();
  if (run) run.errorContext = contextFor(active);
  return active;
}

function logResults(services: Services, header: string, results: RestoreResult[]): void {
  services.log.info(header);
  for (const r of results) for (const line of describeRestoreResult(r)) services.log.info(line);
}

/** Restores one URN (all aspects, or one). Rejects with the client's error, which describeError words. */
export async function restoreUrn(
  services: Services,
  active: ActiveClient,
  urn: string,
  aspect: string | undefined,
  signal?: AbortSignal,
): Promise<UrnRestoreOutcome> {
  const parsed = parseUrn(urn);
  if (!parsed.ok) throw new Error(`Not a URN: ${parsed.reason}. ${shortenUrn(urn)}`);
  const { client, connection } = active;
  const outcome = await restoreWholeUrn((request) => client.restoreIndices(request, signal), urn, aspect);
  logResults(
    services,
    `restoreIndices on "${connection.name}": urn=${urn}${aspect ? ` aspect=${aspect}` : ''} -> rowsMigrated=${outcome.rowsMigrated}, ignored=${outcome.ignored}, ${outcome.results.length} request(s), ${formatSeconds(outcome.durationMs)}`,
    outcome.results,
  );
  await recentStore(services).add(connection.name, 'urns', [urn]);
  return {
    urn,
    aspect,
    rowsMigrated: outcome.rowsMigrated,
    ignored: outcome.ignored,
    raw: outcome.results.map((r) => r.raw).join('\n'),
    requests: outcome.results.length,
    durationMs: outcome.durationMs,
  };
}

/** Runs `task` under a progress notification whose Cancel button (and datahub.cancelRestore) aborts the signal. */
export async function withRestoreProgress<T>(
  title: string,
  task: (signal: AbortSignal, report: (message: string) => void) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const tracked = track(controller);
  try {
    return await safeWindow.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        return task(controller.signal, (message) => progress.report({ message }));
      },
    );
  } finally {
    tracked.dispose();
  }
}

export interface PatternRun extends PatternRunParams {
  concurrency?: number;
  /** Pages known done from an earlier run (its doneAfterNext). */
  skip?: number[];
}

export interface PatternOutcome {
  plan: RestorePlanResult;
  params: PatternRun;
  active: ActiveClient;
  /** The worded failure of the first failing page, when the run failed. */
  errorText?: string;
}

export function configuredConcurrency(): number {
  return clampConcurrency(vscode.workspace.getConfiguration('datahub').get<number>('restore.concurrency', 1));
}

/** Runs a restore by pattern under a cancellable progress notification. */
export async function runPattern(services: Services, active: ActiveClient, params: PatternRun): Promise<PatternOutcome> {
  const concurrency = clampConcurrency(params.concurrency ?? configuredConcurrency());
  const { client, connection } = active;
  const what = `${shortenUrn(params.urnLike, 60)}${params.aspect ? ` (${params.aspect})` : ''}`;
  services.log.info(
    `restoreIndices by pattern on "${connection.name}": urnLike=${params.urnLike}${params.aspect ? ` aspect=${params.aspect}` : ''} start=${params.start} batchSize=${params.batchSize} ${params.all ? `all rows, concurrency ${concurrency}` : 'one batch'}`,
  );
  await recentStore(services).add(connection.name, 'patterns', [params.urnLike]);
  const plan = await withRestoreProgress(`Restoring indices for ${what}`, (signal, report) => {
    report(`starting at start=${params.start}…`);
    // Cancel stops new pages at once; pages in flight get a moment to finish (so none is
    // restored twice on resume), then are cut off so a stalled page cannot hold the run.
    const pages = new AbortController();
    let cutOff: NodeJS.Timeout | undefined;
    signal.addEventListener('abort', () => (cutOff = setTimeout(() => pages.abort(), PAGE_GRACE_MS)), { once: true });
    return runRestorePlan({
      start: params.start,
      batchSize: params.batchSize,
      all: params.all,
      concurrency,
      skip: params.skip,
      signal,
      restorePage: (start) => client.restoreIndices(patternPageRequest(params, start), pages.signal),
      onPage: (page, p) => {
        services.log.info(
          `  page start=${page.start}: rowsMigrated=${page.rowsMigrated}, ignored=${page.ignored}, ${page.durationMs} ms`,
        );
        services.log.trace(`    raw: ${page.result.raw}`);
        report(progressMessage(p.rowsMigrated, p.requests, p.nextStart) + (signal.aborted ? ' · stopping after pages in flight' : ''));
      },
    }).finally(() => clearTimeout(cutOff));
  });
  let errorText: string | undefined;
  if (plan.failure) {
    const described = describeError(plan.failure.error, contextFor(active));
    errorText = described.message;
    services.log.error(`  page start=${plan.failure.start} failed: ${described.message}`);
    for (const line of described.logDetail) services.log.debug(`    ${line}`);
  }
  services.log.info(
    `  ${plan.status}: rowsMigrated=${plan.rowsMigrated}, ignored=${plan.ignored}, ${plan.requests} request(s), nextStart=${plan.nextStart}${plan.doneAfterNext.length ? `, already done after it: ${plan.doneAfterNext.join(', ')}` : ''}, ${formatSeconds(plan.durationMs)}`,
  );
  return { plan, params: { ...params, concurrency }, active, errorText };
}
