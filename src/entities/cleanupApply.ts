// The apply's deletes of an entity cleanup (./cleanup.ts asks first): the planned URNs not yet deleted,
// CONCURRENCY at a time, each outcome appended to the plan's progress file before the next batch, so a
// cancel (new deletes stop, those in flight finish) and a resume never send a URN twice. Also the set of
// running plans and applies that datahub.cancelEntityCleanup stops.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ActiveClient, Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { describeError } from '../shared/errors';
import { whatGoes } from './logic/cleanupText';
import { CleanupFiles, type StoredPlan } from './cleanupFiles';

/** Deletes in flight at once, and how many settle between two writes of the progress file. */
const CONCURRENCY = 4;
const RECORD_EVERY = 50;
const MAX_FAILED_NAMED = 1_000;

export const running = new Set<AbortController>();

/** A plan or apply starts or ends: the palette offers Cancel Entity Cleanup while one runs. */
export function track(controller: AbortController, on: boolean): void {
  if (on) running.add(controller);
  else running.delete(controller);
  void vscode.commands.executeCommand('setContext', 'datahub.entityCleanupRunning', running.size > 0);
}

export function filesOf(services: Services): CleanupFiles {
  return new CleanupFiles(path.join(services.context.globalStorageUri.fsPath, 'cleanup'));
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 500);

/**
 * Deletes the plan's URNs not in `ok` (those earlier applies deleted), CONCURRENCY at a time; every outcome
 * is on disk before it returns.
 */
export async function deletePlanned(
  services: Services,
  active: ActiveClient,
  plan: StoredPlan,
  run: CommandRun,
  ok: ReadonlySet<string>,
): Promise<{ deleted: number; failed: Array<{ urn: string; reason: string }>; failedCount: number; cancelled: boolean }> {
  const files = filesOf(services);
  const left = plan.figures.count - ok.size;
  run.noteDryRun({ planned: plan.figures.count, deletedEarlier: ok.size });
  const remove = plan.query.kind === 'softDeleted' ? active.client.cleanup.hardDelete : active.client.cleanup.softDelete;
  const controller = new AbortController();
  track(controller, true);
  const failed: Array<{ urn: string; reason: string }> = [];
  let failedCount = 0;
  let deleted = 0;
  let pending: string[] = [];
  const flush = async () => {
    const lines = pending;
    pending = [];
    await files.record(plan.id, lines);
  };
  try {
    return await run.progress(
      `DataHub: deleting ${left.toLocaleString('en-US')} ${whatGoes(plan.query)} on "${plan.connection}"…`,
      async (signal, say) => {
        const urns = files.urns(plan.id)[Symbol.asyncIterator]();
        // One reader for the workers: each takes the next planned URN not yet deleted.
        let reading = Promise.resolve<IteratorResult<string> | undefined>(undefined);
        const next = (): Promise<string | undefined> => {
          reading = reading.then(async () => {
            for (;;) {
              const r = await urns.next();
              if (r.done || !ok.has(r.value)) return r;
            }
          });
          return reading.then((r) => (r && !r.done ? r.value : undefined));
        };
        const worker = async () => {
          // The signal stops new deletes only: one in flight finishes and is recorded, so a resume never sends it again.
          while (!signal.aborted) {
            const urn = await next();
            if (urn === undefined) return;
            try {
              await remove(urn);
              deleted++;
              pending.push(`ok\t${urn}`);
            } catch (error) {
              const reason = oneLine(describeError(error, run.errorContext).message);
              failedCount++;
              if (failed.length < MAX_FAILED_NAMED) failed.push({ urn, reason });
              pending.push(`failed\t${urn}\t${reason}`);
            }
            if (pending.length >= RECORD_EVERY) await flush();
            say(`${(deleted + failedCount).toLocaleString('en-US')} of ${left.toLocaleString('en-US')}`, 100 / Math.max(1, left));
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        await flush();
        await urns.return?.(undefined);
        return { deleted, failed, failedCount, cancelled: signal.aborted };
      },
      undefined,
      controller.signal,
    );
  } finally {
    await flush();
    track(controller, false);
  }
}
