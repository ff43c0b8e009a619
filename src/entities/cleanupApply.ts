// The apply's deletes of an entity cleanup (./cleanup.ts asks first): the planned URNs not yet deleted, a
// batch at a time, each batch read again right before it is sent, CONCURRENCY deletes at a time, each outcome appended to the plan's progress file before the next batch, so a
// cancel (new deletes stop, those in flight finish) and a resume never send a URN twice. Also the set of
// running plans and applies that datahub.cancelEntityCleanup stops.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ActiveClient, Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { describeError } from '../shared/errors';
import { whatGoes } from './logic/cleanupText';
import { CleanupFiles, type StoredPlan } from './cleanupFiles';
import { STATUS_BATCH } from '../gms/cleanupTypes';
import { LeftOutTally } from '../shared/writePlan';
import { DEFAULT_OLDER_THAN_DAYS } from './logic/cleanupPlan';
import { cutoffOf, lineProblem, recheckBatch } from './logic/cleanupRecheck';

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
 * Deletes the plan's URNs not in `settled` (those earlier applies deleted or left out), in batches of
 * STATUS_BATCH: each line of the plan file checked (a URN of the plan's type, else never sent), each batch's
 * status read again right before its deletes (logic/cleanupRecheck.ts: what changed is left out), then the
 * batch deleted CONCURRENCY at a time. Every outcome is on disk before it returns.
 */
export async function deletePlanned(
  services: Services,
  active: ActiveClient,
  plan: StoredPlan,
  run: CommandRun,
  settled: ReadonlySet<string>,
): Promise<{ deleted: number; failed: Array<{ urn: string; reason: string }>; failedCount: number; cancelled: boolean; leftOut: LeftOutTally }> {
  const files = filesOf(services);
  const left = Math.max(0, plan.figures.count - settled.size);
  const { kind, entityType } = plan.query;
  const remove = kind === 'softDeleted' ? active.client.cleanup.hardDelete : active.client.cleanup.softDelete;
  const olderThanDays = plan.query.olderThanDays ?? DEFAULT_OLDER_THAN_DAYS;
  run.noteDryRun({ planned: plan.figures.count, deletedEarlier: settled.size });
  const controller = new AbortController();
  track(controller, true);
  const failed: Array<{ urn: string; reason: string }> = [];
  const leftOut = new LeftOutTally();
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
        const step = () =>
          say(`${(deleted + failedCount + leftOut.count).toLocaleString('en-US')} of ${left.toLocaleString('en-US')}`, 100 / Math.max(1, left));
        const seen = new Set(settled);
        const urns = files.urns(plan.id)[Symbol.asyncIterator]();
        let ended = false;
        try {
          while (!ended && !signal.aborted) {
            // The next batch: lines not settled before, each a URN of the plan's type (a line that is not is never sent).
            const batch: string[] = [];
            while (batch.length < STATUS_BATCH) {
              const r = await urns.next();
              if (r.done) {
                ended = true;
                break;
              }
              if (seen.has(r.value)) continue;
              seen.add(r.value);
              const problem = lineProblem(r.value, entityType);
              if (problem) {
                leftOut.add([problem]);
                step();
              } else batch.push(r.value);
            }
            if (batch.length === 0) continue;
            // Read again right before sending, as DataHub's GC does (soft_deleted_entity_cleanup.py delete_soft_deleted_entity).
            let status;
            try {
              status = await active.client.cleanup.statusNow(batch, signal);
            } catch (error) {
              if (signal.aborted) break;
              throw error;
            }
            const checked = recheckBatch(kind, batch, status, cutoffOf(Date.now(), olderThanDays), olderThanDays);
            leftOut.add(checked.leftOut);
            for (const l of checked.leftOut) pending.push(`left\t${l.target}\t${l.why}`);
            let next = 0;
            const worker = async () => {
              // The signal stops new deletes only: one in flight finishes and is recorded, so a resume never sends it again.
              while (!signal.aborted && next < checked.keep.length) {
                const urn = checked.keep[next++];
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
                step();
              }
            };
            await Promise.all(Array.from({ length: CONCURRENCY }, worker));
            await flush();
          }
        } finally {
          await urns.return?.(undefined);
        }
        await flush();
        return { deleted, failed, failedCount, cancelled: signal.aborted, leftOut };
      },
      undefined,
      controller.signal,
    );
  } finally {
    await flush();
    track(controller, false);
  }
}
