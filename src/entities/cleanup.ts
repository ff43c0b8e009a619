// The entity cleanup, loaded with the other entity commands (dist/features.js):
//   datahub.planEntityCleanup    reads only: what would go (logic/cleanupPlan.ts), the plan kept on disk
//   datahub.applyEntityCleanup   the plan again (or a stopped apply resumed), the confirmation gate, then the
//                                planned URNs deleted in batches of concurrent requests, cancellable
//   datahub.cancelEntityCleanup  stops a running plan or apply after the requests in flight
// A read-only connection refuses the apply (dry run only too) before any request. The deletes are OpenAPI v3
// (src/gms/openapi/cleanup.ts): soft-deleted entities for good, runs soft-deleted first (as DataHub's GC).
import * as vscode from 'vscode';
import type { ActiveClient, Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { registerRowCommand, type RowReading } from '../platform/rowCommands';
import { offerFollowUp } from '../platform/followUp';
import type { CountsNode } from './countsTree';
import type { CommandRun } from '../platform/commandRun';
import * as safeWindow from '../platform/safeWindow';
import { activeClient } from '../platform/activeClient';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { applyEntityCleanupArgs, ENTITY_TYPE_NAME, planEntityCleanupArgs } from './logic/args';
import { DEFAULT_OLDER_THAN_DAYS, planCleanup, type CleanupQuery, type CleanupReads, type JobFigures, type PlanFigures } from './logic/cleanupPlan';
import { cleanupQuery, planMessage, whatGoes } from './logic/cleanupText';
import type { StoredPlan } from './cleanupFiles';
import { deletePlanned, filesOf, running, track } from './cleanupApply';

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
  /** Set when not every planned URN was deleted: why, and how many are left (apply again to resume). */
  notDone?: { reason: 'dryRunOnly' | 'declined' | 'cancelled' | 'failed'; remaining: number };
  /** This apply finished one that was stopped before (only URNs not yet deleted were sent). */
  resumed?: boolean;
}

/** Plans on the active client, the URNs streamed to the plan file; a progress the person can cancel where they watch. */
async function makePlan(services: Services, active: ActiveClient, query: CleanupQuery, run: CommandRun): Promise<StoredPlan> {
  const files = filesOf(services);
  const id = files.idOf(active.connection.name, active.connection.gmsUrl, query);
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
  const plan: StoredPlan = { id, connection: active.connection.name, gmsUrl: active.connection.gmsUrl, query, figures, createdAt: Date.now() };
  await files.save(plan);
  services.log.info(`Entity cleanup planned on "${plan.connection}": ${figures.count} ${whatGoes(query)}.`);
  return plan;
}

function planResult(active: ActiveClient, plan: StoredPlan): PlanEntityCleanupResult {
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

/** The view's type rows: the row stands for { entityType } (dataprocessinstance: its old runs). */
const TYPE_ROWS: RowReading<Extract<CountsNode, { kind: 'type' }>> = {
  isRow: (value): value is Extract<CountsNode, { kind: 'type' }> => (value as { kind?: unknown }).kind === 'type',
  argsOf: (row) => ({ entityType: row.entityType }),
};

/** The plan whose notification's Apply… was clicked: the next palette-less apply takes it (module state, not an argument). */
let offered: Record<string, unknown> | undefined;

/** From the palette: which cleanup (the two that fill clusters, or the soft-deleted entities of a type named). */
async function pickCleanup(): Promise<Record<string, unknown> | undefined> {
  type Item = vscode.QuickPickItem & { args?: Record<string, unknown> };
  const items: Item[] = [
    {
      label: 'Old dataProcessInstance runs',
      description: 'beyond the last 5 of each data job and older than 10 days: soft-delete',
      args: { entityType: 'dataProcessInstance' },
    },
    {
      label: 'Soft-deleted dataProcessInstance runs',
      description: `soft-deleted more than ${DEFAULT_OLDER_THAN_DAYS} days ago: delete for good`,
      args: { entityType: 'dataProcessInstance', softDeletedOnly: true },
    },
    { label: 'Soft-deleted entities of a type…', description: `e.g. dataset, soft-deleted more than ${DEFAULT_OLDER_THAN_DAYS} days ago: delete for good` },
  ];
  const picked = await vscode.window.showQuickPick(items.map(safeWindow.safeItem), {
    title: 'DataHub: Plan Entity Cleanup',
    placeHolder: 'What to clean up (a dry run first)',
  });
  if (!picked) return undefined;
  if (picked.args) return picked.args;
  const entityType = await vscode.window.showInputBox({
    title: 'DataHub: Plan Entity Cleanup',
    prompt: `The entity type whose entities soft-deleted more than ${DEFAULT_OLDER_THAN_DAYS} days ago go for good (as DataHub's GC, the more recent ones stay)`,
    value: 'dataset',
    validateInput: (v) => (ENTITY_TYPE_NAME.test(v.trim()) ? undefined : 'An entity type name, e.g. dataset'),
  });
  return entityType === undefined ? undefined : { entityType: entityType.trim() };
}

export function registerCleanupCommands(services: Services) {
  return [
    // On an Entity Counts row (a type with soft-deleted entities, or dataprocessinstance): that type's cleanup.
    registerRowCommand(services, Commands.planEntityCleanup, TYPE_ROWS, async (arg, run): Promise<PlanEntityCleanupResult | undefined> => {
      const given = arg ?? (run.mode === 'ui' ? await pickCleanup() : {});
      if (given === undefined) return undefined;
      const query = cleanupQuery(parseArgs(Commands.planEntityCleanup, planEntityCleanupArgs, given));
      const active = await activeClient(services, run, { action: 'graphql', writes: false });
      const result = planResult(active, await makePlan(services, active, query, run));
      if (run.interactive) {
        // The next step beside the figures: apply exactly this plan (it asks first).
        const apply = 'Apply…';
        // Bound to this connection and good for 10 minutes (src/platform/followUp.ts).
        const offer = offerFollowUp(services, active.connection, 'Plan the cleanup again');
        void safeWindow.showInformationMessage(result.message, ...(result.count > 0 ? [apply] : [])).then((choice) => {
          if (choice !== apply) return;
          void offer.run(apply, () => {
            // As the person's own step (no arguments: the modal does not say a program asked), on exactly this plan.
            offered = given;
            void vscode.commands.executeCommand(Commands.applyEntityCleanup);
          });
        });
      }
      return result;
    }),
    registerCommand(services, Commands.applyEntityCleanup, async (arg, run): Promise<ApplyEntityCleanupResult | undefined> => {
      // Before any prompt or request: a read-only connection refuses the whole step, its dry run too.
      const active = await activeClient(services, run, { action: 'hardDeleteEntity', writes: 'Entity Cleanup' });
      const fromPlan = run.mode === 'ui' ? offered : undefined;
      offered = undefined;
      const given = arg ?? (run.mode === 'ui' ? (fromPlan ?? (await pickCleanup())) : {});
      if (given === undefined) return undefined;
      const args = parseArgs(Commands.applyEntityCleanup, applyEntityCleanupArgs, given);
      const query = cleanupQuery(args);
      if (query.kind === 'runs') run.errorContext = { ...run.errorContext, action: 'softDeleteEntity' };
      const files = filesOf(services);
      const stored = await files.load(files.idOf(active.connection.name, active.connection.gmsUrl, query));
      const resumed = stored?.applying === true && stored.finished !== true;
      const plan = resumed ? stored : await makePlan(services, active, query, run);
      const base = planResult(active, plan);
      const { ok } = await files.settled(plan.id);
      const already = ok.size;
      const left = Math.max(0, plan.figures.count - already);
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
          `The planned URNs only, ${how}. For example:\n${sample}${plan.figures.count > 5 ? '\n…' : ''}${askedByProgram(run)}`,
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
      await files.save({ ...plan, applying: true });
      const done = await deletePlanned(services, active, plan, run, ok);
      const remaining = Math.max(0, left - done.deleted);
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
      if (!finished) parts.push('apply the same cleanup again to resume: only the URNs not yet deleted are sent');
      const message = `${parts.join('; ')}.`;
      services.log.info(message);
      if (run.interactive) void (finished ? safeWindow.showInformationMessage(message) : safeWindow.showWarningMessage(message));
      return result({
        message,
        deleted: done.deleted,
        failed: done.failed,
        ...(finished ? {} : { notDone: { reason: done.cancelled ? 'cancelled' : 'failed', remaining } }),
      });
    }),
    registerCommand(services, Commands.cancelEntityCleanup, async (_arg, run) => {
      const cancelled = running.size;
      for (const c of running) c.abort();
      const message = cancelled
        ? `Stopping ${cancelled} entity cleanup${cancelled === 1 ? '' : 's'} after the requests in flight; apply the same cleanup again to resume.`
        : 'No entity cleanup is running.';
      if (run.interactive) void safeWindow.showInformationMessage(message);
      return { message, cancelled };
    }),
  ];
}
