// The system-update jobs this window watches: each poll lists the Job and its pod (label job-name)
// through GMS's Kubernetes operations, reads the pod's log for the reindex tasks it started
// (logic/upgrade/reindexLog.ts) and asks the task-status operation how far each running task is; on
// the incremental path DataHub's recorded state says each index's phase (incrementalRead.ts). A row
// per job and per index in DataHub Tasks; the job's log in an output channel of its own; its end told once.
import * as vscode from 'vscode';
import { statusView } from '../logic/cluster/k8sJobs';
import { endPolls, readJobAndLog, WatchedLog } from '../cluster/jobReading';
import { isTransient, WatchTrouble } from '../logic/cluster/watchTrouble';
import { formatDuration } from '../../shared/format';
import type { TaskStatus } from '../../gms/types';
import type { ActiveClient } from '../../platform/services';
import type { ExtraTaskRow } from '../../platform/taskRows';
import { UpgradeLogReader } from '../logic/upgrade/reindexLog';
import { progressOf, UPGRADE_FINAL, upgradeMessage, upgradeState, type IndexProgress, type UpgradeState } from '../logic/upgrade/reindexState';
import { catchUpNotDoneMessage, incrementalMessage, incrementalEtaMs, QuietAfterJob, type IncrementalIndex } from '../logic/upgrade/incremental';
import { IndexRow, upgradeJobItem, type UpgradeSnapshot } from './upgradeItem';
import { readIncremental, scanLog } from './incrementalRead';
import { inPool } from '../logic/upgrade/pool';
import type { KeptWatches } from '../cluster/keptWatches';

export type { UpgradeSnapshot };

/** Task-status requests in flight at once per poll: a log naming many tasks is asked a few at a time. */
const TASK_STATUS_POOL = 4;

export class WatchedUpgrade implements ExtraTaskRow {
  readonly extraRowId: string;
  pod?: string;
  reader = new UpgradeLogReader();
  readonly logReader: WatchedLog;
  readonly trouble = new WatchTrouble();
  indices: IndexProgress[] = [];
  state: UpgradeState = { kind: 'starting' };
  /** Which reindex runs: the incremental (zero-downtime) one, read from DataHub's recorded state, or the legacy one. */
  path: 'incremental' | 'legacy' = 'legacy';
  incremental: IncrementalIndex[] = [];
  /** DATAHUB_REVISION the system update runs with (part of the upgrade version; "0" when unset). */
  revision = '0';
  version?: string; // "<GMS version>-<revision>", once read
  /** Why the incremental state could not be read, when it could not; whether the log named the incremental step. */
  note?: string;
  logSaysIncremental = false;
  quiet = new QuietAfterJob(); // the Job ended, the reindex not done: how long nothing recorded changed
  polled = false; // a read has been made (or failed) since the watch began
  /** The watch stopped because GMS did not answer for the give-up time. */
  gaveUp = false;
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
    public giveUpMs: number,
  ) {
    this.extraRowId = `upgradeJob:${active.connection.name}:${name}`;
    this.logReader = new WatchedLog(name, channel);
  }

  get log() {
    return this.reader.summary;
  }

  /** The rows of the path that runs. */
  shownIndices(): IndexProgress[] {
    return this.path === 'incremental' ? this.incremental : this.indices;
  }

  snapshot(): UpgradeSnapshot {
    const trouble = this.watching ? this.trouble.line(Date.now()) : undefined;
    const incremental = this.path === 'incremental';
    const eta = incremental ? incrementalEtaMs(this.incremental) : undefined;
    return {
      path: this.path,
      ...(this.version ? { upgradeVersion: this.version } : {}),
      ...(eta !== undefined ? { etaMs: eta } : {}),
      ...(this.note ? { note: this.note } : {}),
      ...(trouble ? { trouble } : {}),
      ...(this.reader.notFollowed > 0 ? { indicesNotFollowed: this.reader.notFollowed } : {}),
      ...(this.gaveUp ? { gaveUp: true } : {}),
      job: this.name,
      connection: this.active.connection.name,
      ...(this.pod ? { pod: this.pod } : {}),
      state: this.state.kind,
      message: this.error ?? (incremental ? incrementalMessage(this.name, this.state, this.incremental) : upgradeMessage(this.name, this.state, this.indices)),
      indices: this.shownIndices().map((i) => ({ ...i })),
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
    const shown = this.shownIndices();
    for (const i of shown) {
      if (!this.rows.has(i.index)) this.rows.set(i.index, new IndexRow(`${this.extraRowId}:${i.index}`, this, i.index));
    }
    return [this, ...shown.map((i) => this.rows.get(i.index)!)];
  }
}

export class UpgradeWatches implements vscode.Disposable {
  private readonly jobs = new Map<string, WatchedUpgrade>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  onEnded?: (snapshot: UpgradeSnapshot) => void;
  /** Where the watched system updates are kept for the next window. */
  kept?: KeptWatches;

  rows(): ExtraTaskRow[] {
    return [...this.jobs.values()].reverse().flatMap((j) => j.allRows());
  }

  all(): WatchedUpgrade[] {
    return [...this.jobs.values()];
  }

  get(name: string): WatchedUpgrade | undefined {
    return [...this.jobs.values()].reverse().find((j) => j.name === name);
  }

  watch(name: string, active: ActiveClient, pollMs: number, giveUpMs: number, revision = '0'): WatchedUpgrade {
    const key = `${active.connection.name}\u0000${name}`;
    let job = this.jobs.get(key);
    if (job) {
      clearTimeout(job.timer);
      job.pollMs = pollMs;
      job.giveUpMs = giveUpMs;
      job.active = active;
    } else {
      job = new WatchedUpgrade(name, active, pollMs, vscode.window.createOutputChannel(`DataHub System Update: ${name}`), giveUpMs);
      this.jobs.set(key, job);
    }
    job.trouble.ok();
    if (job.revision !== revision) job.version = undefined;
    Object.assign(job, { watching: true, error: undefined, polled: false, gaveUp: false, revision, quiet: new QuietAfterJob() });
    this.kept?.add({ kind: 'systemUpdate', connection: active.connection.name, job: name, args: revision === '0' ? [] : [`revision=${revision}`] });
    if (UPGRADE_FINAL.has(job.state.kind)) this.restart(job);
    void this.poll(job, ++job.generation);
    return job;
  }

  /** Forgets what an earlier run of a Job of this name showed (the Job was created again). */
  private restart(job: WatchedUpgrade, createdAt?: string): void {
    Object.assign(job, {
      state: { kind: 'starting' },
      indices: [],
      incremental: [],
      path: 'legacy',
      logSaysIncremental: false,
      quiet: new QuietAfterJob(),
      reader: new UpgradeLogReader(),
      createdAt,
    });
    job.logReader.restart();
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
    while (job.watching && !job.polled && Date.now() - start < timeoutMs) await new Promise((r) => setTimeout(r, 50));
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

  private async read(job: WatchedUpgrade): Promise<void> {
    const found = await readJobAndLog(job.active.client.k8s, job.logReader, Date.now(), (listed) => {
      // A new Job of the same name (the next system update): its rows start over before its log is read.
      if (job.createdAt !== listed.createdAt) this.restart(job, listed.createdAt);
    });
    job.pod = found.pod?.name;
    if (found.newPod) job.reader = new UpgradeLogReader();
    job.reader.read(found.lines);
    job.indices = await inPool(job.log.reindexes, TASK_STATUS_POOL, async (e) => {
      // A finished task is asked once (its status is kept): a failed index shows the task's own final figures.
      if (!e.task || e.state === 'skipped') return progressOf(e);
      const { status, error } = await this.taskStatus(job, e.task);
      return progressOf(e, status, error);
    });
    const view = statusView(found.job);
    job.state = upgradeState(job.log, view, job.indices);
    const seen = scanLog(found.lines);
    if (seen.incremental) Object.assign(job, { logSaysIncremental: true, version: seen.version ?? job.version });
    const jobFailed = view.failed > 0 && view.active === 0 ? `the Job failed${view.failedReason ? ` (${view.failedReason})` : ''}` : undefined;
    const inc = await readIncremental(
      job.active.client,
      {
        revision: job.revision,
        logSaysIncremental: job.logSaysIncremental,
        ...(job.version ? { version: job.version } : {}),
        ...(jobFailed ? { jobFailed } : {}),
      },
      (task) => this.taskStatus(job, task),
    );
    Object.assign(job, { path: inc.path, version: inc.version, note: inc.note, incremental: inc.indices });
    if (inc.path === 'incremental') job.state = inc.state ?? (jobFailed ? { kind: 'failed', reason: jobFailed } : { kind: 'starting' });
    const unfinished = inc.path === 'incremental' && !UPGRADE_FINAL.has(job.state.kind);
    const quietMs = unfinished ? job.quiet.note(view.active === 0 && view.succeeded > 0, job.incremental, Date.now()) : undefined;
    if (quietMs !== undefined && quietMs >= job.giveUpMs)
      Object.assign(job, { error: catchUpNotDoneMessage(job.name, quietMs, job.incremental), watching: false, gaveUp: true });
  }

  private async poll(job: WatchedUpgrade, generation: number): Promise<void> {
    if (!job.watching || generation !== job.generation) return;
    const now = Date.now();
    try {
      await this.read(job);
      job.trouble.ok();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isTransient(error)) {
        job.trouble.fail(now, message);
        if (job.trouble.gaveUp(Date.now(), job.giveUpMs)) {
          job.error = `Stopped watching system update ${job.name}: GMS has not answered for ${formatDuration(Date.now() - (job.trouble.since ?? now))} (${message}). The update goes on running on the cluster; Watch Again once GMS answers.`;
          Object.assign(job, { watching: false, gaveUp: true });
        }
      } else {
        job.error = `Stopped watching system update ${job.name}: ${message}`;
        job.watching = false;
      }
    }
    job.polled = true;
    if (generation !== job.generation) return;
    const final = UPGRADE_FINAL.has(job.state.kind) && job.error === undefined;
    if (final) job.watching = false;
    if (final || (!job.watching && !job.gaveUp)) this.kept?.remove({ kind: 'systemUpdate', connection: job.active.connection.name, job: job.name });
    this.changed.fire();
    if (final || !job.watching) {
      const snapshot = job.snapshot();
      for (const resolve of job.ended.splice(0)) resolve(snapshot);
      if (final || job.gaveUp) this.onEnded?.(snapshot);
    }
    if (job.watching && generation === job.generation) job.timer = setTimeout(() => void this.poll(job, generation), job.trouble.delayMs(job.pollMs));
  }

  /** Stops watching a system update and removes its rows and log (Stop Watching); false when it is not watched here. */
  forget(name: string): boolean {
    const job = this.get(name);
    if (!job) return false;
    endPolls(job);
    this.jobs.delete(`${job.active.connection.name}\u0000${job.name}`);
    job.logReader.close();
    this.kept?.remove({ kind: 'systemUpdate', connection: job.active.connection.name, job: job.name });
    this.changed.fire();
    return true;
  }

  dispose(): void {
    for (const job of this.jobs.values()) {
      endPolls(job);
      job.logReader.close();
    }
    this.jobs.clear();
    this.changed.dispose();
  }
}
