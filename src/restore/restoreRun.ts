// Running restores: one URN (used by the palette command, the hover link and the
// editor's context menu) and a URN pattern page by page (with progress,
// cancellation and a resume point). The prompts and messages live elsewhere.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import { activeClient, errorContextFor } from '../platform/activeClient';
import type { Services, ActiveClient, Connection } from '../platform/services';
import { planOrigin } from '../shared/writePlan';
import type { RestoreResult } from '../gms/types';
import type { CommandRun, ErrorContext } from '../platform/commandRunner';
import { describeError } from '../platform/commandRunner';
import { parseUrn } from '../gms/urn';
import {
  clampConcurrency,
  patternPageRequest,
  restoreWholeUrn,
  runRestorePlan,
  type IncompletePage,
  type PageOutcome,
  type PlanProgress,
  type RestorePlanResult,
} from './logic/restorePlan';
import { describeWindow, supportProbeRequest, unsupportedOptions, wantsSupportCheck } from './logic/restoreWindow';
import { MAX_SAVED_INCOMPLETE, SavedRuns, type SavedRun } from './restoreResume';
import { PageLog } from './logic/restoreLog';
import { rerunPages } from './logic/restoreRerun';
import { describeRestoreResult, formatSeconds, progressMessage, shortenUrn } from './logic/restoreFormat';
import type { PatternRun } from './logic/patternRun';
import { RecentRestores } from './restoreRecent';
import { WALKTHROUGH_KEYS, walkthroughDone } from '../platform/walkthrough';

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
  return errorContextFor(active, 'restoreIndices');
}

/** What a restore is refused as on a read-only connection. */
export const RESTORE_ACTION = 'Restore Indices';

/** The active client for a restore (src/platform/activeClient.ts): a read-only connection is refused before any prompt or request. */
export function restoreClient(services: Services, run?: CommandRun): Promise<ActiveClient> {
  return activeClient(services, run, { action: 'restoreIndices', writes: RESTORE_ACTION });
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
  walkthroughDone(WALKTHROUGH_KEYS.restored);
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
export async function withRestoreProgress<T>(title: string, task: (signal: AbortSignal, report: (message: string) => void) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const tracked = track(controller);
  try {
    return await safeWindow.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
      token.onCancellationRequested(() => controller.abort());
      return task(controller.signal, (message) => progress.report({ message }));
    });
  } finally {
    tracked.dispose();
  }
}

export type { PatternRun } from './logic/patternRun';

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

/** How often a running restore saves its resume point. */
const SAVE_EVERY_MS = 2000;

export function savedRuns(services: Services): SavedRuns {
  return new SavedRuns(services.context.globalState);
}

function toSaved(
  connection: Connection,
  params: PatternRun,
  plan: Pick<RestorePlanResult, 'nextStart' | 'doneAfterNext' | 'incompletePages' | 'rowsMigrated' | 'reachedEnd'>,
  firstStart: number,
): SavedRun {
  const savedAt = Date.now();
  return {
    urnLike: params.urnLike,
    aspect: params.aspect,
    batchSize: params.batchSize,
    window: params.window,
    maxRows: params.maxRows,
    createDefaultAspects: params.createDefaultAspects,
    firstStart,
    nextStart: plan.nextStart,
    doneAfterNext: plan.doneAfterNext,
    incompletePages: plan.incompletePages,
    rowsMigrated: plan.rowsMigrated,
    reachedEnd: plan.reachedEnd,
    savedAt,
    // The pages before the resume point were read up to now: a resume checks this (connection, server, age).
    origin: planOrigin('restore', connection, savedAt),
  };
}

/** Asks the server, with a request that matches no row, whether it reads the advanced options; throws when not. */
async function checkSupport(services: Services, active: ActiveClient, params: PatternRun): Promise<void> {
  const options = { window: params.window, maxRows: params.maxRows, createDefaultAspects: params.createDefaultAspects };
  if (!wantsSupportCheck(options)) return;
  const answer = await active.client.restoreIndices(supportProbeRequest(params.urnLike, options));
  services.log.info(
    `  support check (a request that matches no row): args ${
      Object.entries(answer.args)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ') || 'none echoed'
    }`,
  );
  const problem = unsupportedOptions(answer, options);
  if (problem) throw new Error(problem);
}

function describeRun(params: PatternRun, concurrency: number): string {
  const parts = [`urnLike=${params.urnLike}`];
  if (params.aspect) parts.push(`aspect=${params.aspect}`);
  parts.push(`start=${params.start}`, `batchSize=${params.batchSize}`);
  if (params.window) parts.push(`window ${describeWindow(params.window)}`);
  if (params.maxRows !== undefined) parts.push(`limit=${params.maxRows}`);
  if (params.createDefaultAspects) parts.push('createDefaultAspects=true');
  if (params.pages) parts.push(`re-running ${params.pages.length} page(s)`);
  else parts.push(params.all ? `all rows, concurrency ${concurrency}` : 'one batch');
  return parts.join(' ');
}

/** Runs a restore by pattern under a cancellable progress notification, saving its resume point as it goes. */
export async function runPattern(services: Services, active: ActiveClient, params: PatternRun): Promise<PatternOutcome> {
  const concurrency = clampConcurrency(params.concurrency ?? configuredConcurrency());
  const { client, connection } = active;
  const what = `${shortenUrn(params.urnLike, 60)}${params.aspect ? ` (${params.aspect})` : ''}`;
  services.log.info(`restoreIndices by pattern on "${connection.name}": ${describeRun(params, concurrency)}`);
  await checkSupport(services, active, params);
  await recentStore(services).add(connection.name, 'patterns', [params.urnLike]);
  const saved = savedRuns(services);
  const firstStart = params.firstStart ?? params.start;
  // Under maxRows, a resumed run caps the rows counted from where the whole run began.
  const maxRows = params.maxRows !== undefined ? Math.max(0, params.maxRows - (params.start - firstStart)) : undefined;
  const pageLog = new PageLog(services.log, params.batchSize);
  const shortSoFar: IncompletePage[] = [];
  let lastSave = Date.now();
  const plan = await withRestoreProgress(`Restoring indices for ${what}`, (signal, report) => {
    report(`starting at start=${params.start}…`);
    // Cancel stops new pages at once; pages in flight get a moment to finish (so none is
    // restored twice on resume), then are cut off so a stalled page cannot hold the run.
    const pages = new AbortController();
    let cutOff: NodeJS.Timeout | undefined;
    signal.addEventListener('abort', () => (cutOff = setTimeout(() => pages.abort(), PAGE_GRACE_MS)), { once: true });
    const restorePage = (start: number, rows: number) => client.restoreIndices(patternPageRequest(params, start, rows), pages.signal);
    const onPage = (page: PageOutcome, p: PlanProgress): void => {
      pageLog.page(page);
      if (page.rows < params.batchSize && shortSoFar.length < MAX_SAVED_INCOMPLETE) shortSoFar.push({ start: page.start, read: page.rows });
      report(progressMessage(p.rowsMigrated, p.requests, p.nextStart) + (signal.aborted ? ' · stopping after pages in flight' : ''));
      if (!params.pages && Date.now() - lastSave >= SAVE_EVERY_MS) {
        lastSave = Date.now();
        // Short pages so far (the last may turn out to be the end: re-running it is harmless).
        const incompletePages = [...(params.carried ?? []), ...shortSoFar.filter((s) => s.start < p.nextStart)];
        void saved.save(
          connection.name,
          toSaved(
            connection,
            params,
            { nextStart: p.nextStart, doneAfterNext: [], incompletePages, rowsMigrated: p.rowsMigrated, reachedEnd: false },
            firstStart,
          ),
        );
      }
    };
    if (params.pages) return rerunPages({ starts: params.pages, batchSize: params.batchSize, restorePage, signal, onPage }).finally(() => clearTimeout(cutOff));
    return runRestorePlan({
      start: params.start,
      batchSize: params.batchSize,
      all: params.all,
      concurrency,
      skip: params.skip,
      maxRows,
      signal,
      restorePage,
      onPage,
    }).finally(() => clearTimeout(cutOff));
  });
  if (params.carried?.length) {
    const fresh = new Set(plan.incompletePages.map((p) => p.start));
    plan.incompletePages = [...params.carried.filter((p) => !fresh.has(p.start)), ...plan.incompletePages].sort((a, b) => a.start - b.start);
  }
  let errorText: string | undefined;
  if (plan.failure) {
    const described = describeError(plan.failure.error, contextFor(active));
    errorText = described.message;
    services.log.error(`  page start=${plan.failure.start} failed: ${described.message}`);
    for (const line of described.logDetail) services.log.debug(`    ${line}`);
  }
  pageLog.end(plan, formatSeconds(plan.durationMs));
  await rememberRun(saved, connection, params, plan, firstStart);
  return { plan, params: { ...params, concurrency }, active, errorText };
}

/** Keeps what is left of the run (or forgets it when nothing is). One batch on its own is not a run to resume. */
async function rememberRun(saved: SavedRuns, connection: Connection, params: PatternRun, plan: RestorePlanResult, firstStart: number): Promise<void> {
  if (!params.all && !params.pages) return;
  // Nothing done and nothing carried (e.g. a 403 on the first page): no run worth offering to resume.
  if (plan.pagesDone === 0 && !params.carried?.length && !params.skip?.length && !params.pages) return;
  const left = !plan.reachedEnd || plan.incompletePages.length > 0;
  if (left) await saved.save(connection.name, toSaved(connection, params, plan, firstStart));
  else await saved.clear(connection.name);
}
