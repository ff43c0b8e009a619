// DataHub's Kubernetes operations at {gms}/openapi/operations/k8/ (KubernetesController.java,
// @RequestMapping("/openapi/operations/k8"), MANAGE_SYSTEM_OPERATIONS): the status, the lists,
// a CronJob's trigger and a pod's log. Over the same wire as the other operations: timeouts,
// size cap, redaction; reads are retried, the trigger never is.
import type { Answer } from '../http';
import { GmsError } from '../errors';
import { K8S_JOB_NAME, K8S_NAME, type K8sListed, type K8sPage, type KubernetesOperations } from '../k8sTypes';
import type { GmsAction } from '../types';
import type { WireContext } from '../wire';
import { createOpenapiCaller } from './call';
import { readJson } from './answers';
import { k8sHttpError } from './k8sErrors';
import { parseK8sJob, parseK8sPage, parseK8sStatus } from './k8sAnswers';
import type { Query } from './requests';

export const K8S_OPERATIONS_PATH = '/openapi/operations/k8';
/** The controller's page size is free; 100 keeps one answer small. */
const PAGE = 100;
const MAX_ARGS = 200;
/** A log answer is at most limitBytes (1 MiB) and "[truncated...]": a little over that is the cap, not the client's 64 MiB. */
export const LOG_ANSWER_CAP = Math.round(1.1 * 1024 * 1024);

function invalid(field: string, message: string, action: GmsAction): GmsError {
  return new GmsError({ kind: 'invalidInput', field, action, message: `${field}: ${message}` });
}

function checkName(value: unknown, field: string, action: GmsAction, rule = K8S_NAME): string {
  if (typeof value !== 'string' || !rule.test(value)) {
    throw invalid(
      field,
      `expected a Kubernetes object name (lowercase letters, digits and "-", at most ${rule === K8S_JOB_NAME ? 63 : 253}), got ${JSON.stringify(value)}`,
      action,
    );
  }
  return value;
}

function pageQuery(page: { start?: number; count?: number } | undefined): Query {
  const start = page?.start ?? 0;
  const count = page?.count ?? PAGE;
  if (!Number.isInteger(start) || start < 0) throw invalid('start', 'a whole number, 0 or more', 'k8sList');
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw invalid('count', 'a whole number from 1 to 1000', 'k8sList');
  return [
    ['start', String(start)],
    ['count', String(count)],
  ];
}

export function createK8sOperations(ctx: WireContext): KubernetesOperations {
  // The log names the endpoint kind, not the object names in the path (the caller's rule).
  const call = createOpenapiCaller(ctx, K8S_OPERATIONS_PATH, k8sHttpError);

  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);

  function list<K extends keyof K8sListed>(
    kind: K,
    page: { start?: number; count?: number } | undefined,
    signal?: AbortSignal,
  ): Promise<K8sPage<K8sListed[K]>> {
    const query = pageQuery(page);
    const parse = (a: Answer) => parseK8sPage(kind, json('k8sList', a), a.text) as K8sPage<K8sListed[K]>;
    return call({ action: 'k8sList', endpoint: kind, method: 'GET', query, readOnly: true, parse }, signal);
  }

  return {
    status(signal) {
      return call(
        { action: 'k8sStatus', endpoint: 'status', method: 'GET', readOnly: true, parse: (a) => parseK8sStatus(json('k8sStatus', a), a.text) },
        signal,
      );
    },
    listCronJobs: (page, signal) => list('cronjobs', page, signal),
    listJobs: (page, signal) => list('jobs', page, signal),
    listPods: (page, signal) => list('pods', page, signal),
    async listAll(kind, signal, max = 2000) {
      const out: K8sListed[typeof kind][] = [];
      for (let start = 0; out.length < max;) {
        const page = await list(kind, { start, count: PAGE }, signal);
        out.push(...page.elements);
        start += page.elements.length;
        if (page.elements.length === 0 || start >= page.total) break;
      }
      return out;
    },
    async triggerCronJob(request, signal) {
      const action: GmsAction = 'k8sTrigger';
      const cronJob = checkName(request.cronJob, 'cronJob', action);
      const jobName = checkName(request.jobName, 'jobName', action, K8S_JOB_NAME);
      const body: Record<string, unknown> = { jobName };
      if (request.containerName !== undefined) body.containerName = checkName(request.containerName, 'containerName', action);
      if (request.args !== undefined) {
        if (!Array.isArray(request.args) || request.args.length === 0 || request.args.length > MAX_ARGS || !request.args.every((a) => typeof a === 'string')) {
          throw invalid('args', `a non-empty list of at most ${MAX_ARGS} strings`, action);
        }
        body.args = [...request.args];
      }
      const parse = (a: Answer) => parseK8sJob(action, json(action, a) as Record<string, unknown>, a.text);
      const write = { targets: [`${cronJob} → ${jobName}`] };
      return call({ action, endpoint: `cronjobs/${encodeURIComponent(cronJob)}/trigger`, method: 'POST', body, readOnly: false, write, parse }, signal);
    },
    async podLogs(request, signal) {
      const action: GmsAction = 'k8sLogs';
      const pod = checkName(request.pod, 'pod', action);
      const query: Query = [];
      if (request.container !== undefined) query.push(['container', checkName(request.container, 'container', action)]);
      if (request.sinceSeconds !== undefined) {
        if (!Number.isInteger(request.sinceSeconds) || request.sinceSeconds < 1) throw invalid('sinceSeconds', 'a whole number of seconds, 1 or more', action);
        query.push(['sinceSeconds', String(request.sinceSeconds)]);
      }
      if (request.limitBytes !== undefined) {
        if (!Number.isInteger(request.limitBytes) || request.limitBytes < 1024 || request.limitBytes > 1024 * 1024) {
          throw invalid('limitBytes', 'a whole number of bytes from 1024 to 1048576', action);
        }
        query.push(['limitBytes', String(request.limitBytes)]);
      }
      return call(
        {
          action,
          endpoint: `pods/${encodeURIComponent(pod)}/logs`,
          method: 'GET',
          query,
          readOnly: true,
          accept: 'text/plain',
          maxResponseBytes: LOG_ANSWER_CAP,
          parse: (a) => a.text,
        },
        signal,
      );
    },
  };
}
