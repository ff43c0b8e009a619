// The write discipline around a retention plan's apply (src/shared/writePlan.ts), for the command and the
// planner alike: the plan's dry runs are its origin (this connection, this server, when they were read), and
// after the confirmation the apply goes ahead only on that connection and server within a day of them; one
// apply of a retention plan per connection at a time, across windows (src/shared/applyLock.ts); and each
// index read again right before its truncation (logic/recheck.ts: still listed, its dry run still finds rows).
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { ActiveClient, Services } from '../platform/services';
import { withApplyLock } from '../shared/applyLock';
import { checkPlan, type PlanOrigin, type PlanRefusal } from '../shared/writePlan';
import { recheckRow, type RowRecheck } from './logic/recheck';
import type { RetentionRow } from './logic/plan';
import { writeClockNow } from '../shared/writeClock';

export type ApplyRefusal = { reason: PlanRefusal['reason'] | 'busy'; message: string };

/**
 * Runs `work` with the active client when the plan may be applied now; otherwise why not (nothing sent).
 * Throws when no connection is active.
 */
export async function guardedApply<R>(
  services: Services,
  origin: PlanOrigin | undefined,
  work: (active: ActiveClient) => Promise<R>,
): Promise<{ ran: true; value: R } | ({ ran: false } & ApplyRefusal)> {
  const now = services.connections.active();
  if (!now) throw new Error('No active connection: add or switch to one, then run the dry runs again. Nothing was deleted.');
  const refusal = checkPlan(origin, 'retention', now, writeClockNow(), 'this retention plan');
  if (refusal) {
    const message = refusal.message.replace('Plan again on', 'Run the dry runs again on');
    services.log.info(`Retention plan not applied: ${message}`);
    return { ran: false, reason: refusal.reason, message };
  }
  const dir = path.join(services.context.globalStorageUri.fsPath, 'retention');
  const id = `apply-${createHash('sha256').update(now.name).digest('hex').slice(0, 16)}`;
  const locked = await withApplyLock(dir, id, `a retention plan on "${now.name}"`, async () => work(await services.connections.client()));
  if (locked.ran) return locked;
  services.log.info(`Retention plan not applied: ${locked.message}`);
  return { ran: false, reason: 'busy', message: locked.message };
}

/** Each row read again before its truncation; the index listing read once, on the first row. */
export function rechecker(services: Services, active: ActiveClient): (row: RetentionRow) => Promise<RowRecheck> {
  let listed: Promise<Set<string>> | undefined;
  return async (row) => {
    listed ??= services.indexSizes.refresh().then((s) => new Set(s.indices.map((i) => i.indexName)));
    return recheckRow(active.client, row, await listed);
  };
}
