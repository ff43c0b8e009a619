// One poll's reading of a watched Kubernetes Job through GMS (KubernetesController.java):
// the Job as `k8s/jobs` lists it, its newest pod (a retried Job has one pod per attempt, each
// with the job-name label), whether that pod has started, and what is new in its log
// (logic/cluster/logFollow.ts), appended to the watch's output channel (capped, saying so).
// Shared by the RestoreIndices and the system-update watches.
import { isGmsError } from '../../gms/errors';
import type { K8sJob, K8sPod, KubernetesOperations } from '../../gms/k8sTypes';
import { podsOf } from '../logic/cluster/k8sJobs';
import { LogFollower } from '../logic/cluster/logFollow';

/** The output channel keeps at most this much of a job's log; then it starts over, saying so. */
export const CHANNEL_CAP_CHARS = 8 * 1024 * 1024;

export interface LogChannel {
  append(value: string): void;
  clear(): void;
  dispose(): void;
}

/** What a watch keeps between polls to read a Job's log. */
export class WatchedLog {
  readonly follower = new LogFollower();
  private channelChars = 0;
  /** Closed by Stop Watching or the watch's end: a read still in flight then writes nowhere. */
  private closed = false;

  constructor(
    readonly name: string,
    readonly channel: LogChannel,
  ) {}

  /** Appends to the channel; past the cap the channel starts over with a line that says so. */
  write(text: string): void {
    if (text === '' || this.closed) return;
    if (this.channelChars + text.length > CHANNEL_CAP_CHARS) {
      this.channel.clear();
      this.channelChars = 0;
      this.write(
        `[The log of Job ${this.name} shown here passed ${CHANNEL_CAP_CHARS / 1024 / 1024} MB: the earlier lines were dropped. kubectl logs job/${this.name} has them all.]\n`,
      );
    }
    this.channel.append(text);
    this.channelChars += text.length;
  }

  /** Disposes the channel; later writes (a poll that was already reading) are dropped. */
  close(): void {
    this.closed = true;
    this.channel.dispose();
  }

  /** Forgets the log read (the Job was created again under the same name). */
  restart(): void {
    this.follower.pod = undefined;
    if (this.closed) return;
    this.channel.clear();
    this.channelChars = 0;
  }
}

/** What both watches keep per job to stop its polls: the timer, the chain's number, who waits for its end. */
export interface PollChain<S> {
  timer?: ReturnType<typeof setTimeout>;
  watching: boolean;
  generation: number;
  readonly ended: Array<(s: S) => void>;
  snapshot(): S;
}

/** Ends a job's chain of polls: no poll runs after this, and whoever waits for the end gets the last snapshot. */
export function endPolls<S>(job: PollChain<S>): void {
  clearTimeout(job.timer);
  job.watching = false;
  job.generation++;
  for (const resolve of job.ended.splice(0)) resolve(job.snapshot());
}

export interface JobReading {
  job: K8sJob;
  pod?: K8sPod;
  /** 1 for the first pod; 2 and on for Kubernetes' retries. */
  attempt: number;
  /** backoffLimit + 1, when the Job lists its backoffLimit. */
  maxAttempts?: number;
  /** Why the pod before this one ended (OOMKilled, exit 137), for a retried Job. */
  previousEnd?: string;
  /** The pod has not started: the reason Kubernetes gives (ContainerCreating, ErrImagePull…) and since when. */
  starting?: { reason: string; since?: string };
  /** This read moved on to a new pod (a retry): what was read of the old one no longer counts. */
  newPod: boolean;
  /** The log lines not seen before. */
  lines: string[];
}

/** Why a pod ended, in Kubernetes' words: "OOMKilled (exit 137)", "Evicted". */
export function podEnd(pod: K8sPod | undefined): string | undefined {
  if (!pod) return undefined;
  const c = pod.container;
  if (c?.state === 'terminated') return `${c.reason ?? 'terminated'}${c.exitCode !== undefined ? ` (exit ${c.exitCode})` : ''}`;
  if (pod.reason) return pod.reason;
  return pod.phase === 'Failed' ? 'Failed' : undefined;
}

function notStarted(pod: K8sPod): { reason: string; since?: string } | undefined {
  const c = pod.container;
  if (c?.state === 'waiting') return { reason: c.reason ?? 'waiting', ...(pod.createdAt ? { since: pod.createdAt } : {}) };
  if (pod.phase === 'Pending') return { reason: pod.reason ?? 'Pending', ...(pod.createdAt ? { since: pod.createdAt } : {}) };
  return undefined;
}

/** Reads the Job, its newest pod and the new part of its log. `listed` runs once the Job is found, before its log is read. */
export async function readJobAndLog(
  k8s: KubernetesOperations,
  watched: WatchedLog,
  now: number,
  listed?: (job: K8sJob) => void,
  signal?: AbortSignal,
): Promise<JobReading> {
  const [jobs, pods] = await Promise.all([k8s.listAll('jobs', signal), k8s.listAll('pods', signal)]);
  const job = jobs.find((j) => j.name === watched.name);
  if (!job) throw new Error(`Job ${watched.name} is not in GMS's namespace (GET k8s/jobs does not list it); check the name.`);
  listed?.(job);
  const mine = podsOf(pods, watched.name);
  const pod = mine[mine.length - 1];
  const reading: JobReading = {
    job,
    attempt: Math.max(1, mine.length),
    ...(job.backoffLimit !== undefined ? { maxAttempts: job.backoffLimit + 1 } : {}),
    ...(mine.length > 1 && podEnd(mine[mine.length - 2]) ? { previousEnd: podEnd(mine[mine.length - 2]) } : {}),
    newPod: false,
    lines: [],
  };
  if (!pod) return reading;
  reading.pod = pod;
  const hadPod = watched.follower.pod !== undefined;
  if (watched.follower.follow(pod.name) && hadPod) {
    reading.newPod = true;
    watched.write(
      `\n[Pod ${pod.name}: attempt ${reading.attempt}${reading.maxAttempts ? ` of ${reading.maxAttempts}` : ''}${reading.previousEnd ? `; the one before ended ${reading.previousEnd}` : ''}]\n`,
    );
  }
  const starting = notStarted(pod);
  if (starting) {
    reading.starting = starting;
    return reading;
  }
  try {
    // Read again, wider, while a cut answer missed the last line seen (at most four times: 1 KiB to the 1 MiB cap).
    const f = watched.follower;
    for (let i = 0; i === 0 || (f.readAgain && i < 5); i++) reading.lines = f.take(await k8s.podLogs({ pod: pod.name, ...f.request(now) }, signal), now);
  } catch (error) {
    // The pod listed as started a moment ago may not be yet: the log is refused, as Kubernetes does, until it is.
    if (isGmsError(error) && error.code === 'k8sLogWaiting') {
      reading.starting = { reason: /\(([A-Za-z]+)\)/.exec(error.message)?.[1] ?? 'ContainerCreating', ...(pod.createdAt ? { since: pod.createdAt } : {}) };
      return reading;
    }
    throw error;
  }
  if (reading.lines.length > 0) watched.write(`${reading.lines.join('\n')}\n`);
  return reading;
}
