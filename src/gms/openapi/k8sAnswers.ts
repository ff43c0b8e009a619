// The answers of DataHub's Kubernetes operations (KubernetesController.java under
// metadata-service/openapi-servlet/.../operations/k8/): K8sStatusResponse.java for the
// status, PaginatedResponse {elements, start, count, total} for the lists, the created
// Job (201) for a trigger, plain text for a pod's log. The Kubernetes objects pass through
// the controller's own object mapper: only the fields read here are checked.
import * as z from 'zod/v4/mini';
import { invalidResponse } from '../errorMapping';
import type { K8sContainerState, K8sCronJob, K8sJob, K8sJobCondition, K8sPage, K8sPod, K8sStatus } from '../k8sTypes';
import type { GmsAction } from '../types';
import { jsonObject } from './openapiSchemas';

const statusSchema = z.object({ available: z.boolean(), namespace: z.nullish(z.string()), reason: z.nullish(z.string()) });

const pageSchema = z.object({
  elements: z.array(jsonObject),
  start: z.nullish(z.number()),
  count: z.nullish(z.number()),
  total: z.nullish(z.number()),
});

const conditionSchema = z.object({ type: z.string(), status: z.string(), reason: z.nullish(z.string()), message: z.nullish(z.string()) });

const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function labelsOf(metadata: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(metadata.labels))) if (typeof v === 'string') out[k] = v;
  return out;
}

function firstContainer(spec: Record<string, unknown>): Record<string, unknown> {
  const containers = obj(obj(spec.template).spec).containers;
  return Array.isArray(containers) ? obj(containers[0]) : {};
}

function nameOf(action: GmsAction, o: Record<string, unknown>, raw: string): string {
  const name = str(obj(o.metadata).name);
  if (!name) throw invalidResponse(action, 'a Kubernetes object without metadata.name', raw);
  return name;
}

export function parseK8sStatus(value: unknown, raw: string): K8sStatus {
  const parsed = statusSchema.safeParse(value);
  if (!parsed.success) throw invalidResponse('k8sStatus', 'expected {available, namespace | reason}', raw);
  const { available, namespace, reason } = parsed.data;
  return { available, ...(namespace ? { namespace } : {}), ...(reason ? { reason } : {}) };
}

export function parseK8sJob(action: GmsAction, o: Record<string, unknown>, raw: string): K8sJob {
  const metadata = obj(o.metadata);
  const status = obj(o.status);
  const conditions: K8sJobCondition[] = [];
  for (const c of Array.isArray(status.conditions) ? status.conditions : []) {
    const parsed = conditionSchema.safeParse(c);
    if (parsed.success) {
      const { type, status: s, reason, message } = parsed.data;
      conditions.push({ type, status: s, ...(reason ? { reason } : {}), ...(message ? { message } : {}) });
    }
  }
  const args = firstContainer(obj(o.spec)).args;
  const deadline = obj(o.spec).activeDeadlineSeconds;
  const backoff = obj(o.spec).backoffLimit;
  return {
    name: nameOf(action, o, raw),
    labels: labelsOf(metadata),
    ...(str(metadata.creationTimestamp) ? { createdAt: str(metadata.creationTimestamp) } : {}),
    active: num(status.active),
    succeeded: num(status.succeeded),
    failed: num(status.failed),
    ...(str(status.startTime) ? { startTime: str(status.startTime) } : {}),
    ...(str(status.completionTime) ? { completionTime: str(status.completionTime) } : {}),
    conditions,
    ...(Array.isArray(args) && args.every((a) => typeof a === 'string') ? { args: args as string[] } : {}),
    ...(typeof deadline === 'number' && Number.isInteger(deadline) && deadline > 0 ? { activeDeadlineSeconds: deadline } : {}),
    ...(typeof backoff === 'number' && Number.isInteger(backoff) && backoff >= 0 && backoff <= 10_000 ? { backoffLimit: backoff } : {}),
  };
}

function parseCronJob(o: Record<string, unknown>, raw: string): K8sCronJob {
  const spec = obj(o.spec);
  const container = firstContainer(obj(obj(spec.jobTemplate).spec));
  const image = str(container.image);
  const args = container.args;
  return {
    name: nameOf('k8sList', o, raw),
    ...(str(spec.schedule) ? { schedule: str(spec.schedule) } : {}),
    ...(typeof spec.suspend === 'boolean' ? { suspend: spec.suspend } : {}),
    ...(image ? { image } : {}),
    ...(Array.isArray(args) && args.every((a) => typeof a === 'string') ? { args: (args as string[]).slice(0, 200) } : {}),
  };
}

/** Server text kept short: a reason is a word, a message a line. */
const short = (v: unknown, max: number): string | undefined => {
  const s = str(v);
  return s === undefined ? undefined : s.length > max ? `${s.slice(0, max)}…` : s;
};

/** The first container's state (V1ContainerState: exactly one of waiting, running, terminated). */
function containerState(status: Record<string, unknown>): K8sContainerState | undefined {
  const statuses = status.containerStatuses;
  const state = obj(Array.isArray(statuses) ? obj(statuses[0]).state : undefined);
  const waiting = obj(state.waiting);
  const terminated = obj(state.terminated);
  if (state.terminated !== undefined && state.terminated !== null) {
    const exit = terminated.exitCode;
    return {
      state: 'terminated',
      ...(short(terminated.reason, 60) ? { reason: short(terminated.reason, 60) } : {}),
      ...(typeof exit === 'number' && Number.isInteger(exit) ? { exitCode: exit } : {}),
      ...(str(terminated.startedAt) ? { startedAt: str(terminated.startedAt) } : {}),
      ...(str(terminated.finishedAt) ? { finishedAt: str(terminated.finishedAt) } : {}),
    };
  }
  if (state.waiting !== undefined && state.waiting !== null) {
    return {
      state: 'waiting',
      ...(short(waiting.reason, 60) ? { reason: short(waiting.reason, 60) } : {}),
      ...(short(waiting.message, 300) ? { message: short(waiting.message, 300) } : {}),
    };
  }
  if (state.running !== undefined && state.running !== null)
    return { state: 'running', ...(str(obj(state.running).startedAt) ? { startedAt: str(obj(state.running).startedAt) } : {}) };
  return undefined;
}

function parsePod(o: Record<string, unknown>, raw: string): K8sPod {
  const metadata = obj(o.metadata);
  const status = obj(o.status);
  const phase = str(status.phase);
  const created = str(metadata.creationTimestamp);
  const reason = short(status.reason, 60);
  const container = containerState(status);
  return {
    name: nameOf('k8sList', o, raw),
    labels: labelsOf(metadata),
    ...(phase ? { phase } : {}),
    ...(created ? { createdAt: created } : {}),
    ...(reason ? { reason } : {}),
    ...(container ? { container } : {}),
  };
}

const ELEMENT = {
  cronjobs: parseCronJob,
  jobs: (o: Record<string, unknown>, raw: string) => parseK8sJob('k8sList', o, raw),
  pods: parsePod,
} as const;

export function parseK8sPage<K extends keyof typeof ELEMENT>(kind: K, value: unknown, raw: string): K8sPage<ReturnType<(typeof ELEMENT)[K]>> {
  const parsed = pageSchema.safeParse(value);
  if (!parsed.success) throw invalidResponse('k8sList', `expected a page {elements, start, count, total} of ${kind}`, raw);
  const elements = parsed.data.elements.map((e) => ELEMENT[kind](e, raw) as ReturnType<(typeof ELEMENT)[K]>);
  return { elements, start: parsed.data.start ?? 0, count: parsed.data.count ?? elements.length, total: parsed.data.total ?? elements.length };
}
