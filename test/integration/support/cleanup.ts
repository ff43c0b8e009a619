// The entity cleanup's in-host helpers (test/sandbox/cleanup.ts answers them): what the sandbox saw, its
// scripted faults, the plan and apply commands, the stored plan files and a stopped apply to resume.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { sandbox } from '../../host/inHost';
import type { ApplyEntityCleanupResult, PlanEntityCleanupResult } from '../../../src/entities/cleanup';
import { api, exec, execCommandId } from './core';
import { answering } from './modals';
import { Commands } from '../../../src/shared/commandIds';

export type Seen = { deletes: Record<string, number>; present: Record<string, boolean>; softDeleted: Record<string, boolean> };
export const seen = (urns: string[] = []) => sandbox.control<Seen>('GET', `/cleanup?${urns.map((u) => `urn=${encodeURIComponent(u)}`).join('&')}`);
export const script = (body: Record<string, unknown>) => sandbox.control<object>('POST', '/cleanup', body);
export const plan = (arg: Record<string, unknown>) => exec<PlanEntityCleanupResult>(Commands.planEntityCleanup, arg);
/** Through the command id, so the confirmation gate asks (answered by `answering`). */
export const apply = (arg: Record<string, unknown>) => execCommandId<ApplyEntityCleanupResult>(Commands.applyEntityCleanup, arg);
/** The stored plan files of the dataset cleanup (global storage, cleanup/<id>.json and .urns). */
export async function storedDatasetPlan(): Promise<{ json: string; urns: string }> {
  const dir = path.join((await api()).services.context.globalStorageUri.fsPath, 'cleanup');
  for (const name of await fs.readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    const plan = JSON.parse(await fs.readFile(file, 'utf8')) as { query: { entityType: string } };
    if (plan.query.entityType === 'dataset') return { json: file, urns: file.replace(/\.json$/, '.urns') };
  }
  assert.fail('no stored dataset plan');
}
export const FAILING = 'urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_0000004,PROD)';
/** Plans the dataset cleanup and applies it with one delete failing: a stopped apply, resumable. */
export async function stoppedApply(): Promise<void> {
  await plan({ entityType: 'dataset' });
  await script({ failing: { urns: [FAILING], once: true } });
  const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
  try {
    const r = await apply({ entityType: 'dataset' });
    assert.deepEqual(r.notDone, { reason: 'failed', remaining: 1 }, r.message);
  } finally {
    asked.stop();
  }
}
export const writesSeen = async () =>
  (await sandbox.requests()).filter((q) => q.method === 'DELETE' || q.path.includes('/openapi/v3/entity/')).map((q) => `${q.method} ${q.path}`);
