// One poll's reading of a watched Kubernetes Job through GMS (KubernetesController.java):
// the Job as `k8s/jobs` lists it, its newest pod, and that pod's log (last 1 MB), written
// to the watch's output channel when it changed. Shared by the RestoreIndices and the
// system-update watches.
import type { K8sJob, KubernetesOperations } from '../../gms/k8sTypes';
import { podOf } from '../logic/cluster/k8sJobs';

/** The pod log read per poll: the end of a long log (the controller starts it with "[truncated...]"). */
const LOG_LIMIT = 1024 * 1024;

export interface WatchedLog {
  readonly name: string;
  pod?: string;
  logText: string;
  readonly channel: { replace(value: string): void };
}

/** `listed` runs once the Job is found, before its log is read (a watch that starts over clears what it kept). */
export async function readJobAndLog(k8s: KubernetesOperations, watched: WatchedLog, listed?: (job: K8sJob) => void): Promise<K8sJob> {
  const [jobs, pods] = await Promise.all([k8s.listAll('jobs'), k8s.listAll('pods')]);
  const found = jobs.find((j) => j.name === watched.name);
  if (!found) throw new Error(`Job ${watched.name} is not in GMS's namespace (GET k8s/jobs does not list it); check the name.`);
  listed?.(found);
  const pod = podOf(pods, watched.name);
  watched.pod = pod?.name;
  if (pod) {
    const text = await k8s.podLogs({ pod: pod.name, limitBytes: LOG_LIMIT });
    if (text !== watched.logText) {
      watched.logText = text;
      watched.channel.replace(text);
    }
  }
  return found;
}
