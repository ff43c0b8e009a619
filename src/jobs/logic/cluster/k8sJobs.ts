// What a Job's watch reads from the Kubernetes lists (KubernetesController.java): its newest pod
// (a retried Job has several; the pod carries the job-name label) and its status counts and
// failure condition. Shared by the RestoreIndices and the system-update watches.
import type { K8sJob, K8sPod } from '../../../gms/k8sTypes';

/** The newest pod of a Job. */
export function podOf(pods: K8sPod[], job: string): K8sPod | undefined {
  return pods
    .filter((p) => p.labels['job-name'] === job || p.labels['batch.kubernetes.io/job-name'] === job)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))[0];
}

/** The Job's counts and, when it failed, the reason Kubernetes gives. */
export function statusView(job: K8sJob) {
  const failed = job.conditions.find((c) => c.type === 'Failed' && c.status === 'True');
  return {
    active: job.active,
    succeeded: job.succeeded,
    failed: job.failed,
    ...(failed ? { failedReason: [failed.reason, failed.message].filter(Boolean).join(': ') } : {}),
  };
}
