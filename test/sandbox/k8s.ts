// DataHub's Kubernetes operations under /openapi/operations/k8/, as
// KubernetesController.java (metadata-service/openapi-servlet/.../operations/k8/) answers
// them, over a scripted cluster: the restore CronJob of DataHub's Helm chart, the Jobs it
// triggers (their pod logs advance with time, k8sScripts.ts) and Jobs applied by hand.
//   status                  200 {available, namespace} or {available: false, reason} (K8sStatusResponse.java)
//   cronjobs, jobs, pods    pages {elements, start, count, total} (PaginatedResponse; start 0, count 10 by default)
//   cronjobs/{name}/trigger 201 the created Job, labelled app.kubernetes.io/triggered-from; jobName required (400)
//   pods/{name}/logs        text; limitBytes clamped to 1 KB..1 MB (default 512 KB), "[truncated...]\n" + the tail
// Every endpoint but status answers 503 {"error": "Kubernetes integration not available"} when GMS
// is not in Kubernetes; with kubernetes.operationsApiEnabled=false the controller is absent: Spring's 404.
// MANAGE_SYSTEM_OPERATIONS (isAPIAuthorized), else 403 {"error": "<actor> is not authorized for Kubernetes operations"}.
import type { Reply } from './restli';
import type { Caller } from './runtime';
import { json, springError, textAs } from './spring';
import { asLog, jobArgs, scriptState, type K8sScript } from './k8sScripts';
import { SystemUpdates } from './k8sSystemUpdate';

export const K8S_OPERATIONS = '/openapi/operations/k8';
export type K8sMode = 'available' | 'unavailable' | 'off';
export const K8S_MODES: readonly K8sMode[] = ['available', 'unavailable', 'off'];
const NAMESPACE = 'datahub';
/** The restore CronJob of DataHub's Helm chart (datahub-helm: charts/datahub/templates/datahub-upgrade/datahub-restore-indices-job-template.yml). */
export const RESTORE_CRONJOB = 'datahub-datahub-restore-indices-job-template';
const CRONJOBS = [RESTORE_CRONJOB, 'datahub-datahub-cleanup-job-template'];
const CONTAINER = 'datahub-upgrade-job';
const IMAGE = 'acryldata/datahub-upgrade:v1.0.0';

interface SandboxJob {
  name: string;
  labels: Record<string, string>;
  args: string[];
  createdAt: number;
  script: K8sScript;
  totalRows: number;
  stepMs: number;
  /** How long each pod stays Pending (ContainerCreating: the image pull) before its container starts. */
  pendingMs: number;
  maxReports: number;
}

/** One pod of a Job: Kubernetes makes a new one (a new name) for each retry while backoffLimit allows. */
interface Attempt {
  pod: string;
  createdAt: number;
  /** When its container started (createdAt + pendingMs). */
  runFrom: number;
  /** When it was OOMKilled, for a pod that was. */
  killedAt?: number;
}

const POD_SUFFIXES = ['x7k2p', 'm4q9z', 'c8v3d', 'r2t6w'];
const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The fabric8 client's exception for a log read while the container has not started (the Kubernetes API's
 * 400 "container ... is waiting to start: ContainerCreating"), as KubernetesController.getPodLogs wraps it:
 * a 500 "Failed to retrieve logs: " + the exception's message.
 */
export function waitingLogText(pod: string, reason = 'ContainerCreating'): string {
  const message = `container "${CONTAINER}" in pod "${pod}" is waiting to start: ${reason}`;
  return (
    `Failed to retrieve logs: Failure executing: GET at: https://10.96.0.1:443/api/v1/namespaces/${NAMESPACE}/pods/${pod}/log?pretty=false&container=${CONTAINER}. ` +
    `Message: ${message}. Received status: Status(apiVersion=v1, code=400, details=null, kind=Status, message=${message}, ` +
    'metadata=ListMeta(_continue=null, remainingItemCount=null, resourceVersion=null, selfLink=null, additionalProperties={}), reason=BadRequest, status=Failure, additionalProperties={}).'
  );
}

export class K8sCluster {
  mode: K8sMode = 'available';
  script: K8sScript = 'succeed';
  stepMs = 400;
  totalRows = 24_000;
  pendingMs = 0;
  maxReports = 40;
  /** Hostile: the trigger answers a Job of this name instead of the one asked for (a server the client must not follow). */
  createdName?: string;
  jobs: SandboxJob[] = [];
  /** A GMS restart (POST /__sandbox/k8s/restart): until then its ingress answers 503, then connections are reset. */
  restart?: { htmlUntil: number; resetUntil: number };
  /** System-update Jobs with their reindex tasks (k8sSystemUpdate.ts). */
  readonly upgrades = new SystemUpdates();

  reset(): void {
    Object.assign(this, {
      mode: 'available',
      script: 'succeed',
      stepMs: 400,
      totalRows: 24_000,
      pendingMs: 0,
      maxReports: 40,
      createdName: undefined,
      jobs: [],
      restart: undefined,
    });
    this.upgrades.reset();
  }

  /** What a request meets while GMS restarts: the ingress's 503 page first (no ready endpoint), then refused / reset connections. */
  restartGap(now = Date.now()): 'html' | 'reset' | undefined {
    if (!this.restart) return undefined;
    if (now < this.restart.htmlUntil) return 'html';
    if (now < this.restart.resetUntil) return 'reset';
    return undefined;
  }

  /** A Job created another way (kubectl create -f the manifest): watched by name. */
  addJob(name: string, args: string[], labels: Record<string, string> = {}): void {
    this.jobs = this.jobs.filter((j) => j.name !== name);
    this.jobs.push({
      name,
      labels: { ...labels },
      args,
      createdAt: Date.now(),
      script: this.script,
      totalRows: this.totalRows,
      stepMs: this.stepMs,
      pendingMs: this.pendingMs,
      maxReports: this.maxReports,
    });
  }

  /** The Job's pods so far, oldest first: one, or (oomThenSucceed) the killed one and its retry. */
  attempts(job: SandboxJob, now = Date.now()): Attempt[] {
    const first: Attempt = { pod: `${job.name}-${POD_SUFFIXES[0]}`, createdAt: job.createdAt, runFrom: job.createdAt + job.pendingMs };
    if (job.script !== 'oomThenSucceed') return [first];
    // Killed part-way through its batches (a third of the steps).
    first.killedAt = first.runFrom + job.stepMs * Math.max(2, Math.floor(job.maxReports / 3));
    if (now < first.killedAt) return [first];
    return [first, { pod: `${job.name}-${POD_SUFFIXES[1]}`, createdAt: first.killedAt, runFrom: first.killedAt + job.pendingMs }];
  }

  private state(job: SandboxJob, a: Attempt, now = Date.now()) {
    const script = job.script === 'oomThenSucceed' ? 'succeed' : job.script;
    const run = { script, totalRows: job.totalRows, stepMs: job.stepMs, args: job.args, startedAt: a.runFrom, maxReports: job.maxReports };
    return scriptState(run, Math.min(now, a.killedAt ?? now));
  }

  jobObject(job: SandboxJob): Record<string, unknown> {
    const attempts = this.attempts(job);
    const last = attempts[attempts.length - 1];
    const s = this.state(job, last);
    const killed = attempts.filter((a) => a.killedAt !== undefined).length;
    const done = s.done && last.killedAt === undefined;
    const conditions = !done
      ? []
      : s.failed
        ? [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }]
        : [{ type: 'Complete', status: 'True' }];
    return {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: job.name, namespace: NAMESPACE, labels: { ...job.labels }, creationTimestamp: iso(job.createdAt) },
      spec: {
        // DataHub's chart sets none (Kubernetes' default is 6); the scripted retry uses that default.
        backoffLimit: job.script === 'oomThenSucceed' ? 6 : 0,
        template: { spec: { containers: [{ name: CONTAINER, image: IMAGE, args: job.args }], restartPolicy: 'Never' } },
      },
      status: {
        startTime: iso(job.createdAt),
        ...(done ? { completionTime: iso(Date.now()) } : { active: 1 }),
        ...(done && !s.failed ? { succeeded: 1 } : {}),
        ...(killed + (done && s.failed ? 1 : 0) > 0 ? { failed: killed + (done && s.failed ? 1 : 0) } : {}),
        ...(conditions.length ? { conditions } : {}),
      },
    };
  }

  /** Each pod as the Kubernetes API lists it: Pending (ContainerCreating), Running, or ended (OOMKilled / Completed / Error). */
  podObjects(job: SandboxJob, now = Date.now()): Record<string, unknown>[] {
    return this.attempts(job, now).map((a) => {
      const s = this.state(job, a, now);
      const pending = now < a.runFrom;
      const killed = a.killedAt !== undefined && now >= a.killedAt;
      const phase = pending ? 'Pending' : killed ? 'Failed' : s.done ? (s.failed ? 'Failed' : 'Succeeded') : 'Running';
      const state = pending
        ? { waiting: { reason: 'ContainerCreating' } }
        : killed
          ? { terminated: { reason: 'OOMKilled', exitCode: 137, startedAt: iso(a.runFrom), finishedAt: iso(a.killedAt ?? now) } }
          : s.done
            ? { terminated: { reason: s.failed ? 'Error' : 'Completed', exitCode: s.failed ? 1 : 0, startedAt: iso(a.runFrom) } }
            : { running: { startedAt: iso(a.runFrom) } };
      return {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: a.pod,
          namespace: NAMESPACE,
          creationTimestamp: iso(a.createdAt),
          labels: { 'job-name': job.name, 'batch.kubernetes.io/job-name': job.name, 'controller-uid': `uid-${job.name}` },
        },
        spec: { containers: [{ name: CONTAINER, image: IMAGE }] },
        status: {
          phase,
          startTime: iso(a.createdAt),
          containerStatuses: [{ name: CONTAINER, image: IMAGE, ready: phase === 'Running', restartCount: 0, state }],
        },
      };
    });
  }

  /** The pod's log: undefined when no such pod, 'waiting' before its container started. */
  log(pod: string, sinceSeconds?: number, now = Date.now()): string | 'waiting' | undefined {
    for (const job of this.jobs) {
      const a = this.attempts(job, now).find((x) => x.pod === pod);
      if (!a) continue;
      if (now < a.runFrom) return 'waiting';
      const s = this.state(job, a, now);
      return asLog(s.lines, a.runFrom, s.at, sinceSeconds === undefined ? undefined : now - sinceSeconds * 1000);
    }
    return undefined;
  }
}

function page(query: URLSearchParams, items: unknown[]): Reply {
  const start = Math.max(0, Number(query.get('start') ?? 0) || 0);
  const count = Math.max(0, Number(query.get('count') ?? 10) || 10);
  const s = Math.min(start, items.length);
  const elements = items.slice(s, Math.min(s + count, items.length));
  return json({ elements, start: s, count: elements.length, total: items.length });
}

export function k8sEndpoint(path: string): string | null {
  if (path !== K8S_OPERATIONS && !path.startsWith(`${K8S_OPERATIONS}/`)) return null;
  return path.slice(K8S_OPERATIONS.length + 1).replace(/\/+$/, '');
}

/** The action name a k8s request is recorded under. */
export function k8sAction(endpoint: string): string {
  if (endpoint === 'status') return 'k8sStatus';
  if (/^cronjobs\/[^/]+\/trigger$/.test(endpoint)) return 'k8sTrigger';
  if (/^pods\/[^/]+\/logs$/.test(endpoint)) return 'k8sLogs';
  return 'k8sList';
}

export function handleK8s(cluster: K8sCluster, method: string, endpoint: string, path: string, query: URLSearchParams, body: unknown, caller: Caller): Reply {
  if (cluster.mode === 'off') return springError(404, path);
  if (!caller.privileges.includes('MANAGE_SYSTEM_OPERATIONS_PRIVILEGE')) {
    return json({ error: `urn:li:corpuser:${caller.tokenName ?? 'datahub'} is not authorized for Kubernetes operations` }, 403);
  }
  if (endpoint === 'status' && method === 'GET') {
    return json(
      cluster.mode === 'available' ? { available: true, namespace: NAMESPACE } : { available: false, reason: 'Not running in Kubernetes environment' },
    );
  }
  if (cluster.mode === 'unavailable') return json({ error: 'Kubernetes integration not available' }, 503);
  const trigger = /^cronjobs\/([^/]+)\/trigger$/.exec(endpoint);
  const logs = /^pods\/([^/]+)\/logs$/.exec(endpoint);
  if (method === 'GET' && endpoint === 'cronjobs') {
    return page(
      query,
      CRONJOBS.map((name) => {
        // The risky profile: the restore CronJob every minute (the Helm chart's issues 329 and 457), one time bound only (DataHub issue 18849).
        const risky = name === RESTORE_CRONJOB && cluster.upgrades.settings === 'risky';
        const args = risky ? ['-u', 'RestoreIndices', '-a', 'gePitEpochMs=1767225600000'] : ['-u', 'RestoreIndices'];
        return {
          metadata: { name, namespace: NAMESPACE },
          spec: {
            schedule: risky ? '* * * * *' : '0 0 * * *',
            suspend: !risky,
            jobTemplate: { spec: { template: { spec: { containers: [{ name: CONTAINER, image: IMAGE, args }] } } } },
          },
        };
      }),
    );
  }
  if (method === 'GET' && endpoint === 'jobs') return page(query, [...cluster.jobs.map((j) => cluster.jobObject(j)), ...cluster.upgrades.jobObjects()]);
  if (method === 'GET' && endpoint === 'pods') return page(query, [...cluster.jobs.flatMap((j) => cluster.podObjects(j)), ...cluster.upgrades.podObjects()]);
  if (method === 'POST' && trigger) {
    const name = decodeURIComponent(trigger[1]);
    const b = (body ?? {}) as { jobName?: unknown; args?: unknown };
    if (typeof b.jobName !== 'string' || b.jobName.trim() === '') return json({ error: 'Job name is required' }, 400);
    if (!CRONJOBS.includes(name)) return json({ error: `CronJob not found: ${name}` }, 404);
    // The Kubernetes API refuses a second Job of one name: the client's exception is a 500 there.
    if (cluster.jobs.some((j) => j.name === b.jobName))
      return textAs(500, `Failure executing: POST ... Message: jobs.batch "${b.jobName}" already exists.`, 'text/plain');
    const args = Array.isArray(b.args) && b.args.length > 0 && b.args.every((a) => typeof a === 'string') ? (b.args as string[]) : ['-u', 'RestoreIndices'];
    cluster.addJob(b.jobName, args, { 'app.kubernetes.io/created-by': 'datahub-k8s-controller', 'app.kubernetes.io/triggered-from': name });
    const job = cluster.jobs[cluster.jobs.length - 1];
    const created = cluster.jobObject(job);
    if (cluster.createdName !== undefined) (created.metadata as Record<string, unknown>).name = cluster.createdName;
    return json(created, 201);
  }
  if (method === 'GET' && logs) {
    const name = decodeURIComponent(logs[1]);
    // KubernetesController.getPodLogs: sinceSeconds passed to the client when above 0; the whole answer then cut to limitBytes.
    const since = Number(query.get('sinceSeconds') ?? 0);
    const text = cluster.log(name, Number.isInteger(since) && since > 0 ? since : undefined) ?? cluster.upgrades.log(name);
    if (text === undefined) return textAs(404, `Pod not found: ${name}`, 'text/plain');
    if (text === 'waiting') return textAs(500, waitingLogText(name), 'text/plain;charset=UTF-8');
    const limit = Math.min(Math.max(Number(query.get('limitBytes') ?? 524288) || 524288, 1024), 1024 * 1024);
    return textAs(200, text.length > limit ? `[truncated...]\n${text.slice(text.length - limit)}` : text, 'text/plain;charset=UTF-8');
  }
  return springError(method === 'GET' || method === 'POST' ? 404 : 405, path);
}

export { jobArgs };
