// The Doctor's state for the active connection: the last report, the failed writes shown (the only
// ones a replay may take), the last end-to-end check, and what the next report compares with.
// The view draws it; the commands fill it. Everything is forgotten when the connection changes.
import { setMaxListeners } from 'node:events';
import * as vscode from 'vscode';
import type { KafkaMessage } from '../gms/types';
import type { DoctorReport } from './logic/report';
import type { DoctorMemory } from './collect';
import type { FailedWriteGroup, MessagePosition } from './logic/failedWrites';

/** Failed writes kept for the list (pages of 100 are read until this many; the count stays exact). */
export const SHOWN_FAILED_MAX = 1000;

export interface FailedWritesState {
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

export class DoctorStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  connection: string | undefined;
  report: DoctorReport | undefined;
  reportError: string | undefined;
  failed: FailedWritesState | undefined;
  canary: CanaryState | undefined;
  busy: string | undefined;
  memory: DoctorMemory = { lag: new Map() };
  private work = DoctorStore.controller();

  /** One report listens on the signal once per endpoint read at once (more than Node's default warning of 10). */
  private static controller(): AbortController {
    const c = new AbortController();
    setMaxListeners(100, c.signal);
    return c;
  }

  /** Ended when the connection changes or the extension stops: the signal of readings nobody cancels by hand. */
  signal(): AbortSignal {
    return this.work.signal;
  }

  /** Forgets everything when the active connection changes; true when it did. */
  forConnection(name: string | undefined): boolean {
    if (name === this.connection) return false;
    this.work.abort(new Error('the active connection changed'));
    this.work = DoctorStore.controller();
    this.connection = name;
    this.report = undefined;
    this.reportError = undefined;
    this.failed = undefined;
    this.canary = undefined;
    this.memory = { lag: new Map() };
    this.changed.fire();
    return true;
  }

  /** The positions of the failed writes shown: a replay takes only these. */
  shownPositions(): MessagePosition[] {
    return (this.failed?.messages ?? []).map((m) => ({ partition: m.partition, offset: m.offset }));
  }

  /** The failed writes listed now, with their groups (grouped by the commands, which load on first use). */
  setFailed(failed: FailedWritesState): void {
    this.failed = failed;
    this.changed.fire();
  }

  fire(): void {
    this.changed.fire();
  }

  async busyWith<T>(what: string, work: () => Promise<T>): Promise<T> {
    this.busy = what;
    this.changed.fire();
    try {
      return await work();
    } finally {
      this.busy = undefined;
      this.changed.fire();
    }
  }

  dispose(): void {
    this.work.abort(new Error('the extension stopped'));
    this.changed.dispose();
  }
}
