// The system-update jobs this window watches: each poll lists the Job and its pod (label
// job-name) through GMS's Kubernetes operations, reads the pod's log for the reindex tasks
// it started (logic/upgrade/reindexLog.ts), and asks the task-status operation
// (getEsTaskStatus) how far each running task is. A row per job and per index in DataHub
// Tasks; the job's log in an output channel of its own; its end told once.
import * as vscode from 'vscode';
import { statusView } from '../logic/cluster/k8sJobs';
import { readJobAndLog } from '../cluster/jobReading';
import type { TaskStatus } from '../../gms/types';
import type { ActiveClient } from '../../platform/services';
import type { ExtraTaskRow } from '../../platform/taskRows';
import { parseUpgradeLog, type UpgradeLogSummary } from '../logic/upgrade/reindexLog';
import { progressOf, UPGRADE_FINAL, upgradeMessage, upgradeState, type IndexProgress, type UpgradeState } from '../logic/upgrade/reindexState';
import { indexItem, upgradeJobItem, type UpgradeSnapshot } from './upgradeItem';

export type { UpgradeSnapshot };

class IndexRow implements ExtraTaskRow {
  constructor(
    readonly extraRowId: string,
    private readonly job: WatchedUpgrade,
    readonly index: string,
  ) {}
  get watching(): boolean {
    return false;
  }
  treeItem(): vscode.TreeItem {
    const p = this.job.indices.find((i) => i.index === this.index);
    return indexItem(p ?? { index: this.index, state: 'running', retriggers: 0 }, this.extraRowId, this.job.name);
  }
}

export class WatchedUpgrade implements ExtraTaskRow {
  readonly extraRowId: string;
  pod?: string;
  log: UpgradeLogSummary = parseUpgradeLog('');
  indices: IndexProgress[] = [];
  state: UpgradeState = { kind: 'starting' };
  logText = '';
  error?: string;
  watching = false;
  timer?: ReturnType<typeof setTimeout>;
  /** The Job's creation time: another time means another Job of the same name. */
  createdAt?: string;
  /** Each watch() starts a new chain of polls; an older chain stops at its next turn. */
  generation = 0;
  /** Final task statuses, kept so a finished task is not asked again. */
  readonly finalStatus = new Map<string, TaskStatus>();
  readonly rows = new Map<string, IndexRow>();
  readonly ended: Array<(s: UpgradeSnapshot) => void> = [];

  constructor(
    readonly name: string,
    /** Replaced on a new watch: a changed connection closes the old client. */
    public active: ActiveClient,
    public pollMs: number,
    readonly channel: vscode.OutputChannel,
  ) {
    this.extraRowId = `upgradeJob:${active.connection.name}:${name}`;
  }

  snapshot(): UpgradeSnapshot {
    return {
      job: this.name,
      connection: this.active.connection.name,
      ...(this.pod ? { pod: this.pod } : {}),
      state: this.state.kind,
      message: this.error ?? upgradeMessage(this.name, this.state, this.indices),
      indices: this.indices.map((i) => ({ ...i })),
      ...(this.log.result ? { result: this.log.result } : {}),
      watching: this.watching,
      ...(this.error ? { error: this.error } : {}),
    };
  }

  treeItem(): vscode.TreeItem {
    return upgradeJobItem(this.snapshot(), this.extraRowId);
  }

  /** The job's row, then one row per index in the order the log names them. */
  allRows(): ExtraTaskRow[] {
    for (const i of this.indices) {
      if (!this.rows.has(i.index)) this.rows.set(i.index, new IndexRow(`${this.extraRowId}:${i.index}`, this, i.index));
    }
    return [this, ...this.indices.map((i) => this.rows.get(i.index)!)];
  }
}

export class UpgradeWatches implements vscode.Disposable {
  private readonly jobs = new Map<string, WatchedUpgrade>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  onEnded?: (snapshot: UpgradeSnapshot) => void;

  rows(): ExtraTaskRow[] {
    return [...this.jobs.values()].reverse().flatMap((j) => j.allRows());
  }

  all(): WatchedUpgrade[] {
    return [...this.jobs.values()];
  }

  get(name: string): WatchedUpgrade | undefined {
    return [...this.jobs.values()].reverse().find((j) => j.name === name);
  }

  watch(name: string, active: ActiveClient, pollMs: number): WatchedUpgrade {
    const key = `${active.connection.name}\u0000${name}`;
    let job = this.jobs.get(key);
    if (job) {
      clearTimeout(job.timer);
      job.pollMs = pollMs;
      job.active = active;
    } else {
      job = new WatchedUpgrade(name, active, pollMs, vscode.window.createOutputChannel(`DataHub System Update: ${name}`));
      this.jobs.set(key, job);
    }
    Object.assign(job, { watching: true, error: undefined });
    if (UPGRADE_FINAL.has(job.state.kind)) this.restart(job);
    void this.poll(job, ++job.generation);
    return job;
  }

  /** Forgets what an earlier run of a Job of this name showed (the Job was created again). */
  private restart(job: WatchedUpgrade, createdAt?: string): void {
    Object.assign(job, { state: { kind: 'starting' }, indices: [], logText: '', log: parseUpgradeLog(''), createdAt });
    job.finalStatus.clear();
    job.rows.clear();
  }

  untilSettled(job: WatchedUpgrade): Promise<UpgradeSnapshot> {
    if (!job.watching) return Promise.resolve(job.snapshot());
    return new Promise((resolve) => job.ended.push(resolve));
  }

  /** The first poll's result (for a caller that wants the rows filled before it returns). */
  async firstPoll(job: WatchedUpgrade, timeoutMs = 15_000): Promise<UpgradeSnapshot> {
    const start = Date.now();
    while (job.watching && job.logText === '' && job.error === undefined && Date.now() - start < timeoutMs) await new Promise((r) => setTimeout(r, 50));
    return job.snapshot();
  }

  private async taskStatus(job: WatchedUpgrade, task: string): Promise<{ status?: TaskStatus; error?: string }> {
    const kept = job.finalStatus.get(task);
    if (kept) return { status: kept };
    try {
      const status = await job.active.client.getEsTaskStatus(task);
      if (status.completed) job.finalStatus.set(task, status);
      return { status };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async poll(job: WatchedUpgrade, generation: number): Promise<void> {
    if (!job.watching || generation !== job.generation) return;
    const k8s = job.active.client.k8s;
    try {
      const found = await readJobAndLog(k8s, job, (listed) => {
        // A new Job of the same name (the next system update): its rows start over before its log is read.
        if (job.createdAt !== listed.createdAt) this.restart(job, listed.createdAt);
      });
      job.log = parseUpgradeLog(job.logText);
      // The task status of each reindex: asked each poll while running, once when finished.
      job.indices = await Promise.all(
        job.log.reindexes.map(async (e) => {
          // A finished task is asked once (its status is kept): a failed index shows the task's own final figures.
          if (!e.task || e.state === 'skipped') return progressOf(e);
          const { status, error } = await this.taskStatus(job, e.task);
          return progressOf(e, status, error);
        }),
      );
      job.state = upgradeState(job.log, statusView(found), job.indices);
    } catch (error) {
      job.error = `Stopped watching system update ${job.name}: ${error instanceof Error ? error.message : String(error)}`;
      job.watching = false;
    }
    const final = UPGRADE_FINAL.has(job.state.kind);
    if (final) job.watching = false;
    this.changed.fire();
    if (final || !job.watching) {
      const snapshot = job.snapshot();
      for (const resolve of job.ended.splice(0)) resolve(snapshot);
      if (final) this.onEnded?.(snapshot);
    }
    if (job.watching && generation === job.generation) job.timer = setTimeout(() => void this.poll(job, generation), job.pollMs);
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
