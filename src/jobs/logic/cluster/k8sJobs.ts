// What a Job's watch reads from the Kubernetes lists (KubernetesController.java): its newest pod
// (a retried Job has several; the pod carries the job-name label) and its status counts and
// failure condition. Shared by the RestoreIndices and the system-update watches.
import type { K8sJob, K8sPod } from '../../../gms/k8sTypes';

/** A Job's pods, oldest first (one per attempt: Kubernetes makes a new pod, of a new name, for each retry). */
export function podsOf(pods: readonly K8sPod[], job: string): K8sPod[] {
  return pods
    .filter((p) => p.labels['job-name'] === job || p.labels['batch.kubernetes.io/job-name'] === job)
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.name.localeCompare(b.name));
}

/** The newest pod of a Job. */
export function podOf(pods: readonly K8sPod[], job: string): K8sPod | undefined {
  const mine = podsOf(pods, job);
  return mine[mine.length - 1];
}

/**
 * The Job's counts and, when it ended, its conditions: Complete, or Failed with Kubernetes' reason
 * (BackoffLimitExceeded, DeadlineExceeded). A Job with backoffLimit > 0 has failed pods while it goes on:
 * only the Failed condition (or no pod left to try) makes it failed.
 */
export function statusView(job: K8sJob) {
  const failed = job.conditions.find((c) => c.type === 'Failed' && c.status === 'True');
  const complete = job.conditions.some((c) => c.type === 'Complete' && c.status === 'True');
  // Without conditions (an older listing), a failed pod ends the Job only when no retry is allowed.
  const retries = job.backoffLimit ?? 0;
  const ended = failed !== undefined || (job.conditions.length === 0 && job.active === 0 && job.failed > retries);
  return {
    active: failed || complete ? 0 : job.active,
    succeeded: complete ? Math.max(1, job.succeeded) : job.succeeded,
    failed: ended ? Math.max(1, job.failed) : 0,
    ...(failed ? { failedReason: [failed.reason, failed.message].filter(Boolean).join(': ') } : {}),
  };
}
