// The entity cleanup's two steps behind its commands (./cleanup.ts registers them): making the plan (reads only,
// the URNs streamed to the plan file, its origin recorded) and applying it while holding its lock: a stopped
// apply resumes only a plan whose origin checks out (src/shared/writePlan.ts checkPlan: this connection, this
// server, less than a day old), after the confirmation gate, each batch read again before it is sent (./cleanupApply.ts).
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import { Commands } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { planCleanup, type CleanupQuery, type CleanupReads, type JobFigures, type PlanFigures } from './logic/cleanupPlan';
import { planMessage, whatGoes } from './logic/cleanupText';
import type { StoredPlan } from './cleanupFiles';
import { deletePlanned, filesOf, track } from './cleanupApply';
import { checkPlan, planOrigin } from '../shared/writePlan';
import { writeClockNow } from '../shared/writeClock';

export interface PlanEntityCleanupResult extends Outcome {
  connection: string;
  entityType: string;
  /** hardDelete: soft-deleted entities deleted for good; softDelete: runs soft-deleted. */
  action: 'hardDelete' | 'softDelete';
  count: number;
  /** The first planned URNs (at most 20). */
  sample: string[];
  /** dataProcessInstance runs: the jobs with runs to delete, most first (at most 100). */
  byJob?: JobFigures[];
  /** Soft-deleted entities: soft-deleted less than olderThanDays ago, kept (DataHub's GC keeps them too). */
  keptForAge?: number;
  /** Soft-deleted entities: no time could be read for their status, kept (never planned on a guess). */
  keptUnread?: number;
}

export interface ApplyEntityCleanupResult extends PlanEntityCleanupResult {
  deleted: number;
  /** Every URN whose delete failed in this apply (at most 1,000 named), with the reason. */
  failed: Array<{ urn: string; reason: string }>;
  /**
   * Planned URNs not sent because the status read again right before their batch no longer matched the plan
   * (ingested again, soft-deleted again recently, gone, already soft-deleted), or plan-file lines that are not a
   * URN of the plan's type: per reason, a count and the first few.
   */
  leftOut?: Array<{ why: string; count: number; sample: string[] }>;
  /**
   * Set when not every planned URN was deleted: why, and how many are left (apply again to resume). Refused before
   * any request: stale (the stopped plan is older than a day), otherConnection / otherServer (made on another
   * connection or against another server), unreadable (no origin), busy (another apply of it is running).
   */
  notDone?: {
    reason: 'dryRunOnly' | 'declined' | 'cancelled' | 'failed' | 'stale' | 'otherConnection' | 'otherServer' | 'unreadable' | 'busy';
    remaining: number;
  };
  /** This apply finished one that was stopped before (only URNs not yet deleted were sent). */
  resumed?: boolean;
}

/** Plans on the active client, the URNs streamed to the plan file; a progress the person can cancel where they watch. */
export async function makePlan(services: Services, active: ActiveClient, query: CleanupQuery, run: CommandRun): Promise<StoredPlan> {
  const files = filesOf(services);
  const id = files.idOf(active.connection.name, query);
  // The plan relies on what it reads from now on: its origin is dated before the first read.
  const origin = planOrigin('entityCleanup', active.connection, Date.now());
  const sink = await files.writer(id);
  const controller = new AbortController();
  track(controller, true);
  const { search, cleanup } = active.client;
  const reads: CleanupReads = {
    softDeleted: (type, scrollId, count, signal) => search.softDeleted(type, scrollId, count, signal),
    dataJobs: (scrollId, count, signal) => search.dataJobs(scrollId, count, signal),
    jobRuns: (job, start, count, signal) => search.jobRuns(job, start, count, signal),
    statusWritten: (urns, signal) => cleanup.statusWritten(urns, signal),
  };
  let figures: PlanFigures;
  try {
    figures = await run.progress(
      `DataHub: planning a cleanup of ${whatGoes(query)} on "${active.connection.name}" (reads only)…`,
      (signal) =>
        planCleanup(reads, query, sink.add, {
          signal,
          onProgress: () => sink.flush(),
        }),
      undefined,
      controller.signal,
    );
    await sink.commit();
  } catch (error) {
    await sink.discard();
    throw error;
  } finally {
    track(controller, false);
  }
  const plan: StoredPlan = { id, connection: active.connection.name, gmsUrl: active.connection.gmsUrl, query, figures, createdAt: Date.now(), origin };
  await files.save(plan);
  services.log.info(`Entity cleanup planned on "${plan.connection}": ${figures.count} ${whatGoes(query)}.`);
  return plan;
}

export function planResult(active: ActiveClient, plan: StoredPlan): PlanEntityCleanupResult {
  const { figures, query } = plan;
  return {
    message: planMessage(active.connection.name, query, figures),
    connection: active.connection.name,
    entityType: query.entityType,
    action: query.kind === 'softDeleted' ? 'hardDelete' : 'softDelete',
    count: figures.count,
    sample: figures.sample,
    ...(figures.byJob ? { byJob: figures.byJob } : {}),
    ...(query.kind === 'softDeleted' ? { keptForAge: figures.keptForAge ?? 0, keptUnread: figures.keptUnread ?? 0 } : {}),
  };
}

/** A refusal before any request: the stored plan's figures (when there is one), nothing deleted. */
export function refused(
  active: ActiveClient,
  query: CleanupQuery,
  stored: StoredPlan | undefined,
  reason: NonNullable<ApplyEntityCleanupResult['notDone']>['reason'],
  message: string,
  remaining = stored?.figures.count ?? 0,
): ApplyEntityCleanupResult {
  const base: PlanEntityCleanupResult = stored
    ? planResult(active, stored)
    : {
        message,
        connection: active.connection.name,
        entityType: query.entityType,
        action: query.kind === 'softDeleted' ? 'hardDelete' : 'softDelete',
        count: 0,
        sample: [],
      };
  return { ...base, message, deleted: 0, failed: [], notDone: { reason, remaining } };
}

/** The apply, holding the plan's lock: the plan (a stopped one resumed after its origin is checked), the gate, the deletes. */
export async function applyLocked(
  services: Services,
  active: ActiveClient,
  query: CleanupQuery,
  args: { dryRunOnly?: boolean },
  run: CommandRun,
): Promise<ApplyEntityCleanupResult> {
  const files = filesOf(services);
  const stored = await files.load(files.idOf(active.connection.name, query));
  const resumed = stored?.applying === true && stored.finished !== true;
  if (resumed) {
    // A stopped apply resumes only a plan made here, on this server, within its window (src/shared/writePlan.ts).
    const refusal = checkPlan(stored.origin, 'entityCleanup', active.connection, writeClockNow(), 'this stopped entity cleanup');
    if (refusal) {
      services.log.info(`Entity cleanup not resumed: ${refusal.message}`);
      const { ok, left } = await files.settled(stored.id);
      return refused(active, query, stored, refusal.reason, refusal.message, Math.max(0, stored.figures.count - ok.size - left.size));
    }
  }
  const plan = resumed ? stored : await makePlan(services, active, query, run);
  const base = planResult(active, plan);
  const { ok, left: leftBefore } = await files.settled(plan.id);
  const settled = new Set([...ok, ...leftBefore.keys()]);
  const already = ok.size;
  const left = Math.max(0, plan.figures.count - settled.size);
  const result = (extra: Partial<ApplyEntityCleanupResult> & { message: string }): ApplyEntityCleanupResult => ({
    ...base,
    deleted: 0,
    failed: [],
    ...(resumed ? { resumed } : {}),
    ...extra,
  });
  if (args.dryRunOnly === true)
    return result({ message: `${base.message} Dry run only: nothing was deleted.`, notDone: { reason: 'dryRunOnly', remaining: left } });
  if (left === 0) return result({ message: `${base.message} Nothing to delete.` });
  const go = `Delete ${left.toLocaleString('en-US')}`;
  const how =
    query.kind === 'softDeleted'
      ? 'for good: every aspect and their search documents; this cannot be undone'
      : 'soft-deleted (status removed: true); they can be restored until they are deleted for good';
  const sample = plan.figures.sample.slice(0, 5).join('\n');
  const chosen = await confirmDestructive(run, {
    apiClass: 'entityDeletes',
    message: `Delete ${left.toLocaleString('en-US')} ${whatGoes(query)} on "${active.connection.name}"?`,
    detail:
      `${resumed ? `Resuming a stopped cleanup: ${already.toLocaleString('en-US')} already deleted. ` : ''}` +
      `The planned URNs only, ${how}; each batch's status is read again right before it is sent, and what changed is left out. For example:\n${sample}${plan.figures.count > 5 ? '\n…' : ''}${askedByProgram(run)}`,
    go,
    typed: {
      connection: active.connection,
      action: 'Entity Cleanup',
      expected: active.connection.name,
      consequence: `${left.toLocaleString('en-US')} entities will be deleted.`,
    },
  });
  if (chosen !== go) {
    services.log.info('Entity cleanup: not confirmed; nothing was deleted.');
    return result({
      message: `${base.message} Not applied: the confirmation was dismissed; nothing was deleted.`,
      notDone: { reason: 'declined', remaining: left },
    });
  }
  const now = services.connections.active();
  if (!now || now.name !== active.connection.name || now.gmsUrl !== active.connection.gmsUrl) {
    throw new Error(
      `${Commands.applyEntityCleanup}: the active connection changed while the cleanup waited (it was planned on "${active.connection.name}"); nothing was deleted. Run it again.`,
    );
  }
  // The confirmation may have waited: the plan's window is checked again before the first request.
  const late = checkPlan(plan.origin, 'entityCleanup', now, writeClockNow(), 'this entity cleanup plan');
  if (late) return result({ message: late.message, notDone: { reason: late.reason, remaining: left } });
  await files.save({ ...plan, applying: true });
  const done = await deletePlanned(services, active, plan, run, settled);
  const remaining = Math.max(0, left - done.deleted - done.leftOut.count);
  const finished = !done.cancelled && done.failedCount === 0;
  await files.save({ ...plan, applying: true, finished });
  const n = (v: number) => v.toLocaleString('en-US');
  const parts = [`Entity cleanup on "${active.connection.name}": ${n(done.deleted)} of ${n(left)} ${whatGoes(query)} deleted`];
  if (done.failedCount)
    parts.push(
      `${n(done.failedCount)} failed (${done.failed
        .slice(0, 3)
        .map((f) => `${f.urn}: ${f.reason}`)
        .join('; ')}${done.failedCount > 3 ? '; …' : ''})`,
    );
  if (done.cancelled) parts.push(`cancelled with ${n(remaining)} left`);
  if (!finished) parts.push('apply the same cleanup again to resume: only the URNs not yet deleted are sent, each read again first');
  const leftOut = done.leftOut.sentence('planned URN');
  const message = `${parts.join('; ')}.${leftOut ? ` ${leftOut}` : ''}`;
  services.log.info(message);
  if (run.interactive) void (finished ? safeWindow.showInformationMessage(message) : safeWindow.showWarningMessage(message));
  return result({
    message,
    deleted: done.deleted,
    failed: done.failed,
    ...(done.leftOut.count ? { leftOut: done.leftOut.toJSON() } : {}),
    ...(finished ? {} : { notDone: { reason: done.cancelled ? 'cancelled' : 'failed', remaining } }),
  });
}
