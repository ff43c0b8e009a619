// The vscode side of the write discipline (src/shared/writePlan.ts, applyLock.ts) for the features that
// apply a plan: the connection a plan is about to be applied on, as the settings say now (not as the
// client cached when the plan was made), and where the locks of applies live (the extension's global
// storage, shared by every window of this profile).
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import type { Services } from './services';
import { checkPlan, type ApplyTarget, type PlanRefusal, type WriteKind } from '../shared/writePlan';
import { writeClockNow } from '../shared/writeClock';

/** The connection named `name` as configured now; undefined when it was removed. */
export function applyTargetNow(services: Services, name: string): ApplyTarget | undefined {
  const now = services.connections.get(name);
  return now ? { name: now.name, gmsUrl: now.gmsUrl } : undefined;
}

/**
 * Whether a plan of `kind` recorded with `origin` may be applied on the connection `name` now (its settings
 * read again): undefined when it may, else the refusal (otherConnection when the connection is gone).
 */
export function checkPlanNow(services: Services, origin: unknown, kind: WriteKind, name: string, what: string, now = writeClockNow()): PlanRefusal | undefined {
  const target = applyTargetNow(services, name);
  if (!target)
    return { reason: 'otherConnection', message: `The connection "${name}" that ${what} was made on is no longer configured. Plan again; nothing was sent.` };
  return checkPlan(origin, kind, target, now, what);
}

/** The folder of the locks of applies (global storage: one per profile, shared by its windows). */
export function planLockDir(services: Services): string {
  return path.join(services.context.globalStorageUri.fsPath, 'apply-locks');
}

/** A lock id for one kind of apply on one connection: a file name whatever the connection's name holds. */
export function planLockId(kind: WriteKind, connection: string, ...parts: string[]): string {
  const digest = createHash('sha256')
    .update([connection, ...parts].join('\u0000'))
    .digest('hex')
    .slice(0, 16);
  return `${kind}-${digest}`;
}
