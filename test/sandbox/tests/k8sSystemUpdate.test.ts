// The sandbox's scripted system-update Job (k8sSystemUpdate.ts) over real HTTP: listed by
// k8s/jobs and k8s/pods, its log advancing with ESIndexBuilder's lines, its reindex tasks
// answering the task-status operation on both transports with progress advancing, the
// mismatch script's abort, and the control endpoint's refusals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { useSandbox } from '../../unit/helpers';
import { REINDEX_NODE, SYSTEM_UPDATE_JOB, upgradeState, upgradeTaskStatus } from '../k8sSystemUpdate';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const auth = { authorization: `Bearer ${SANDBOX_TOKENS.admin}` };
const get = (path: string) => fetch(`${sb.url}${path}`, { headers: auth });
const control = (body: unknown) => fetch(`${sb.url}/__sandbox/k8s/systemUpdate`, { method: 'POST', body: JSON.stringify(body) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const restliStatus = async (task: string) => {
  const r = await fetch(`${sb.url}/operations?action=getEsTaskStatus`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ task }),
  });
  return JSON.parse(((await r.json()) as { value: string }).value) as { completed?: boolean; error?: string; status?: { created: number; total: number } };
};

describe('sandbox system-update job', () => {
  it('is listed as the Helm chart names it, with its pod and a log naming each reindex task', async () => {
    sb.reset();
    const made = (await (await control({ stepMs: 100, activeDeadlineSeconds: 1200 })).json()) as { name: string; pod: string };
    assert.equal(made.name, SYSTEM_UPDATE_JOB);
    const jobs = (await (await get('/openapi/operations/k8/jobs')).json()) as {
      elements: Array<{ metadata: { name: string }; spec: Record<string, unknown> }>;
    };
    const job = jobs.elements.find((j) => j.metadata.name === SYSTEM_UPDATE_JOB);
    assert.ok(job);
    assert.equal(job.spec.activeDeadlineSeconds, 1200);
    const pods = (await (await get('/openapi/operations/k8/pods')).json()) as { elements: Array<{ metadata: { name: string } }> };
    assert.ok(pods.elements.some((p) => p.metadata.name === made.pod));
    await sleep(350);
    const log = await (await get(`/openapi/operations/k8/pods/${made.pod}/logs`)).text();
    assert.match(log, new RegExp(`Task: ${REINDEX_NODE}:7001 - Reindexing from datasetindex_v2 to datasetindex_v2_\\d+ in progress\\.\\.\\.`));
    assert.match(log, /Document counts do not match 240000 != \d+\. Complete: [\d.]+%\. Estimated time remaining: \d+ minutes/);
  });

  it('answers the task status on both transports with progress advancing, then completed', async () => {
    sb.reset();
    await control({ stepMs: 100 });
    const task = `${REINDEX_NODE}:7001`;
    await sleep(250);
    const a = await restliStatus(task);
    await sleep(250);
    const b = await restliStatus(task);
    assert.equal(a.completed, false);
    assert.ok(b.status!.created > a.status!.created, `${a.status!.created} then ${b.status!.created}`);
    assert.equal(b.status!.total, 240_000);
    const open = (await (await get(`/openapi/operations/elasticSearch/getTaskStatus?task=${encodeURIComponent(task)}`)).json()) as {
      status: { created: number };
    };
    assert.ok(open.status.created >= b.status!.created);
    await sleep(700);
    assert.equal((await restliStatus(task)).completed, true);
    assert.match(String((await restliStatus(`${REINDEX_NODE}:9999`)).error), /Could not get task status/);
  });

  it('the mismatch script ends the third task short and fails the step on the document counts', () => {
    const run = { name: 'j', script: 'reindexMismatch' as const, stepMs: 100, startedAt: 0, taskBase: 7001 };
    const end = upgradeState(run, 60_000);
    assert.deepEqual([end.done, end.failed], [true, true]);
    const text = end.lines.join('\n');
    assert.match(text, /Document count 600000 != 597883/);
    assert.match(text, /re-triggering reindex #1\./);
    assert.match(text, /Upgrade SystemUpdate completed with result FAILED\. Exiting\.\.\./);
    const status = upgradeTaskStatus(run, `${REINDEX_NODE}:7003`, 60_000) as { completed: boolean; status: { created: number; total: number } };
    assert.deepEqual([status.completed, status.status.created, status.status.total], [true, 597_883, 600_000]);
    const ok = upgradeState({ ...run, script: 'reindexSucceed' }, 60_000);
    assert.deepEqual([ok.done, ok.failed], [true, false]);
    assert.match(ok.lines.join('\n'), /Reindex dataprocessinstanceindex_v2 -> dataprocessinstanceindex_v2_\d+ complete\. Doc count: 600000/);
  });

  it('refuses an unknown script or a bad step', async () => {
    sb.reset();
    assert.equal((await control({ script: 'nope' })).status, 400);
    assert.equal((await control({ stepMs: 0 })).status, 400);
    assert.equal((await control({ name: 'Bad Name' })).status, 400);
  });
});
