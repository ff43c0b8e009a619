// The RestoreIndices jobs this window watches on the cluster: each poll lists the Job and
// its pod (label job-name) through GMS's Kubernetes operations, reads the pod's log, and
// turns it into progress (rows, batches, rate, ETA) and a truthful state (logic/cluster/).
// The rows show in DataHub Tasks; each job's log in an output channel of its own.
import * as vscode from 'vscode';
import { statusView } from '../logic/cluster/k8sJobs';
import { endPolls, readJobAndLog, WatchedLog } from './jobReading';
import { isTransient, WatchTrouble } from '../logic/cluster/watchTrouble';
import { formatDuration } from '../../shared/format';
import type { ActiveClient } from '../../platform/services';
import type { ExtraTaskRow } from '../../platform/taskRows';
import { emptyJobLog, jobArgValues, readJobLogLines, type JobLogSummary } from '../logic/cluster/jobLog';
import { etaMs, FINAL_KINDS, jobState, progressLine, rowsPerSecond, stateMessage, type JobState, type ProgressSample } from '../logic/cluster/jobState';
import { clusterJobItem, type ClusterJobSnapshot } from './clusterItem';
import type { KeptWatches } from './keptWatches';

export type { ClusterJobSnapshot };

export interface WatchOptions {
  stallAfterMs: number;
  pollMs: number;
  /** How long GMS may not answer before the watch stops, saying so (datahub.clusterJobs.giveUpMinutes). */
  giveUpMs: number;
}

class WatchedJob implements ExtraTaskRow {
  readonly extraRowId: string;
  args: string[] = [];
  pod?: string;
  attempt = 1;
  maxAttempts?: number;
  previousEnd?: string;
  starting?: { reason: string; since?: string };
  log: JobLogSummary = emptyJobLog();
  state: JobState = { kind: 'starting' };
  samples: ProgressSample[] = [];
  lastMoveAt = Date.now();
  readonly reader: WatchedLog;
  readonly trouble = new WatchTrouble();
  error?: string;
  /** The watch stopped because GMS did not answer for the give-up time (Watch Again resumes it). */
  gaveUp = false;
  watching = false;
  stalledTold = false;
  timer?: ReturnType<typeof setTimeout>;
  /** Each watch() starts a new chain of polls; an older chain stops at its next turn (one chain per job). */
  generation = 0;
  readonly ended: Array<(s: ClusterJobSnapshot) => void> = [];

  constructor(
    readonly name: string,
    /** Replaced on a new watch: a changed connection or token closes the old client. */
    public active: ActiveClient,
    public options: WatchOptions,
    readonly channel: vscode.OutputChannel,
  ) {
    this.extraRowId = `clusterJob:${active.connection.name}:${name}`;
    this.reader = new WatchedLog(name, channel);
  }

  get startingOffset(): number {
    return Number(jobArgValues(this.args).get('startingOffset')) || 0;
  }

  snapshot(now = Date.now()): ClusterJobSnapshot {
    const rate = rowsPerSecond(this.samples);
    const eta = FINAL_KINDS.has(this.state.kind) ? undefined : etaMs(this.log, this.startingOffset, rate);
    const l = this.log;
    const trouble = this.watching ? this.trouble.line(now) : undefined;
    return {
      job: this.name,
      connection: this.active.connection.name,
      ...(this.pod ? { pod: this.pod } : {}),
      args: this.args,
      state: this.state.kind,
      message: this.error ?? stateMessage(this.name, this.state, l),
      progress: progressLine(l, rate, eta),
      attempt: this.attempt,
      ...(this.maxAttempts !== undefined ? { maxAttempts: this.maxAttempts } : {}),
      ...(this.previousEnd ? { previousEnd: this.previousEnd } : {}),
      ...(this.state.kind === 'starting' && this.state.reason ? { startingReason: this.state.reason } : {}),
      ...(trouble ? { trouble } : {}),
      ...(l.sent !== undefined ? { sent: l.sent, ignored: l.ignored, percent: l.percent } : {}),
      ...(l.totalRows !== undefined ? { totalRows: l.totalRows } : {}),
      ...(rate !== undefined ? { rowsPerSecond: rate } : {}),
      ...(eta !== undefined ? { etaMs: eta } : {}),
      ...(l.result ? { result: l.result } : {}),
      ...(l.failedToSend ? { failedToSend: l.failedToSend.rows } : {}),
      watching: this.watching,
      ...(this.error ? { error: this.error } : {}),
      ...(this.gaveUp ? { gaveUp: true } : {}),
      logCharsFetched: this.reader.follower.fetchedChars,
    };
  }

  treeItem(): vscode.TreeItem {
    return clusterJobItem(this.snapshot(), this.extraRowId);
  }
}

export class ClusterJobs implements vscode.Disposable {
  private readonly jobs = new Map<string, WatchedJob>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Called once when a job reaches an end state, or is first named stalled, or its watch gives up. */
  onEnded?: (snapshot: ClusterJobSnapshot, stalled: boolean) => void;
  /** Where the watched jobs are kept for the next window. */
  kept?: KeptWatches;

  rows(): ExtraTaskRow[] {
    return [...this.jobs.values()].reverse();
  }

  snapshots(): ClusterJobSnapshot[] {
    return [...this.jobs.values()].map((j) => j.snapshot());
  }

  names(): string[] {
    return [...this.jobs.values()].map((j) => j.name);
  }

  get(name: string, connection?: string): WatchedJob | undefined {
    return [...this.jobs.values()].reverse().find((j) => j.name === name && (connection === undefined || j.active.connection.name === connection));
  }

  /** Starts (or restarts) watching a Job; the first poll happens at once. */
  watch(name: string, active: ActiveClient, options: WatchOptions, args?: string[]): WatchedJob {
    const key = `${active.connection.name}\u0000${name}`;
    let job = this.jobs.get(key);
    if (job) {
      clearTimeout(job.timer);
      job.options = options;
      job.active = active;
    } else {
      job = new WatchedJob(name, active, options, vscode.window.createOutputChannel(`DataHub Job: ${name}`));
      this.jobs.set(key, job);
    }
    if (args) job.args = args;
    job.trouble.ok();
    Object.assign(job, { watching: true, error: undefined, gaveUp: false, stalledTold: false, lastMoveAt: Date.now() });
    this.kept?.add({ kind: 'restore', connection: active.connection.name, job: name, args: job.args });
    void this.poll(job, ++job.generation);
    return job;
  }

  /** Stops watching a job and removes its row and log (Stop Watching); false when it is not watched here. */
  forget(name: string, connection?: string): boolean {
    const job = this.get(name, connection);
    if (!job) return false;
    endPolls(job);
    this.jobs.delete(`${job.active.connection.name}\u0000${job.name}`);
    job.reader.close();
    this.kept?.remove({ kind: 'restore', connection: job.active.connection.name, job: job.name });
    this.changed.fire();
    return true;
  }

  /** Resolves when the job ends or is named stalled (or its watch stops). */
  untilSettled(job: WatchedJob): Promise<ClusterJobSnapshot> {
    if (!job.watching || job.state.kind === 'stalled') return Promise.resolve(job.snapshot());
    return new Promise((resolve) => job.ended.push(resolve));
  }

  /** One read of the Job, its pod and the new lines of its log, turned into the job's state. */
  private async read(job: WatchedJob, now: number): Promise<void> {
    const found = await readJobAndLog(job.active.client.k8s, job.reader, now);
    if (found.job.args && job.args.length === 0) job.args = found.job.args;
    Object.assign(job, {
      pod: found.pod?.name,
      attempt: found.attempt,
      maxAttempts: found.maxAttempts,
      previousEnd: found.previousEnd,
      starting: found.starting,
    });
    if (found.newPod) {
      // A retry starts the job again from its arguments: its progress starts over.
      Object.assign(job, { log: emptyJobLog(), samples: [], lastMoveAt: now });
    }
    readJobLogLines(job.log, found.lines);
    if (job.reader.follower.gap) job.log.truncated = true;
    const processed = (job.log.sent ?? 0) + (job.log.ignored ?? 0);
    const last = job.samples[job.samples.length - 1];
    // A pod that has not started is not a stall: the quiet time counts from when it runs.
    if (found.starting) job.lastMoveAt = now;
    if (job.log.sent !== undefined && (!last || last.rows !== processed)) {
      job.samples.push({ at: now, rows: processed });
      if (job.samples.length > 500) job.samples.shift();
      job.lastMoveAt = now;
    }
    const since = found.starting?.since ? Date.parse(found.starting.since) : NaN;
    job.state = jobState({
      log: job.log,
      job: statusView(found.job),
      startingOffset: job.startingOffset,
      quietMs: now - job.lastMoveAt,
      stallAfterMs: job.options.stallAfterMs,
      ...(found.starting ? { starting: { reason: found.starting.reason, ...(Number.isFinite(since) ? { forMs: Math.max(0, now - since) } : {}) } } : {}),
    });
  }

  private async poll(job: WatchedJob, generation: number): Promise<void> {
    if (!job.watching || generation !== job.generation) return;
    const now = Date.now();
    let gaveUpNow = false;
    try {
      await this.read(job, now);
      job.trouble.ok();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isTransient(error)) {
        // GMS restarting, an ingress without a ready pod, a reset: the job goes on; try again later.
        job.trouble.fail(now, message);
        if (job.trouble.gaveUp(Date.now(), job.options.giveUpMs)) {
          job.error = `Stopped watching job ${job.name}: GMS has not answered for ${formatDuration(Date.now() - (job.trouble.since ?? now))} (${message}). The job goes on running on the cluster; Watch Again once GMS answers.`;
          Object.assign(job, { watching: false, gaveUp: true });
          gaveUpNow = true;
        }
      } else {
        job.error = `Stopped watching job ${job.name}: ${message}`;
        job.watching = false;
      }
    }
    if (generation !== job.generation) return;
    const final = FINAL_KINDS.has(job.state.kind) && job.error === undefined;
    if (final) job.watching = false;
    // A job at its end, or one that cannot be read, is not watched again in the next window.
    if (final || (!job.watching && !job.gaveUp)) this.kept?.remove({ kind: 'restore', connection: job.active.connection.name, job: job.name });
    const stalledNow = job.state.kind === 'stalled' && !job.stalledTold;
    if (stalledNow) job.stalledTold = true;
    this.changed.fire();
    if (final || stalledNow || !job.watching) {
      const snapshot = job.snapshot();
      for (const resolve of job.ended.splice(0)) resolve(snapshot);
      if (final || stalledNow || gaveUpNow) this.onEnded?.(snapshot, stalledNow);
    }
    if (job.watching) job.timer = setTimeout(() => void this.poll(job, generation), job.trouble.delayMs(job.options.pollMs));
  }

  stop(name: string): boolean {
    const job = this.get(name);
    if (!job?.watching) return false;
    endPolls(job);
    this.changed.fire();
    return true;
  }

  dispose(): void {
    for (const job of this.jobs.values()) {
      endPolls(job);
      job.reader.close();
    }
    this.jobs.clear();
    this.changed.dispose();
  }
}

export type { WatchedJob };
