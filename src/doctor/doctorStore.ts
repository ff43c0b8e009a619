// The Doctor's state for the active connection: the last report, the failed writes shown (the only
// ones a replay may take), the last end-to-end check, and what the next report compares with.
// The view draws it; the commands fill it. Everything is forgotten when the connection changes.
import { ConnectionStore, type Writable } from '../platform/connectionStore';
import type { KafkaMessage } from '../gms/types';
import type { DoctorReport } from './logic/report';
import type { DoctorMemory } from './collect';
import type { FailedWriteGroup, MessagePosition } from './logic/failedWrites';
import type { PlanOrigin } from '../shared/writePlan';

/** Failed writes kept for the list (pages of 100 are read until this many; the count stays exact). */
export const SHOWN_FAILED_MAX = 1000;

export interface FailedWritesState {
  /** The server address they were read from: a replay or an open goes only there (the connection's name may point elsewhere since). */
  gmsUrl: string;
  messages: KafkaMessage[];
  groups: FailedWriteGroup[];
  /** Where the next page starts, per partition read so far (partition 0 first). */
  next?: { partition: number; offset: number };
  hasMore: boolean;
  /** Pages read and when, for the view's description. */
  pages: number;
  at: number;
  /** Where and when the list was read (its first page): a replay checks it before sending anything (src/shared/writePlan.ts). */
  origin: PlanOrigin;
}

/** The end-to-end check's outcome, as the view shows it. */
export interface CanaryState {
  at: number;
  verdict: 'ok' | 'warning' | 'failing';
  summary: string;
  nextStep?: string;
  details: string[];
}

export class DoctorStore extends ConnectionStore {
  // Readonly to everyone but the store, which writes them through the setters below (each fires the
  // change); the commands and the view read them.
  readonly report: DoctorReport | undefined;
  readonly reportError: string | undefined;
  readonly failed: FailedWritesState | undefined;
  readonly canary: CanaryState | undefined;
  /** The connection an end-to-end check follows its canary on now (one at a time, whatever the connection). */
  readonly canaryRunning: string | undefined;
  /** What the next report compares with (the lag seen before); the report reads and updates it. */
  readonly memory: DoctorMemory = { lag: new Map() };

  protected forget(): void {
    const w = this as Writable<DoctorStore>;
    w.report = undefined;
    w.reportError = undefined;
    w.failed = undefined;
    w.canary = undefined;
    w.memory = { lag: new Map() };
  }

  /** A report read: it replaces the last one and its error. */
  setReport(report: DoctorReport): void {
    const w = this as Writable<DoctorStore>;
    w.report = report;
    w.reportError = undefined;
    this.fire();
  }

  /** Why the report could not be read (the last report stays). */
  setReportError(message: string): void {
    const w = this as Writable<DoctorStore>;
    w.reportError = message;
    this.fire();
  }

  /** An end-to-end check starts following its canary on `connection`, or (undefined) has ended. */
  setCanaryRunning(connection: string | undefined): void {
    const w = this as Writable<DoctorStore>;
    w.canaryRunning = connection;
  }

  /** The end-to-end check's outcome. */
  setCanary(canary: CanaryState): void {
    const w = this as Writable<DoctorStore>;
    w.canary = canary;
    this.fire();
  }

  /**
   * The positions of the failed writes shown: a replay takes only these. Read from another address than
   * `gmsUrl` (the connection was edited since), they are not this server's offsets: refused, nothing sent.
   */
  shownPositions(gmsUrl: string): MessagePosition[] {
    const failed = this.failed;
    if (failed && failed.gmsUrl !== gmsUrl)
      throw new Error(
        `The failed writes were listed from ${failed.gmsUrl}; the connection now points at ${gmsUrl}. Browse the failed writes again. Nothing was sent.`,
      );
    return (failed?.messages ?? []).map((m) => ({ partition: m.partition, offset: m.offset }));
  }

  /** The failed writes listed now, with their groups (grouped by the commands, which load on first use). */
  setFailed(failed: FailedWritesState): void {
    const w = this as Writable<DoctorStore>;
    w.failed = failed;
    this.fire();
  }
}
