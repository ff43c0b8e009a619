// What an entity cleanup finds and deletes, as DataHub lists and deletes it:
//   soft-deleted entities of a type   GraphQL scrollAcrossEntities(input: {types, query: "*", orFilters:
//       [{and: [{field: "removed", values: ["true"]}]}]}): what the GC's soft-deleted cleanup reads
//       (metadata-ingestion/src/datahub/ingestion/source/gc/soft_deleted_entity_cleanup.py, get_urns_by_filter
//       with RemovedStatusFilter.ONLY_SOFT_DELETED). A request that names "removed" gets no default
//       removed=false filter (ESUtils.buildFilterQuery), so only soft-deleted documents come back.
//   (the GraphQL answers over this model are cleanupSearch.ts)
//   a data job's runs                 scrollAcrossEntities over DATA_JOB with `runs { total }`, then
//       dataJob(urn) { runs(start, count) { total runs { urn created { time } } } }, newest first
//       (DataJobRunsResolver.java sorts by created desc and, as every search filter, leaves soft-deleted
//       runs out); what gc/dataprocess_cleanup.py reads, at most 9,000 runs a job (the result window).
//   hard delete                       DELETE /openapi/v3/entity/{entityName}/{urn}
//       (GenericEntitiesController.deleteEntity: 200 with no body, entityService.deleteUrn; 403
//       "<actor> is unauthorized to DELETE entities."). Deleting what is gone answers 200 too.
//   soft delete                       POST /openapi/v3/entity/{entityName}/{urn}/status {"value": {"removed": true}}
//       (createAspect; doctorTrace.ts answers it and tells this model).
//   when each was soft-deleted        POST /openapi/v3/entity/{entityName}/batchGet?systemMetadata=true
//       (cleanupStatus.ts: every soft-deleted entity here has a status-written time).
// The model's runs belong to data jobs the search index holds; deletes can be slow (deleteDelayMs) and
// flaky (failing: the URNs answered 500 once each, or always).
import type { Reply } from './restli';
import { json } from './spring';
import { StatusTimes, type StatusOptions } from './cleanupStatus';
import { lowerBound } from './like';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** GraphQL EntityType names of the URN types this model lists (search.graphql EntityType). */
export const GRAPHQL_OF: Record<string, string> = { dataset: 'DATASET', chart: 'CHART', dataProcessInstance: 'DATA_PROCESS_INSTANCE', dataJob: 'DATA_JOB' };

export interface Run {
  urn: string;
  created: number;
  removed: boolean;
}

export interface CleanupOptions extends StatusOptions {
  /** Soft-deleted entities to add, per URN type (e.g. { dataset: 100000 }). */
  softDeleted?: Record<string, number>;
  /** Runs to give one job: `count` runs, the newest `ageHours` old, then one every `everyHours`. */
  runs?: Array<{ job: string; count: number; ageHours?: number; everyHours?: number }>;
  /** Each delete (hard or soft) takes this long. */
  deleteDelayMs?: number;
  /** These URNs' deletes answer 500 (`once`: the first time only). */
  failing?: { urns: string[]; once?: boolean };
  /** Added soft-deleted entities were soft-deleted this many days ago (default 60). */
  softDeletedDaysAgo?: number;
  /**
   * These soft-deleted URNs were ingested again: their status is written removed: false now (what an ingestion run
   * does to every entity it emits: metadata-ingestion/src/datahub/ingestion/api/source_helpers.py auto_status_aspect),
   * so they are active again and the scroll of soft-deleted entities no longer lists them.
   */
  ingestedAgain?: string[];
}

export class CleanupModel {
  /** Soft-deleted URNs per URN type, sorted (the scroll's order). */
  private soft = new Map<string, string[]>();
  /** Runs per job URN, newest first. */
  private runs = new Map<string, Run[]>();
  /** Entities ingested again after they were soft-deleted (status removed: false, written then). */
  private active = new Map<string, number>();
  /** Delete requests that reached the model, per URN (hard and soft). */
  readonly deletes = new Map<string, number>();
  deleteDelayMs = 0;
  private failing = new Set<string>();
  private failOnce = false;
  /** When each soft-deleted URN's status (removed: true) was written, and how the batch read answers. */
  readonly status = new StatusTimes();

  constructor(private readonly jobs: () => string[]) {}

  reset(now = Date.now()): void {
    this.soft.clear();
    this.active.clear();
    this.runs.clear();
    this.deletes.clear();
    this.deleteDelayMs = 0;
    this.failing.clear();
    this.status.reset();
    this.seed(now);
  }

  /**
   * The seed: 30 soft-deleted hive tables (every fifth, 6 in all, soft-deleted 2 days ago, the rest 30 days ago or
   * more) and 3 charts soft-deleted 40 days ago; runs for three jobs of the search index: the first
   * 12 runs two days apart (7 beyond the last 5 and older than 10 days), the second 4 old runs (all kept,
   * fewer than 5), the third 8 runs of the last hours (3 beyond the last 5, none older than 10 days).
   */
  seed(now = Date.now()): void {
    this.addSoft('dataset', 30, (i) => now - (i % 5 === 0 ? 2 * DAY : 30 * DAY + i * HOUR));
    this.addSoft('chart', 3, () => now - 40 * DAY);
    const [a, b, c] = this.jobs();
    if (a) this.setRuns(a, 12, now, 1, 48);
    if (b) this.setRuns(b, 4, now, 24 * 20, 24);
    if (c) this.setRuns(c, 8, now, 1, 1);
  }

  configure(o: CleanupOptions, now = Date.now()): string | undefined {
    const daysAgo = o.softDeletedDaysAgo ?? 60;
    if (typeof daysAgo !== 'number' || !(daysAgo >= 0 && daysAgo <= 3650)) return 'softDeletedDaysAgo: a number of days from 0 to 3650';
    for (const [type, count] of Object.entries(o.softDeleted ?? {})) {
      if (!GRAPHQL_OF[type] || !Number.isInteger(count) || count < 0 || count > 1_000_000)
        return `softDeleted.${type}: a known type and a count up to 1,000,000`;
      this.addSoft(type, count, () => now - daysAgo * DAY);
    }
    const statusProblem = this.status.configure(o);
    if (statusProblem) return statusProblem;
    for (const r of o.runs ?? []) {
      if (typeof r.job !== 'string' || !r.job.startsWith('urn:li:dataJob:') || !Number.isInteger(r.count) || r.count < 0 || r.count > 100_000) {
        return 'runs: [{job: a dataJob URN, count: 0..100000}]';
      }
      this.setRuns(r.job, r.count, now, r.ageHours ?? 1, r.everyHours ?? 24);
    }
    if (o.ingestedAgain !== undefined) {
      if (!Array.isArray(o.ingestedAgain) || !o.ingestedAgain.every((u) => typeof u === 'string' && this.isSoftDeleted(u)))
        return 'ingestedAgain: a list of soft-deleted URNs this model holds';
      for (const urn of o.ingestedAgain) this.ingestAgain(urn, now);
    }
    if (o.deleteDelayMs !== undefined) this.deleteDelayMs = Math.max(0, Math.min(60_000, Number(o.deleteDelayMs) || 0));
    if (o.failing) {
      this.failing = new Set(o.failing.urns);
      this.failOnce = o.failing.once === true;
    }
    return undefined;
  }

  /** `count` soft-deleted URNs of a type, the i-th one's status written at `writtenAt(i)`. */
  private addSoft(type: string, count: number, writtenAt: (i: number) => number): void {
    const list = this.soft.get(type) ?? [];
    const base = list.length;
    for (let i = 0; i < count; i++) {
      const n = String(base + i).padStart(7, '0');
      const urn =
        type === 'chart'
          ? `urn:li:chart:(looker,retired_${n})`
          : type === 'dataset'
            ? `urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_${n},PROD)`
            : `urn:li:${type}:retired_${n}`;
      list.push(urn);
      this.status.written.set(urn, writtenAt(i));
    }
    list.sort();
    this.soft.set(type, list);
  }

  /** status removed: false written now: the entity leaves the soft-deleted listing and stays. */
  private ingestAgain(urn: string, now: number): void {
    for (const [type, list] of this.soft) {
      const i = binaryIndex(list, urn);
      if (i >= 0) list.splice(i, 1);
      this.soft.set(type, list);
    }
    this.status.written.delete(urn);
    this.active.set(urn, now);
    const run = this.runOf(urn);
    if (run) run.removed = false;
  }

  private setRuns(job: string, count: number, now: number, ageHours: number, everyHours: number): void {
    const key = /,([^,()]+)\)$/.exec(job)?.[1] ?? 'job';
    const runs: Run[] = [];
    for (let i = 0; i < count; i++) {
      runs.push({
        urn: `urn:li:dataProcessInstance:${key}_run_${String(i).padStart(6, '0')}`,
        created: now - (ageHours + i * everyHours) * HOUR,
        removed: false,
      });
    }
    this.runs.set(job, runs);
  }

  /** The soft-deleted URNs of these GraphQL types, in URN order. */
  softDeletedOf(graphqlTypes: unknown): string[] {
    const wanted = Array.isArray(graphqlTypes) ? graphqlTypes : [];
    const out: string[] = [];
    for (const [type, g] of Object.entries(GRAPHQL_OF)) {
      if (!wanted.includes(g)) continue;
      out.push(...(this.soft.get(type) ?? []));
      if (type === 'dataProcessInstance') for (const runs of this.runs.values()) for (const r of runs) if (r.removed) out.push(r.urn);
    }
    return out.sort();
  }

  /** The jobs that have runs (gcRun.ts walks them as the GC's dataprocess cleanup does). */
  runJobs(): string[] {
    return [...this.runs.keys()];
  }

  /** Active runs of a job (soft-deleted ones left out), newest first. */
  runsOf(job: string): Run[] {
    return (this.runs.get(job) ?? []).filter((r) => !r.removed);
  }

  /** Every URN this model still holds, hard-deleted ones gone (tests compare it). */
  has(urn: string): boolean {
    if (this.active.has(urn)) return true;
    for (const list of this.soft.values()) if (binaryIndex(list, urn) >= 0) return true;
    for (const runs of this.runs.values()) if (runs.some((r) => r.urn === urn)) return true;
    return false;
  }

  isSoftDeleted(urn: string): boolean {
    for (const list of this.soft.values()) if (binaryIndex(list, urn) >= 0) return true;
    for (const runs of this.runs.values()) if (runs.some((r) => r.urn === urn && r.removed)) return true;
    return false;
  }

  private failure(urn: string): boolean {
    if (!this.failing.has(urn)) return false;
    if (this.failOnce) this.failing.delete(urn);
    return true;
  }

  /** DELETE /openapi/v3/entity/{entityName}/{urn}: the entity goes (soft-deleted or not). */
  async hardDelete(urn: string, actor: string, allowed: boolean): Promise<Reply> {
    if (!allowed) return json({ error: `${actor} is unauthorized to DELETE entities.` }, 403);
    this.deletes.set(urn, (this.deletes.get(urn) ?? 0) + 1);
    if (this.deleteDelayMs > 0) await new Promise((r) => setTimeout(r, this.deleteDelayMs));
    if (this.failure(urn)) return json({ error: `Failed to delete ${urn}: timed out waiting for the search index` }, 500);
    for (const [type, list] of this.soft) {
      const i = binaryIndex(list, urn);
      if (i >= 0) {
        list.splice(i, 1);
        this.soft.set(type, list);
      }
    }
    this.status.written.delete(urn);
    this.active.delete(urn);
    for (const [job, runs] of this.runs)
      this.runs.set(
        job,
        runs.filter((r) => r.urn !== urn),
      );
    return { status: 200, headers: {}, body: '' };
  }

  /** The status aspect written with removed: true (createAspect); true when this model holds the URN. */
  softDelete(urn: string): boolean {
    for (const runs of this.runs.values()) {
      const run = runs.find((r) => r.urn === urn);
      if (run) {
        this.deletes.set(urn, (this.deletes.get(urn) ?? 0) + 1);
        run.removed = true;
        this.status.written.set(urn, Date.now());
        return true;
      }
    }
    return false;
  }

  /** A failing or slow soft delete, before createAspect writes (undefined: go on). */
  async beforeSoftDelete(urn: string): Promise<Reply | undefined> {
    if (!this.runsHave(urn)) return undefined;
    if (this.deleteDelayMs > 0) await new Promise((r) => setTimeout(r, this.deleteDelayMs));
    if (this.failure(urn)) {
      this.deletes.set(urn, (this.deletes.get(urn) ?? 0) + 1);
      return json({ error: `Failed to write status for ${urn}` }, 500);
    }
    return undefined;
  }

  /** POST /openapi/v3/entity/{entityName}/batchGet (cleanupStatus.ts), over this model's URNs. */
  batchGet(raw: string, withSystemMetadata: boolean, actor: string, allowed: boolean): Promise<Reply> {
    return this.status.batchGet(raw, withSystemMetadata, actor, allowed, (urn) => {
      const run = this.runOf(urn);
      if (run) return { removed: run.removed, time: run.removed ? this.status.written.get(urn) : run.created };
      const again = this.active.get(urn);
      if (again !== undefined) return { removed: false, time: again };
      return this.isSoftDeleted(urn) ? { removed: true, time: this.status.written.get(urn) } : undefined;
    });
  }

  private runOf(urn: string): Run | undefined {
    for (const runs of this.runs.values()) {
      const run = runs.find((r) => r.urn === urn);
      if (run) return run;
    }
    return undefined;
  }

  /** A run this model holds (soft-deleted or not). */
  holds(urn: string): boolean {
    return this.runsHave(urn);
  }

  private runsHave(urn: string): boolean {
    for (const runs of this.runs.values()) if (runs.some((r) => r.urn === urn)) return true;
    return false;
  }
}

/** Where `value` is in a sorted list of distinct URNs, or -1. */
function binaryIndex(list: readonly string[], value: string): number {
  const i = lowerBound(list, value);
  return list[i] === value ? i : -1;
}
