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
}

export class K8sCluster {
  mode: K8sMode = 'available';
  script: K8sScript = 'succeed';
  stepMs = 400;
  totalRows = 24_000;
  jobs: SandboxJob[] = [];
  /** System-update Jobs with their reindex tasks (k8sSystemUpdate.ts). */
  readonly upgrades = new SystemUpdates();

  reset(): void {
    Object.assign(this, { mode: 'available', script: 'succeed', stepMs: 400, totalRows: 24_000, jobs: [] });
    this.upgrades.reset();
  }

  /** A Job created another way (kubectl create -f the manifest): watched by name. */
  addJob(name: string, args: string[], labels: Record<string, string> = {}): void {
    this.jobs = this.jobs.filter((j) => j.name !== name);
    this.jobs.push({ name, labels: { ...labels }, args, createdAt: Date.now(), script: this.script, totalRows: this.totalRows, stepMs: this.stepMs });
  }

  private state(job: SandboxJob, now = Date.now()) {
    return scriptState({ script: job.script, totalRows: job.totalRows, stepMs: job.stepMs, args: job.args, startedAt: job.createdAt }, now);
  }

  jobObject(job: SandboxJob): Record<string, unknown> {
    const s = this.state(job);
    const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const conditions = !s.done
      ? []
      : s.failed
        ? [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }]
        : [{ type: 'Complete', status: 'True' }];
    return {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: job.name, namespace: NAMESPACE, labels: { ...job.labels }, creationTimestamp: iso(job.createdAt) },
      spec: { backoffLimit: 0, template: { spec: { containers: [{ name: CONTAINER, image: IMAGE, args: job.args }], restartPolicy: 'Never' } } },
      status: {
        startTime: iso(job.createdAt),
        ...(s.done ? { completionTime: iso(Date.now()) } : { active: 1 }),
        ...(s.done ? (s.failed ? { failed: 1 } : { succeeded: 1 }) : {}),
        ...(conditions.length ? { conditions } : {}),
      },
    };
  }

  podName(job: SandboxJob): string {
    return `${job.name}-x7k2p`;
  }

  podObject(job: SandboxJob): Record<string, unknown> {
    const s = this.state(job);
    const phase = s.done ? (s.failed ? 'Failed' : 'Succeeded') : 'Running';
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: this.podName(job), namespace: NAMESPACE, labels: { 'job-name': job.name, 'batch.kubernetes.io/job-name': job.name } },
      spec: { containers: [{ name: CONTAINER, image: IMAGE }] },
      status: { phase },
    };
  }

  log(job: SandboxJob): string {
    return asLog(this.state(job).lines, job.createdAt);
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
      CRONJOBS.map((name) => ({
        metadata: { name, namespace: NAMESPACE },
        spec: {
          schedule: '0 0 * * *',
          suspend: true,
          jobTemplate: { spec: { template: { spec: { containers: [{ name: CONTAINER, image: IMAGE, args: ['-u', 'RestoreIndices'] }] } } } },
        },
      })),
    );
  }
  if (method === 'GET' && endpoint === 'jobs') return page(query, [...cluster.jobs.map((j) => cluster.jobObject(j)), ...cluster.upgrades.jobObjects()]);
  if (method === 'GET' && endpoint === 'pods') return page(query, [...cluster.jobs.map((j) => cluster.podObject(j)), ...cluster.upgrades.podObjects()]);
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
    return json(cluster.jobObject(job), 201);
  }
  if (method === 'GET' && logs) {
    const name = decodeURIComponent(logs[1]);
    const job = cluster.jobs.find((j) => cluster.podName(j) === name);
    const upgradeLog = job ? undefined : cluster.upgrades.log(name);
    if (!job && upgradeLog === undefined) return textAs(404, `Pod not found: ${name}`, 'text/plain');
    const limit = Math.min(Math.max(Number(query.get('limitBytes') ?? 524288) || 524288, 1024), 1024 * 1024);
    const text = job ? cluster.log(job) : (upgradeLog as string);
    return textAs(200, text.length > limit ? `[truncated...]\n${text.slice(text.length - limit)}` : text, 'text/plain;charset=UTF-8');
  }
  return springError(method === 'GET' || method === 'POST' ? 404 : 405, path);
}

export { jobArgs };
