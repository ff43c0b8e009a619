// The Doctor's state for the active connection: the last report, the failed writes shown (the only
// ones a replay may take), the last end-to-end check, and what the next report compares with.
// The view draws it; the commands fill it. Everything is forgotten when the connection changes.
import { ConnectionStore } from '../platform/connectionStore';
import type { KafkaMessage } from '../gms/types';
import type { DoctorReport } from './logic/report';
import type { DoctorMemory } from './collect';
import type { FailedWriteGroup, MessagePosition } from './logic/failedWrites';

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
  report: DoctorReport | undefined;
  reportError: string | undefined;
  failed: FailedWritesState | undefined;
  canary: CanaryState | undefined;
  /** The connection an end-to-end check follows its canary on now (one at a time, whatever the connection). */
  canaryRunning: string | undefined;
  memory: DoctorMemory = { lag: new Map() };

  protected forget(): void {
    this.report = undefined;
    this.reportError = undefined;
    this.failed = undefined;
    this.canary = undefined;
    this.memory = { lag: new Map() };
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
    this.failed = failed;
    this.fire();
  }
}
