// The RestoreIndices jobs this window watches on the cluster: each poll lists the Job and
// its pod (label job-name) through GMS's Kubernetes operations, reads the pod's log, and
// turns it into progress (rows, batches, rate, ETA) and a truthful state (logic/cluster/).
// The rows show in DataHub Tasks; each job's log in an output channel of its own.
import * as vscode from 'vscode';
import { statusView } from '../logic/cluster/k8sJobs';
import { readJobAndLog } from './jobReading';
import type { ActiveClient } from '../../platform/services';
import type { ExtraTaskRow } from '../../platform/taskRows';
import { jobArgValues, parseJobLog, type JobLogSummary } from '../logic/cluster/jobLog';
import { etaMs, FINAL_KINDS, jobState, progressLine, rowsPerSecond, stateMessage, type JobState, type ProgressSample } from '../logic/cluster/jobState';
import { clusterJobItem, type ClusterJobSnapshot } from './clusterItem';

export type { ClusterJobSnapshot };

export interface WatchOptions {
  stallAfterMs: number;
  pollMs: number;
}

class WatchedJob implements ExtraTaskRow {
  readonly extraRowId: string;
  args: string[] = [];
  pod?: string;
  log: JobLogSummary = parseJobLog('');
  state: JobState = { kind: 'starting' };
  samples: ProgressSample[] = [];
  lastMoveAt = Date.now();
  logText = '';
  error?: string;
  watching = false;
  stalledTold = false;
  timer?: ReturnType<typeof setTimeout>;
  readonly ended: Array<(s: ClusterJobSnapshot) => void> = [];

  constructor(
    readonly name: string,
    /** Replaced on a new watch: a changed connection or token closes the old client. */
    public active: ActiveClient,
    public options: WatchOptions,
    readonly channel: vscode.OutputChannel,
  ) {
    this.extraRowId = `clusterJob:${active.connection.name}:${name}`;
  }

  get startingOffset(): number {
    return Number(jobArgValues(this.args).get('startingOffset')) || 0;
  }

  snapshot(): ClusterJobSnapshot {
    const rate = rowsPerSecond(this.samples);
    const eta = FINAL_KINDS.has(this.state.kind) ? undefined : etaMs(this.log, this.startingOffset, rate);
    const l = this.log;
    return {
      job: this.name,
      connection: this.active.connection.name,
      ...(this.pod ? { pod: this.pod } : {}),
      args: this.args,
      state: this.state.kind,
      message: this.error ?? stateMessage(this.name, this.state, l),
      progress: progressLine(l, rate, eta),
      ...(l.sent !== undefined ? { sent: l.sent, ignored: l.ignored, percent: l.percent } : {}),
      ...(l.totalRows !== undefined ? { totalRows: l.totalRows } : {}),
      ...(rate !== undefined ? { rowsPerSecond: rate } : {}),
      ...(eta !== undefined ? { etaMs: eta } : {}),
      ...(l.result ? { result: l.result } : {}),
      ...(l.failedToSend ? { failedToSend: l.failedToSend.rows } : {}),
      watching: this.watching,
      ...(this.error ? { error: this.error } : {}),
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
  /** Called once when a job reaches an end state, or is first named stalled. */
  onEnded?: (snapshot: ClusterJobSnapshot, stalled: boolean) => void;

  rows(): ExtraTaskRow[] {
    return [...this.jobs.values()].reverse();
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
    Object.assign(job, { watching: true, error: undefined, stalledTold: false, lastMoveAt: Date.now() });
    void this.poll(job);
    return job;
  }

  /** Resolves when the job ends or is named stalled (or its watch stops). */
  untilSettled(job: WatchedJob): Promise<ClusterJobSnapshot> {
    if (!job.watching || job.state.kind === 'stalled') return Promise.resolve(job.snapshot());
    return new Promise((resolve) => job.ended.push(resolve));
  }

  private async poll(job: WatchedJob): Promise<void> {
    if (!job.watching) return;
    const k8s = job.active.client.k8s;
    try {
      const found = await readJobAndLog(k8s, job);
      if (found.args && job.args.length === 0) job.args = found.args;
      job.log = parseJobLog(job.logText);
      const processed = (job.log.sent ?? 0) + (job.log.ignored ?? 0);
      const last = job.samples[job.samples.length - 1];
      const now = Date.now();
      if (job.log.sent !== undefined && (!last || last.rows !== processed)) {
        job.samples.push({ at: now, rows: processed });
        if (job.samples.length > 500) job.samples.shift();
        job.lastMoveAt = now;
      }
      job.state = jobState({
        log: job.log,
        job: statusView(found),
        startingOffset: job.startingOffset,
        quietMs: now - job.lastMoveAt,
        stallAfterMs: job.options.stallAfterMs,
      });
    } catch (error) {
      job.error = `Stopped watching job ${job.name}: ${error instanceof Error ? error.message : String(error)}`;
      job.watching = false;
    }
    const final = FINAL_KINDS.has(job.state.kind);
    if (final) job.watching = false;
    const stalledNow = job.state.kind === 'stalled' && !job.stalledTold;
    if (stalledNow) job.stalledTold = true;
    this.changed.fire();
    if (final || stalledNow || !job.watching) {
      const snapshot = job.snapshot();
      for (const resolve of job.ended.splice(0)) resolve(snapshot);
      if (final || stalledNow) this.onEnded?.(snapshot, stalledNow);
    }
    if (job.watching) job.timer = setTimeout(() => void this.poll(job), job.options.pollMs);
  }

  stop(name: string): boolean {
    const job = this.get(name);
    if (!job?.watching) return false;
    clearTimeout(job.timer);
    job.watching = false;
    for (const resolve of job.ended.splice(0)) resolve(job.snapshot());
    this.changed.fire();
    return true;
  }

  dispose(): void {
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.watching = false;
      job.channel.dispose();
    }
    this.jobs.clear();
    this.changed.dispose();
  }
}

export type { WatchedJob };
