// What the client offers of DataHub's Kubernetes operations (/openapi/operations/k8/,
// KubernetesController.java in metadata-service/openapi-servlet/.../operations/k8/): the
// status, the lists of CronJobs, Jobs and pods, triggering a CronJob with overridden
// arguments, and a pod's log. Only newer DataHub servers running in Kubernetes have them.

/** GET k8s/status (K8sStatusResponse.java): available with the namespace, or not with the reason. */
export interface K8sStatus {
  available: boolean;
  namespace?: string;
  reason?: string;
}

/** The condition of a Kubernetes Job, as its status reports it. */
export interface K8sJobCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

/** A Job, as much of it as the watch reads (the controller's object mapper strips the rest). */
export interface K8sJob {
  name: string;
  labels: Record<string, string>;
  createdAt?: string;
  /** status.active / succeeded / failed pod counts. */
  active: number;
  succeeded: number;
  failed: number;
  startTime?: string;
  completionTime?: string;
  conditions: K8sJobCondition[];
  /** The container's args, when the answer carries the pod template. */
  args?: string[];
  /** spec.activeDeadlineSeconds: Kubernetes ends the Job (DeadlineExceeded) after this long, when set. */
  activeDeadlineSeconds?: number;
  /** spec.backoffLimit: failed pods Kubernetes replaces before the Job fails (its default 6), when listed. */
  backoffLimit?: number;
}

export interface K8sCronJob {
  name: string;
  schedule?: string;
  suspend?: boolean;
  /** The first container's image, when given. */
  image?: string;
  /** The first container's args in the Job template (`-u RestoreIndices -a …`), when given. */
  args?: string[];
}

export interface K8sPod {
  name: string;
  labels: Record<string, string>;
  /** Pending, Running, Succeeded, Failed, Unknown. */
  phase?: string;
  createdAt?: string;
  /** status.reason of the pod itself (Evicted, NodeLost…), when given. */
  reason?: string;
  /** The first container's state: waiting (ContainerCreating, ErrImagePull…), running, or terminated (OOMKilled, Error, Completed). */
  container?: K8sContainerState;
}

export type K8sContainerState =
  | { state: 'waiting'; reason?: string; message?: string }
  | { state: 'running'; startedAt?: string }
  | { state: 'terminated'; reason?: string; exitCode?: number; startedAt?: string; finishedAt?: string };

/** One page of a list ({elements, start, count, total}, PaginatedResponse.java). */
export interface K8sPage<T> {
  elements: T[];
  start: number;
  count: number;
  total: number;
}

/** POST cronjobs/{name}/trigger (CronJobTriggerRequest.java): jobName required, the rest override the template. */
export interface K8sTriggerRequest {
  cronJob: string;
  jobName: string;
  containerName?: string;
  args?: string[];
}

export interface K8sLogRequest {
  pod: string;
  container?: string;
  sinceSeconds?: number;
  /** 1 KB to 1 MB (the server clamps); default 512 KB. */
  limitBytes?: number;
}

export interface KubernetesOperations {
  status(signal?: AbortSignal): Promise<K8sStatus>;
  listCronJobs(page?: { start?: number; count?: number }, signal?: AbortSignal): Promise<K8sPage<K8sCronJob>>;
  listJobs(page?: { start?: number; count?: number }, signal?: AbortSignal): Promise<K8sPage<K8sJob>>;
  listPods(page?: { start?: number; count?: number }, signal?: AbortSignal): Promise<K8sPage<K8sPod>>;
  /** Every element of a list, page by page (at most `max`). */
  listAll<K extends 'cronjobs' | 'jobs' | 'pods'>(kind: K, signal?: AbortSignal, max?: number): Promise<K8sListed[K][]>;
  /** Creates a Job from the CronJob's template with the overrides; answers the created Job. Never retried. */
  triggerCronJob(request: K8sTriggerRequest, signal?: AbortSignal): Promise<K8sJob>;
  /** The pod's log as text; a longer log starts with "[truncated...]". */
  podLogs(request: K8sLogRequest, signal?: AbortSignal): Promise<string>;
}

export interface K8sListed {
  cronjobs: K8sCronJob;
  jobs: K8sJob;
  pods: K8sPod;
}

/** The Kubernetes object names the trigger and the log take: DNS-1123 labels/subdomains. */
export const K8S_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
/** A Job's name becomes its pods' label value: at most 63 characters. */
export const K8S_JOB_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** What each Kubernetes action does, in words for messages. */
export const K8S_WHAT = {
  k8sStatus: "reading the server's Kubernetes status",
  k8sList: 'listing Kubernetes objects',
  k8sTrigger: 'triggering a Kubernetes CronJob',
  k8sLogs: "reading a pod's log",
} as const;
