// Restore by URN pattern: reading the programmatic argument, confirming, running,
// and reporting the outcome with the resume point (and a Resume action).
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Connection, Services } from '../platform/services';
import { reportError, type CommandRun } from '../platform/commandRunner';
import { matchesEveryUrn, hasConcreteTypePrefix, isBroadPattern } from './logic/urnPattern';
import type { IncompletePage } from './logic/restorePlan';
import { formatInstant } from './logic/restoreWindow';
import { count, patternResultMessage, shortenUrn } from './logic/restoreFormat';
import { configuredConcurrency, RESTORE_ACTION, runPattern, type PatternOutcome, type PatternRun } from './restoreRun';
import { assertWritable, isProduction, titleFor } from '../shared/connections';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import { offerFollowUp } from '../platform/followUp';
import { restoreScopeArgs } from './logic/scopeArgs';
import { Commands } from '../shared/commandIds';
import type { RestoreCounts } from './logic/restoreRequests';
import type { PatternFields } from './logic/args';
import type { Outcome } from '../shared/outcome';
import { MAX_BATCH_SIZE } from '../gms/validate';
import { planOrigin, type PlanRefusal } from '../shared/writePlan';
import { withApplyLock } from '../shared/applyLock';
import { checkPlanNow, planLockDir, planLockId } from '../platform/planApply';

const ID = Commands.restoreIndicesByPattern;

export interface PatternArgs extends PatternRun {
  notify?: boolean;
}

/** What datahub.restoreIndicesByPattern returns. */
export interface PatternResult extends RestoreCounts, Outcome {
  requests: number;
  /** Where a resume starts; after a complete all-rows run, the offset just past the last row. */
  nextStart: number;
  status: 'completed' | 'cancelled';
  /** True when the last page came back short: no matching row lies past nextStart. */
  reachedEnd: boolean;
  /** Pages past nextStart already done; pass as `skip` when resuming so they are not restored twice. */
  doneAfterNext: number[];
  /** Pages that covered fewer rows than asked while rows followed: pass their starts as `pages` to re-run exactly them. */
  incompletePages: IncompletePage[];
  /**
   * Why nothing ran: a resume whose run was read on another connection or server, too long ago (stale) or
   * cannot say (unreadable); busy: another run of this connection is going on (in any window).
   */
  notDone?: { reason: PlanRefusal['reason'] | 'busy' };
}

/** A parsed argument object (restoreIndicesByPatternArgs' full form, or the window restore's) to a run; throws naming the field. */
export function patternArgs(arg: PatternFields & { all?: boolean }, command: string = ID): PatternArgs {
  const { urnLike, aspect, window } = restoreScopeArgs(arg, command);
  return {
    urnLike,
    aspect,
    start: arg.start,
    batchSize: arg.batchSize,
    all: arg.all === true,
    concurrency: arg.concurrency,
    skip: arg.skip,
    window,
    maxRows: arg.limit,
    createDefaultAspects: arg.createDefaultAspects === true || undefined,
    pages: arg.pages,
    notify: arg.notify === true,
  };
}

/** The rows a run of explicit `pages` may cover: pages × batchSize (0 without pages). */
export function pagesRows(params: Pick<PatternRun, 'pages' | 'batchSize'>): number {
  return (params.pages?.length ?? 0) * params.batchSize;
}

/** 'run', 'job' (hand it to DataHub's RestoreIndices job instead), or undefined (cancelled). */
async function confirmHeavyRun(run: CommandRun, connection: Connection, params: PatternRun, concurrency: number): Promise<'run' | 'job' | undefined> {
  const lines = [
    `Pattern (SQL LIKE): ${params.urnLike}${params.urnLike === 'urn:li:%' ? ' (every entity type)' : ''}`,
    `Aspect: ${params.aspect ?? 'all aspects'}`,
  ];
  if (params.window)
    lines.push(`Rows written from: ${formatInstant(params.window.gePitEpochMs)}`, `Rows written until: ${formatInstant(params.window.lePitEpochMs)}`);
  if (params.maxRows !== undefined) lines.push(`At most ${count(params.maxRows, 'row')}.`);
  lines.push(
    params.pages
      ? `${count(params.pages.length, 'page')} of ${count(params.batchSize, 'row')} each (up to ${count(pagesRows(params), 'row')}), at starts ${params.pages.slice(0, 5).join(', ')}${params.pages.length > 5 ? ', …' : ''}.`
      : params.all
        ? `From start=${params.start}, ${count(params.batchSize, 'row')} per request${concurrency > 1 ? `, ${concurrency} requests at once` : ''}, until a short page is followed by an empty one.`
        : `One request: ${count(params.batchSize, 'row')} from start=${params.start}.`,
    '',
    'This may touch many rows: every matching aspect is sent again to the search and graph indices, which loads DataHub while it runs. You can cancel between requests and resume later, even after a reload.',
  );
  if (params.createDefaultAspects) {
    lines.push(
      '',
      'createDefaultAspects WRITES to the database: it creates the key aspect of every restored entity that lacks one. Not for a read-only replica.',
    );
  }
  // A whole entity type or everything: more than the endpoint is meant for (DataHub recommends its job beyond a few thousand aspects).
  const broad = params.all && isBroadPattern(params.urnLike) && !params.pages;
  if (broad)
    lines.push(
      '',
      `${params.urnLike} is broad: for many thousands of aspects DataHub's own RestoreIndices job (datahub-upgrade) is faster and resumes by itself.`,
    );
  const scope = params.all ? 'every row' : params.pages ? `up to ${count(pagesRows(params), 'row')}` : count(params.batchSize, 'row');
  const everything = matchesEveryUrn(params.urnLike)
    ? ' (this pattern matches every URN)'
    : hasConcreteTypePrefix(params.urnLike)
      ? ''
      : ' (no urn:li:<type>: prefix: it may match every URN)';
  const title = params.window
    ? `Restore indices for ${scope} of ${shortenUrn(params.urnLike, 60)} written in this window${everything}?`
    : `Restore indices for ${scope} matching ${shortenUrn(params.urnLike, 60)}${everything}?`;
  const go = params.all ? 'Restore All Matching Rows' : 'Restore';
  const job = 'Create Upgrade Job Instead…';
  // The confirmation gate (skipped only for an allowed automation call). Production: an all-rows run, or a
  // pattern that may match every URN, also asks for the pattern typed exactly (Escape: nothing is sent).
  const typed = (params.all || !hasConcreteTypePrefix(params.urnLike)) && isProduction(connection);
  const choice = await confirmDestructive(run, {
    apiClass: 'restoreAndTruncate',
    message: titleFor(connection, title),
    detail: lines.join('\n') + askedByProgram(run),
    go,
    others: broad ? [job] : [],
    typed: typed ? { connection, action: RESTORE_ACTION, expected: params.urnLike, consequence: title } : undefined,
  });
  if (choice === job) return 'job';
  return choice === go ? 'run' : undefined;
}

function toResult(outcome: PatternOutcome, message: string): PatternResult {
  const { plan } = outcome;
  return {
    message,
    rowsMigrated: plan.rowsMigrated,
    ignored: plan.ignored,
    requests: plan.requests,
    nextStart: plan.nextStart,
    status: plan.status === 'cancelled' ? 'cancelled' : 'completed',
    reachedEnd: plan.reachedEnd,
    doneAfterNext: plan.doneAfterNext,
    incompletePages: plan.incompletePages,
  };
}

/** The error a stopped run rejects with (programmatic use): the message, plus the numbers to resume with. */
export class RestoreStoppedError extends Error {
  override readonly name = 'RestoreStoppedError';
  constructor(
    message: string,
    readonly result: PatternResult & { failedStart: number },
  ) {
    super(message);
  }
}

export interface ReportOptions {
  /** Show the outcome as a notification (with Resume / Next Batch actions). */
  interactive: boolean;
  /** The run to ask in (an all-rows run, a pattern without a concrete urn:li:<type>: prefix or createDefaultAspects asks unless mode 'api'); none for a resume already confirmed. */
  confirmIn?: CommandRun;
}

/**
 * Runs the pattern restore and reports it. A run that failed before anything was
 * done rejects with the original error (so the shared handler words it, e.g. 403);
 * one that failed part-way says where it stopped and offers to resume.
 */
export async function runPatternAndReport(
  services: Services,
  active: ActiveClient,
  params: PatternRun,
  options: ReportOptions,
): Promise<PatternResult | undefined> {
  // A resume first: the run it continues was read on this connection and server, recently enough, and
  // carries only its own pages (checked before any prompt or request). Restoring indices re-sends what the
  // database holds now, so there is nothing of a page's rows to read again before it is sent: the pages
  // are positions in the pattern's rows, and a row changed since is restored as it is now.
  const notDone = (reason: NonNullable<PatternResult['notDone']>['reason'], message: string): PatternResult => {
    const result: PatternResult = {
      message,
      rowsMigrated: 0,
      ignored: 0,
      requests: 0,
      nextStart: params.start,
      status: 'completed',
      reachedEnd: false,
      doneAfterNext: params.skip ?? [],
      incompletePages: params.carried ?? [],
      notDone: { reason },
    };
    if (options.interactive) void safeWindow.showWarningMessage(message);
    return result;
  };
  const name = active.connection.name;
  const again = `Start a new run of ${shortenUrn(params.urnLike, 80)} on "${name}"; nothing was sent.`;
  if (params.resumes?.outside)
    return notDone('unreadable', `${capital(params.resumes.what)} carries ${params.resumes.outside}, outside the run itself. ${again}`);
  const refused = params.resumes && checkPlanNow(services, params.resumes.origin, 'restore', name, params.resumes.what);
  if (refused) return notDone(refused.reason, refused.message.replace(/Plan again on "[^"]*"; nothing was sent\.$/, again));
  // Heavy: every row, a pattern not held to one entity type, createDefaultAspects (it writes to the database),
  // or a list of pages that together cover more rows than the largest single batch.
  const heavy =
    params.all ||
    matchesEveryUrn(params.urnLike) ||
    !hasConcreteTypePrefix(params.urnLike) ||
    params.createDefaultAspects === true ||
    pagesRows(params) > MAX_BATCH_SIZE;
  if (heavy && options.confirmIn) {
    const choice = await confirmHeavyRun(options.confirmIn, active.connection, params, params.concurrency ?? configuredConcurrency());
    if (choice === 'job') await services.jobHandOff.open(active, { urnLike: params.urnLike, aspect: params.aspect, window: params.window });
    if (choice !== 'run') return undefined;
  }
  // One run that keeps a resume point per connection at a time (the saved run is the connection's), in any window.
  const keeps = params.all || params.pages !== undefined;
  const locked = keeps
    ? await withApplyLock(planLockDir(services), planLockId('restore', name), `a restore by pattern on "${name}"`, () => runPattern(services, active, params))
    : { ran: true as const, value: await runPattern(services, active, params) };
  if (!locked.ran) return notDone('busy', locked.message);
  const outcome = locked.value;
  const { plan } = outcome;
  if (plan.status === 'failed' && plan.failure) {
    if (plan.pagesDone === 0 && plan.failure.start === params.start && !params.skip?.length) throw plan.failure.error;
    const message = patternResultMessage(params, plan, outcome.errorText);
    if (!options.interactive) {
      throw new RestoreStoppedError(message, { ...toResult(outcome, message), failedStart: plan.failure.start });
    }
    offer(services, outcome, message, 'error');
    return toResult(outcome, message);
  }
  const message = patternResultMessage(params, plan);
  if (options.interactive) offer(services, outcome, message, plan.status === 'cancelled' ? 'warning' : 'info');
  return toResult(outcome, message);
}

/** The outcome notification: Resume (stopped runs), Next Batch (one batch with more to go), Show Details. */
function offer(services: Services, outcome: PatternOutcome, message: string, level: 'info' | 'warning' | 'error'): void {
  const { plan, params, active } = outcome;
  const ranOn = planOrigin('restore', active.connection, Date.now());
  const actions: string[] = [];
  if (plan.status !== 'completed') actions.push(params.pages ? 'Re-run Incomplete Pages' : 'Resume');
  else if (!params.all && !params.pages && !plan.reachedEnd) actions.push('Next Batch');
  if (plan.incompletePages.length > 0 && !actions.includes('Re-run Incomplete Pages')) actions.push('Re-run Incomplete Pages');
  // A broad run that was stopped part-way: DataHub's own job can take over from its resume point.
  const handOver = 'Continue as Upgrade Job…';
  if (plan.status !== 'completed' && params.all && !params.pages && isBroadPattern(params.urnLike)) actions.push(handOver);
  actions.push('Show Details');
  const show = level === 'error' ? safeWindow.showErrorMessage : level === 'warning' ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
  // Each further step is bound to this run's connection and good for 10 minutes (src/platform/followUp.ts).
  const followUp = offerFollowUp(services, active.connection, `Run the restore of ${params.urnLike} again`);
  void show(message, ...actions).then((choice) => {
    if (choice === 'Show Details') services.log.show(true);
    if (choice === undefined || choice === 'Show Details') return;
    void followUp.run(choice, async () => {
      if (choice === handOver) {
        // Without a prefill the flow offers the saved resume point of this connection first.
        void services.jobHandOff
          .open(active)
          .catch((error: unknown) => reportError(services, error, { connection: active.connection }, { source: Commands.restoreIndicesAsJob }));
      }
      if (choice === 'Resume' || choice === 'Next Batch' || choice === 'Re-run Incomplete Pages') {
        // The person already confirmed this run; resuming continues it, skipping pages known done.
        // What this run read, checked when the action is taken (it may be taken much later, or after the connection changed).
        const resumes = { origin: ranOn, what: 'the stopped run' };
        const next: PatternRun =
          choice === 'Re-run Incomplete Pages'
            ? { ...params, pages: plan.incompletePages.map((p) => p.start), carried: undefined, resumes }
            : {
                resumes,
                ...params,
                start: plan.nextStart,
                skip: choice === 'Resume' ? plan.doneAfterNext : undefined,
                firstStart: params.firstStart ?? params.start,
                carried: choice === 'Resume' ? plan.incompletePages : undefined,
              };
        const ctx = { connection: active.connection, hasToken: active.hasToken, action: 'restoreIndices' as const };
        try {
          // The run's connection, still the active one with the same URL (the follow-up checked).
          const fresh = await services.connections.clientFor(services.connections.get(active.connection.name) ?? active.connection);
          // The connection may have been made read-only since the run began.
          assertWritable(fresh.connection, RESTORE_ACTION);
          await runPatternAndReport(services, fresh, next, { interactive: true });
        } catch (error) {
          reportError(services, error, ctx, { source: ID });
        }
      }
    });
  });
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
