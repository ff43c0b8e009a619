// The sandbox's Kubernetes operations (KubernetesController.java) over real HTTP:
// pages, the trigger's 201 and refusals, the scripted logs (succeed, failAfter100,
// stall) advancing with time, urn-paging keys, and the 503/404 switches.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { useSandbox } from '../../unit/helpers';
import { scriptState } from '../k8sScripts';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const CRON = 'datahub-datahub-restore-indices-job-template';
const auth = { authorization: `Bearer ${SANDBOX_TOKENS.admin}` };
const k8s = (path: string, init: RequestInit = {}) =>
  fetch(`${sb.url}/openapi/operations/k8/${path}`, { ...init, headers: { ...auth, 'content-type': 'application/json' } });
const control = (path: string, body: unknown) => fetch(`${sb.url}/__sandbox${path}`, { method: 'POST', body: JSON.stringify(body) });
const trigger = (jobName: string, args?: string[]) => k8s(`cronjobs/${CRON}/trigger`, { method: 'POST', body: JSON.stringify({ jobName, args }) });

describe('sandbox k8s operations', () => {
  it('pages the CronJobs as PaginatedResponse, 10 by default', async () => {
    sb.reset();
    const page = (await (await k8s('cronjobs')).json()) as { elements: Array<{ metadata: { name: string } }>; start: number; count: number; total: number };
    assert.equal(page.start, 0);
    assert.equal(page.total, 2);
    assert.ok(page.elements.some((e) => e.metadata.name === CRON));
  });

  it('triggers a Job (201) and refuses a missing name (400), an unknown CronJob (404) and a duplicate (500)', async () => {
    sb.reset();
    assert.equal((await trigger('')).status, 400);
    assert.equal((await k8s('cronjobs/nope/trigger', { method: 'POST', body: JSON.stringify({ jobName: 'a' }) })).status, 404);
    const created = await trigger('r1', ['-u', 'RestoreIndices', '-a', 'batchSize=500']);
    assert.equal(created.status, 201);
    const job = (await created.json()) as { metadata: { labels: Record<string, string> } };
    assert.equal(job.metadata.labels['app.kubernetes.io/triggered-from'], CRON);
    assert.equal((await trigger('r1')).status, 500);
    const recorded = sb.requests.filter((r) => r.action === 'k8sTrigger' && r.status === 201);
    assert.deepEqual((recorded[0].body as { args: string[] }).args, ['-u', 'RestoreIndices', '-a', 'batchSize=500']);
  });

  it('answers 503 when not in Kubernetes (status still 200), and Spring 404 when switched off', async () => {
    sb.reset();
    await control('/k8s', { mode: 'unavailable' });
    assert.deepEqual(await (await k8s('status')).json(), { available: false, reason: 'Not running in Kubernetes environment' });
    const r = await k8s('jobs');
    assert.equal(r.status, 503);
    assert.deepEqual(await r.json(), { error: 'Kubernetes integration not available' });
    await control('/k8s', { mode: 'off' });
    assert.equal((await k8s('status')).status, 404);
    assert.equal((await control('/k8s', { script: 'nope' })).status, 400);
  });

  it('writes each script to its end: succeed, FAILED after 100%, and a stall', () => {
    const run = { totalRows: 24_000, stepMs: 10, startedAt: 0, args: ['-u', 'RestoreIndices', '-a', 'batchSize=1000'] };
    const ok = scriptState({ ...run, script: 'succeed' }, 10_000);
    assert.ok(ok.done && !ok.failed);
    assert.match(ok.lines.at(-1) ?? '', /^Upgrade RestoreIndices completed with result SUCCEEDED\. Exiting\.\.\.$/);
    const bad = scriptState({ ...run, script: 'failAfter100' }, 10_000);
    assert.ok(bad.done && bad.failed);
    assert.ok(bad.lines.some((l) => /Successfully sent MAEs for 23999\/24000 rows \(100\.00% of total\)/.test(l)));
    assert.ok(bad.lines.some((l) => l === 'Failed to send MAEs for 1 rows (0.00% of total).'));
    const stall = scriptState({ ...run, script: 'stall' }, 10_000);
    assert.ok(!stall.done);
    assert.deepEqual(scriptState({ ...run, script: 'stall' }, 20_000).lines, stall.lines, 'a stalled log does not move');
    const early = scriptState({ ...run, script: 'succeed' }, 25);
    assert.ok(early.lines.length < ok.lines.length, 'the log advances with time');
  });

  it('serves the pod log with the job-name label, cut to limitBytes with [truncated...]', async () => {
    sb.reset();
    await control('/k8s', { stepMs: 5 });
    await trigger('r2', ['-u', 'RestoreIndices', '-a', 'urnBasedPagination=true']);
    const pods = (await (await k8s('pods')).json()) as { elements: Array<{ metadata: { name: string; labels: Record<string, string> } }> };
    const pod = pods.elements.find((p) => p.metadata.labels['job-name'] === 'r2');
    assert.ok(pod);
    await new Promise((r) => setTimeout(r, 400));
    const text = await (await k8s(`pods/${pod.metadata.name}/logs?limitBytes=1024`)).text();
    assert.ok(text.startsWith('[truncated...]\n'));
    const full = await (await k8s(`pods/${pod.metadata.name}/logs`)).text();
    assert.match(full, /Getting next batch of urns \+ aspects, starting with urn:li:dataset:/);
    assert.equal((await k8s('pods/nope/logs')).status, 404);
  });

  it('keeps a pod ContainerCreating first and refuses its log with the fabric8 text GMS wraps (500), then serves it; sinceSeconds reads only the recent lines', async () => {
    sb.reset();
    await control('/k8s', { stepMs: 100, pendingMs: 300 });
    await trigger('p1', ['-u', 'RestoreIndices', '-a', 'batchSize=100']);
    type Pod = {
      metadata: { name: string; labels: Record<string, string> };
      status: { phase: string; containerStatuses: Array<{ state: Record<string, unknown> }> };
    };
    const pods = async () => ((await (await k8s('pods')).json()) as { elements: Pod[] }).elements.filter((p) => p.metadata.labels['job-name'] === 'p1');
    const [pending] = await pods();
    assert.equal(pending.status.phase, 'Pending');
    assert.deepEqual(pending.status.containerStatuses[0].state, { waiting: { reason: 'ContainerCreating' } });
    const refused = await k8s(`pods/${pending.metadata.name}/logs`);
    assert.equal(refused.status, 500);
    assert.match(await refused.text(), /^Failed to retrieve logs: Failure executing: GET .* is waiting to start: ContainerCreating\./);
    await new Promise((r) => setTimeout(r, 2300));
    assert.equal((await pods())[0].status.phase, 'Running');
    const all = await (await k8s(`pods/${pending.metadata.name}/logs`)).text();
    const recent = await (await k8s(`pods/${pending.metadata.name}/logs?sinceSeconds=1`)).text();
    assert.ok(recent.length > 0 && recent.length < all.length / 2, `${recent.length} of ${all.length}`);
    assert.ok(all.includes(recent.split('\n')[0]), 'the recent lines are the end of the log');
  });

  it('retries a pod killed for memory under a new name (OOMKilled, exit 137), the Job Complete after the second', async () => {
    sb.reset();
    await control('/k8s', { stepMs: 40, script: 'oomThenSucceed' });
    await trigger('o1', ['-u', 'RestoreIndices']);
    await new Promise((r) => setTimeout(r, 2500));
    type Pod = {
      metadata: { name: string; labels: Record<string, string> };
      status: { phase: string; containerStatuses: Array<{ state: { terminated?: { reason: string; exitCode: number } } }> };
    };
    const pods = ((await (await k8s('pods')).json()) as { elements: Pod[] }).elements.filter((p) => p.metadata.labels['job-name'] === 'o1');
    assert.equal(pods.length, 2);
    assert.notEqual(pods[0].metadata.name, pods[1].metadata.name);
    assert.deepEqual(
      pods[0].status.containerStatuses[0].state.terminated && {
        ...pods[0].status.containerStatuses[0].state.terminated,
        startedAt: undefined,
        finishedAt: undefined,
      },
      { reason: 'OOMKilled', exitCode: 137, startedAt: undefined, finishedAt: undefined },
    );
    const job = (
      (await (await k8s('jobs')).json()) as {
        elements: Array<{
          metadata: { name: string };
          spec: { backoffLimit: number };
          status: { failed?: number; succeeded?: number; conditions?: Array<{ type: string }> };
        }>;
      }
    ).elements.find((j) => j.metadata.name === 'o1');
    assert.equal(job?.spec.backoffLimit, 6);
    assert.equal(job?.status.failed, 1);
    assert.equal(job?.status.succeeded, 1);
    assert.deepEqual(
      job?.status.conditions?.map((c) => c.type),
      ['Complete'],
    );
  });

  it('restarts GMS: the ingress answers 503 (HTML) first, then connections are reset, then GMS answers', async () => {
    sb.reset();
    await control('/k8s/restart', { ms: 400 });
    const page = await k8s('jobs');
    assert.equal(page.status, 503);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    await new Promise((r) => setTimeout(r, 250));
    await assert.rejects(k8s('jobs'));
    await new Promise((r) => setTimeout(r, 250));
    assert.equal((await k8s('jobs')).status, 200);
  });

  it('writes a log over 1 MB for a long job (maxReports), served cut to 1 MB', async () => {
    sb.reset();
    await control('/k8s', { stepMs: 1, totalRows: 220_000, maxReports: 2200 });
    await trigger('big', ['-u', 'RestoreIndices', '-a', 'batchSize=100', '-a', 'urnBasedPagination=true']);
    await new Promise((r) => setTimeout(r, 2500));
    const text = await (await k8s('pods/big-x7k2p/logs?limitBytes=1048576')).text();
    assert.ok(text.startsWith('[truncated...]\n'), 'over 1 MB, cut');
    assert.match(text, /completed with result SUCCEEDED/);
  });
});
