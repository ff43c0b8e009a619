// The sandbox's mutable state: data, settings, faults, recorded requests.
// Shared by the HTTP handler, the control endpoints and the in-process API.

import { Holds } from './hold';
import type {
  ApiMode,
  OperationsConfig,
  AuthConfig,
  FaultRule,
  Privilege,
  RecordedRequest,
  SandboxOptions,
  SandboxState,
  SeedStringForm,
  ServerVersion,
  TimeseriesCounts,
} from './api';
import { ALL_PRIVILEGES, SANDBOX_TOKENS } from './api';
import { EntityInventory } from './entityCounts';
import { CleanupModel } from './cleanup';
import { IngestionModel } from './ingestion';
import type { ActionContext } from './actions';
import { seedRows } from './data';
import type { ActiveFault } from './faults';
import { CONSUMER_GROUPS, CONSUMERS, LagModel } from './lag';
import { PgQueueModel } from './pgQueue';
import type { AppliedReset } from './offsetReset';
import { AspectStore } from './store';
import { SearchIndex } from './searchIndex';
import { countAtOrBefore, TimeseriesStore } from './timeseries';
import { K8sCluster } from './k8s';
import { DoctorSim } from './doctor';

export function defaultAuth(): AuthConfig {
  return {
    enabled: true,
    tokens: {
      admin: { token: SANDBOX_TOKENS.admin, privileges: [...ALL_PRIVILEGES] },
      reader: { token: SANDBOX_TOKENS.reader, privileges: ['GET_TIMESERIES_INDEX_SIZES_PRIVILEGE', 'VIEW_ENTITY_PAGE'] },
      restorer: { token: SANDBOX_TOKENS.restorer, privileges: ['RESTORE_INDICES_PRIVILEGE', 'GET_TIMESERIES_INDEX_SIZES_PRIVILEGE', 'VIEW_ENTITY_PAGE'] },
      none: { token: SANDBOX_TOKENS.none, privileges: [] },
    },
    expired: [],
  };
}

export function mergeAuth(base: AuthConfig, patch: Partial<AuthConfig>): AuthConfig {
  return {
    enabled: patch.enabled ?? base.enabled,
    tokens: patch.tokens ?? base.tokens,
    expired: patch.expired ?? base.expired ?? [],
  };
}

export interface Caller {
  /** Absent when no Authorization header came. */
  tokenName?: string;
  /** Matched a configured token (or auth is off). */
  known: boolean;
  expired: boolean;
  privileges: readonly Privilege[];
}

export class Runtime {
  readonly store: AspectStore;
  readonly search: SearchIndex;
  readonly lag = new LagModel();
  /** The Postgres queue in place of Kafka (pgQueue.ts), when on. */
  readonly pgQueue = new PgQueueModel();
  /** Consumer offsets reset for real (offsetReset.ts), oldest first. */
  appliedResets: AppliedReset[] = [];
  /** Kafka committed offsets as last moved (a real reset, or the group's consumer committing: POST /__sandbox/messaging/commit), oldest first. */
  private committed: Array<{ group: string; topic: string; partition: number; to: number }> = [];
  operations!: OperationsConfig;
  series!: TimeseriesStore;
  version!: ServerVersion;
  api!: ApiMode;
  seedStringForm!: SeedStringForm;
  auth!: AuthConfig;
  faults: ActiveFault[] = [];
  serviceTimeMs!: number;
  taskDurationMs!: number;
  requests: RecordedRequest[] = [];
  /** Requests arrived and not yet answered (Sandbox.inService). */
  inService = 0;
  /** A hostile server: the index name its explain answers give (POST /__sandbox/explain), instead of the real one. */
  explainIndexName: string | undefined;
  /** The Kubernetes operations' scripted cluster (k8s.ts). */
  readonly k8s = new K8sCluster();
  /** Entities per type, active and soft-deleted (entityCounts.ts). */
  readonly entities = new EntityInventory();
  /** What an entity cleanup lists and deletes (cleanup.ts): soft-deleted entities, data jobs' runs. */
  readonly cleanup: CleanupModel;
  /** Answers a test holds back until it releases them (hold.ts). */
  readonly holds = new Holds();
  /** Ingestion sources, their execution requests and what their runs wrote (ingestion.ts). */
  readonly ingestion = new IngestionModel();
  /** The Doctor's endpoints' scripted GMS (doctor.ts). */
  readonly doctor: DoctorSim;
  /** What GMS's /config reports as its version: undefined for the one of `version`, null for none. */
  reportedVersion: string | null | undefined;
  seq = 0;
  private seedStringCalls = 0;

  constructor(readonly options: SandboxOptions) {
    this.store = new AspectStore(seedRows(options.seed ?? 42, Date.now(), options.benchRows ?? 0));
    this.search = new SearchIndex(this.store);
    this.search.catchUpMs = (now) => this.lag.catchUpMs('mcl', now);
    this.doctor = new DoctorSim(options.doctor);
    // Runs belong to the first data jobs the search index holds (URN order), so the job scroll finds them.
    this.cleanup = new CleanupModel(() => this.search.orphans.documents('dataJob').urns.slice(0, 3));
    // A GC run the executor ends reads and changes these (gcRun.ts).
    this.ingestion.executor.world = { cleanup: this.cleanup, series: () => this.series };
    // One Kafka group behind both: the lag endpoints follow the Doctor's MAE consumer unless a backlog is scripted.
    this.lag.follow = {
      partitions: (consumer, now) =>
        consumer === 'mcl' || consumer === 'mcl-timeseries' ? this.doctor.maeLag(CONSUMER_GROUPS[consumer].topic, now) : undefined,
      catchUpMs: (consumer, now) => (consumer === 'mcl' ? this.doctor.maeCatchUpMs(now) : undefined),
    };
    // And the other way: a backlog scripted for the lag endpoints is what the Kafka admin answers show of that group.
    this.doctor.scriptedOffsets = (groupId, topic, now) => {
      const consumer = CONSUMERS.find((c) => CONSUMER_GROUPS[c].group === groupId && CONSUMER_GROUPS[c].topic === topic);
      if (!consumer || !this.lag.scripted(consumer)) return undefined;
      return this.lag.partitions(consumer, now).map((p, partition) => ({ partition, current: p.offset, end: p.offset + p.lag }));
    };
    this.reset();
  }

  /** Back to the seeded state; the (immutable) rows are kept, their restore counts cleared. */
  reset(): void {
    const o = this.options;
    this.series = new TimeseriesStore(o.seed ?? 42, Date.now(), { extraIndices: o.extraIndices, indexPrefix: o.indexPrefix });
    this.series.otherTask = (id, now) => this.k8s.upgrades.taskStatus(id, now);
    this.version = o.version ?? 'newer';
    this.api = o.api ?? 'both';
    this.seedStringForm = o.seedStringForm ?? 'alternate';
    this.auth = mergeAuth(defaultAuth(), o.auth ?? {});
    this.faults = [];
    this.serviceTimeMs = o.serviceTimeMs ?? 0;
    this.taskDurationMs = o.taskDurationMs ?? 3000;
    this.requests = [];
    this.inService = 0;
    this.reportedVersion = undefined;
    this.seedStringCalls = 0;
    this.store.resetCounts();
    this.search.reset(o.searchLagMs === undefined ? 1500 : o.searchLagMs);
    this.lag.reset();
    this.pgQueue.reset(o.messaging === 'pgqueue');
    this.appliedResets = [];
    this.committed = [];
    this.k8s.reset();
    this.doctor.reset();
    this.entities.reset();
    this.cleanup.reset();
    this.holds.release();
    this.ingestion.reset();
    this.operations = { consistency: o.consistency ?? true, lag: o.lag ?? 'messaging', scroll: true };
    this.explainIndexName = undefined;
  }

  applyReset(r: AppliedReset): void {
    this.appliedResets.push(r);
    if (r.transport === 'kafka') this.committed.push({ group: r.group, topic: r.topic, partition: r.partition, to: r.to });
  }

  /**
   * The group's consumer (or another admin) commits `to` for a partition: what KafkaConsumer.commitSync or
   * AdminClient.alterConsumerGroupOffsets do behind DataHub's back (KafkaAdminService.java reads it next time).
   */
  commitOffset(group: string, topic: string, partition: number, to: number): void {
    this.committed.push({ group, topic, partition, to });
  }

  /** A Kafka group's committed offset as the last real reset or commit left it, if any. */
  offsetOverride(group: string, topic: string, partition: number): number | undefined {
    const found = this.committed.filter((r) => r.group === group && r.topic === topic && r.partition === partition);
    return found[found.length - 1]?.to;
  }

  /** Whether the server serves the search-health operations at all: the `newer` generation with its OpenAPI servlet. */
  servesOpenapi(): boolean {
    return this.version === 'newer' && this.api !== 'restli';
  }

  state(): SandboxState {
    return {
      version: this.version,
      seedStringForm: this.seedStringForm,
      auth: this.auth,
      faults: this.faults.map((f) => f.rule),
      serviceTimeMs: this.serviceTimeMs,
      taskDurationMs: this.taskDurationMs,
      api: this.api,
      operations: { ...this.operations },
      consumerLag: this.lag.describe(),
    };
  }

  /** Switching version restarts the seedString alternation (array first). */
  setVersion(version: ServerVersion, form?: SeedStringForm): void {
    this.version = version;
    if (form !== undefined) this.seedStringForm = form;
    this.seedStringCalls = 0;
  }

  timeseriesCounts(entityType: string, aspect: string, endTimeMillis?: number): TimeseriesCounts | undefined {
    this.series.settle();
    const index = this.series.find(entityType, aspect);
    if (!index) return undefined;
    const total = index.timestamps.length;
    return { indexName: index.name, total, atOrBefore: endTimeMillis === undefined ? total : countAtOrBefore(index, endTimeMillis) };
  }

  addFault(rule: FaultRule): void {
    this.faults.push({ rule, seen: 0, applied: 0 });
  }

  /** Who the Authorization header names; with auth off everyone may do everything. */
  identify(header: string | undefined): Caller {
    let tokenName: string | undefined;
    let known = false;
    let expired = false;
    let privileges: readonly Privilege[] = [];
    if (header !== undefined) {
      const token = /^bearer\s+(.*)$/i.exec(header.trim())?.[1]?.trim() ?? '';
      const entry = Object.entries(this.auth.tokens).find(([, t]) => t.token === token);
      tokenName = entry?.[0] ?? 'unknown';
      known = entry !== undefined;
      privileges = entry?.[1].privileges ?? [];
      expired = (this.auth.expired ?? []).some((e) => e === token || (entry !== undefined && e === entry[0]));
    }
    if (!this.auth.enabled) return { tokenName, known: true, expired: false, privileges: ALL_PRIVILEGES };
    return { tokenName, known: known && !expired, expired, privileges };
  }

  actionContext(caller: Caller): ActionContext {
    return {
      version: this.version,
      store: this.store,
      series: this.series,
      taskDurationMs: this.taskDurationMs,
      seedStringForm: this.seedStringForm,
      nextSeedStringCall: () => this.seedStringCalls++,
      can: (p) => caller.privileges.includes(p),
    };
  }
}
