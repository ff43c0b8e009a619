// What the Doctor's endpoints read (doctorRoutes.ts answers them): a scripted GMS whose health,
// search cluster, Kafka consumer groups and topics, failed proposals, throttles, rate limits and
// maintenance window a test switches between states, and the writes a canary makes with their
// traces. One per sandbox (Runtime.doctor); POST /__sandbox/doctor (doctorControl.ts) or
// startSandbox({ doctor }) sets it. Each state names the DataHub file (or the Kafka/Elasticsearch
// behaviour) it follows; files are under metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/.

import { PARTITIONS } from './lag';
import { REGISTRY } from './data';
import { FAILURE_KINDS, MCL_GROUP, newTraceId } from './doctorData';

export { DATAHUB_GROUPS, DATAHUB_TOPICS, FAILURE_KINDS, MCL_GROUP, newSpanId, newTraceId } from './doctorData';

/** The scripts; several may be on at once ('green' turns every other off). */
export type DoctorState =
  | 'green'
  | 'yellow'
  | 'red'
  | 'bootstrapping'
  | 'consumerStopped'
  | 'consumerBehind'
  | 'failedMcpsGrowing'
  | 'throttled'
  | 'rateLimited'
  | 'maintenance'
  | 'searchStuck';

export const DOCTOR_STATES: readonly DoctorState[] = [
  'green',
  'yellow',
  'red',
  'bootstrapping',
  'consumerStopped',
  'consumerBehind',
  'failedMcpsGrowing',
  'throttled',
  'rateLimited',
  'maintenance',
  'searchStuck',
];

/** The Doctor's routes, by name, for DoctorOptions.missing (an intermediate release that lacks some). */
export type DoctorRouteName =
  | 'health'
  | 'check/ready'
  | 'debug/elastic'
  | 'system-info'
  | 'kafka/consumer-groups'
  | 'kafka/topics'
  | 'kafka/messages'
  | 'kafka/replay'
  | 'kafka/reset'
  | 'throttle'
  | 'rate-limits'
  | 'maintenance'
  | 'trace/write'
  | 'v3/entity';

export interface DoctorOptions {
  /** The scripts on at start (default none: green). */
  states?: DoctorState[];
  /** bootstrapping: how long /health answers 503 after the state is set (default 5000 ms). */
  bootstrapMs?: number;
  /** An async canary write: how long its proposal waits in the MCP topic (trace PENDING), default 300 ms. */
  processingDelayMs?: number;
  /** After the database write, until the search index has it (search ERROR "Consumer has processed past the offset." until then), default 1500 ms. */
  indexingDelayMs?: number;
  /** failedMcpsGrowing: one new failed proposal every this many ms (default 500). */
  failedEveryMs?: number;
  /** consumerStopped / consumerBehind: events produced per second per partition of the MCL topic (default 20). */
  producedPerSecond?: number;
  /** consumerBehind: the steady backlog per partition (default 1500). */
  behindBy?: number;
  /** Failed proposals in mcp-failed at start (default 0), e.g. 10000 for a paging benchmark. */
  failedMessages?: number;
  /** Routes this server lacks (Spring's 404), as a release from before them. */
  missing?: DoctorRouteName[];
}

export interface FailedRecord {
  offset: number;
  timestamp: number;
  kind: number;
}

export interface TraceWrite {
  urn: string;
  aspect: string;
  traceId: string;
  /** When GMS took it; an async write reaches the database processingDelayMs later. */
  at: number;
  async: boolean;
  /** The same value as before: nothing written (NO_OP). */
  noop: boolean;
}

/** An aspect written through the sandbox (a canary, a replayed proposal): the store's newest value. */
export interface WrittenAspect {
  value: unknown;
  traceId: string;
  version: number;
  writtenAt: number;
}

/** Committed offsets of the groups before anything is scripted (arbitrary, stable). */
const BASE_END = 100_000;

export class DoctorSim {
  states = new Map<DoctorState, number>();
  bootstrapMs = 5000;
  processingDelayMs = 300;
  indexingDelayMs = 1500;
  failedEveryMs = 500;
  producedPerSecond = 20;
  behindBy = 1500;
  missing = new Set<DoctorRouteName>();
  /** The mcp-failed topic, partition 0, oldest first (Kafka keeps what it was sent: a replay removes nothing). */
  failed: FailedRecord[] = [];
  /** Offsets of mcp-failed a real (not dry-run) replay re-published, in order. */
  replayed: number[] = [];
  /** Writes by trace id (the canary's and replayed proposals'). */
  writes: TraceWrite[] = [];
  /** urn -> aspect -> what was written (the sandbox's store for writes). */
  aspects = new Map<string, Map<string, WrittenAspect>>();
  /** Failed proposals failedMcpsGrowing has added so far. */
  private grown = 0;
  /** A topic's partitions of a group as a scripted backlog has them (set once by the runtime); undefined: none scripted. */
  scriptedOffsets?: (groupId: string, topic: string, now: number) => Array<{ partition: number; current: number; end: number }> | undefined;

  constructor(private readonly options: DoctorOptions = {}) {
    this.reset();
  }

  reset(now = Date.now()): void {
    const o = this.options;
    this.states.clear();
    for (const s of o.states ?? []) if (s !== 'green') this.states.set(s, now);
    this.bootstrapMs = o.bootstrapMs ?? 5000;
    this.processingDelayMs = o.processingDelayMs ?? 300;
    this.indexingDelayMs = o.indexingDelayMs ?? 1500;
    this.failedEveryMs = o.failedEveryMs ?? 500;
    this.producedPerSecond = o.producedPerSecond ?? 20;
    this.behindBy = o.behindBy ?? 1500;
    this.missing = new Set(o.missing ?? []);
    this.failed = [];
    this.replayed = [];
    this.writes = [];
    this.aspects.clear();
    this.grown = 0;
    if (o.failedMessages) this.seedFailed(o.failedMessages, now);
  }

  /** Sets the scripts on: 'green' alone turns every other off; a state already on keeps its start. */
  setStates(states: readonly DoctorState[], now = Date.now()): void {
    this.settle(now);
    const next = new Map<DoctorState, number>();
    for (const s of states) if (s !== 'green') next.set(s, this.states.get(s) ?? now);
    this.states = next;
    if (!next.has('failedMcpsGrowing')) this.grown = 0;
  }

  on(state: DoctorState): boolean {
    return this.states.has(state);
  }

  /** ms since the state was set, or undefined when it is off. */
  since(state: DoctorState, now: number): number | undefined {
    const t = this.states.get(state);
    return t === undefined ? undefined : now - t;
  }

  /** bootstrapping: GMS's blocking bootstrap steps not done yet. */
  bootstrapping(now = Date.now()): boolean {
    const s = this.since('bootstrapping', now);
    return s !== undefined && s < this.bootstrapMs;
  }

  /** Adds n failed proposals (kinds in turn), timestamps a second apart ending now. */
  seedFailed(n: number, now = Date.now()): void {
    const start = this.failed.length;
    for (let i = 0; i < n; i++) this.failed.push({ offset: start + i, timestamp: now - (n - i) * 1000, kind: (start + i) % FAILURE_KINDS.length });
  }

  /** failedMcpsGrowing: the proposals that have failed since it was set, one every failedEveryMs. */
  settle(now = Date.now()): void {
    const s = this.since('failedMcpsGrowing', now);
    if (s === undefined) return;
    const due = Math.min(100_000, Math.floor(s / this.failedEveryMs) + 1);
    const setAt = now - s;
    for (; this.grown < due; this.grown++) {
      this.failed.push({ offset: this.failed.length, timestamp: setAt + this.grown * this.failedEveryMs, kind: this.failed.length % FAILURE_KINDS.length });
    }
  }

  /**
   * A replay of these failed proposals (KafkaAdminService.replayFailedMCPs without dryRun): each is
   * published to the MCP topic again; the MCP consumer then ingests a valid one into the store and
   * fails an invalid one again, which lands at the end of mcp-failed as a new message.
   */
  replay(records: readonly FailedRecord[], now = Date.now()): void {
    for (const r of records) {
      this.replayed.push(r.offset);
      const kind = FAILURE_KINDS[r.kind];
      if (kind.valid) this.write(kind.urn, kind.aspect, kind.value, false, now);
      else this.failed.push({ offset: this.failed.length, timestamp: now, kind: r.kind });
    }
  }

  /** An aspect written (canary or replay): the store's value and the write's trace. */
  write(urn: string, aspect: string, value: unknown, async: boolean, now = Date.now()): TraceWrite {
    const traceId = newTraceId(now);
    let byAspect = this.aspects.get(urn);
    if (!byAspect) this.aspects.set(urn, (byAspect = new Map()));
    const before = byAspect.get(aspect);
    const noop = before !== undefined && JSON.stringify(before.value) === JSON.stringify(value);
    if (!noop) byAspect.set(aspect, { value, traceId, version: (before?.version ?? 0) + 1, writtenAt: now });
    const w: TraceWrite = { urn, aspect, traceId, at: now, async, noop };
    this.writes.push(w);
    return w;
  }

  /** Whether DataHub's registry (data.ts REGISTRY) knows the aspect for the entity type. */
  static knownAspect(entityType: string, aspect: string): boolean {
    const key = Object.keys(REGISTRY).find((k) => k.toLowerCase() === entityType.toLowerCase());
    return key !== undefined && (REGISTRY[key] ?? []).includes(aspect);
  }

  /**
   * A consumer group's committed and end offsets per topic partition now. The MCL group: stopped,
   * its offsets stay while the producers go on (lag grows); behind, a steady backlog; else caught up.
   */
  groupOffsets(groupId: string, topics: readonly string[], now = Date.now()): Array<{ topic: string; partition: number; current: number; end: number }> {
    const out: Array<{ topic: string; partition: number; current: number; end: number }> = [];
    const stopped = groupId === MCL_GROUP ? this.since('consumerStopped', now) : undefined;
    const behind = groupId === MCL_GROUP ? this.since('consumerBehind', now) : undefined;
    for (const topic of topics) {
      const scripted = this.scriptedOffsets?.(groupId, topic, now);
      if (scripted) {
        out.push(...scripted.map((s) => ({ topic, ...s })));
        continue;
      }
      for (let p = 0; p < PARTITIONS; p++) {
        const base = BASE_END + p * 7919 + topic.length * 131;
        if (stopped !== undefined) {
          const produced = Math.floor((stopped / 1000) * this.producedPerSecond);
          out.push({ topic, partition: p, current: base, end: base + produced });
        } else if (behind !== undefined) {
          const produced = Math.floor((behind / 1000) * this.producedPerSecond);
          out.push({ topic, partition: p, current: base + produced, end: base + produced + this.behindBy });
        } else out.push({ topic, partition: p, current: base, end: base });
      }
    }
    return out;
  }

  /**
   * The MAE consumer's partitions of a topic as the lag endpoints read them (lag.ts FollowedLag), while
   * consumerStopped or consumerBehind is on; undefined otherwise.
   */
  maeLag(topic: string, now = Date.now()): Array<{ offset: number; lag: number }> | undefined {
    if (this.since('consumerStopped', now) === undefined && this.since('consumerBehind', now) === undefined) return undefined;
    return this.groupOffsets(MCL_GROUP, [topic], now).map((p) => ({ offset: p.current, lag: p.end - p.current }));
  }

  /** How long a new change-log event waits for the MAE consumer: null while it is stopped. */
  maeCatchUpMs(now = Date.now()): number | null | undefined {
    if (this.since('consumerStopped', now) !== undefined) return null;
    if (this.since('consumerBehind', now) !== undefined) return (this.behindBy / Math.max(1, this.producedPerSecond)) * 1000;
    return undefined;
  }

  describe(now = Date.now()): Record<string, unknown> {
    this.settle(now);
    return {
      states: [...this.states.keys()],
      bootstrapMs: this.bootstrapMs,
      processingDelayMs: this.processingDelayMs,
      indexingDelayMs: this.indexingDelayMs,
      failedEveryMs: this.failedEveryMs,
      producedPerSecond: this.producedPerSecond,
      behindBy: this.behindBy,
      missing: [...this.missing],
      failedMessages: this.failed.length,
      replayedOffsets: [...this.replayed],
      writes: this.writes.length,
    };
  }
}
