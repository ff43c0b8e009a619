// Fetches index sizes for the active connection. One request at a time: a
// refresh while one is in flight joins it. When the connection or its token
// changes, the request in flight is aborted and (when allowed) a new one starts;
// callers waiting on the old one get the new result.
import * as vscode from 'vscode';
import type { ConnectionService, IndexSizesFailure, IndexSizesService, IndexSizesSnapshot } from '../platform/services';
import { GmsError } from '../gms/errors';
import { totalMbOf } from './logic/indices';

export class FetchingIndexSizesService implements IndexSizesService, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<IndexSizesSnapshot | undefined>();
  private readonly stateChanged = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  readonly onDidChangeState = this.stateChanged.event;
  private snapshot: IndexSizesSnapshot | undefined;
  private failure: IndexSizesFailure | undefined;
  private pending: Promise<IndexSizesSnapshot> | undefined;
  private controller: AbortController | undefined;
  private restart = false;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly connections: ConnectionService,
    private readonly log: vscode.LogOutputChannel,
    /** Whether a change may start a request by itself (false in an untrusted workspace). */
    private readonly mayFetchOnChange: () => boolean,
  ) {
    this.disposables.push(
      this.changed,
      this.stateChanged,
      connections.onDidChange(() => this.onConnectionChanged()),
    );
  }

  get current(): IndexSizesSnapshot | undefined {
    return this.snapshot;
  }

  get loading(): boolean {
    return this.pending !== undefined;
  }

  get lastError(): IndexSizesFailure | undefined {
    return this.failure;
  }

  refresh(): Promise<IndexSizesSnapshot> {
    if (!this.pending) {
      const pending = this.fetchUntilSettled().finally(() => {
        if (this.pending === pending) this.pending = undefined;
        this.stateChanged.fire();
      });
      this.pending = pending;
      this.stateChanged.fire();
    }
    return this.pending;
  }

  /** Fetches; when a connection change aborted the attempt, starts over with the new one. */
  private async fetchUntilSettled(): Promise<IndexSizesSnapshot> {
    for (;;) {
      this.restart = false;
      const controller = new AbortController();
      this.controller = controller;
      let context: Pick<IndexSizesFailure, 'connection' | 'hasToken'> = {};
      try {
        const { connection, client, hasToken } = await this.connections.client();
        context = { connection, hasToken };
        const started = Date.now();
        const result = await client.getIndexSizes(controller.signal);
        if (controller.signal.aborted) {
          throw new GmsError({ kind: 'cancelled', action: 'getIndexSizes', message: 'Loading index sizes was cancelled: the connection changed.' });
        }
        const snapshot: IndexSizesSnapshot = {
          connection,
          fetchedAt: Date.now(),
          indices: result.indices,
          totalMb: totalMbOf(result.indices),
        };
        this.log.debug(`Index sizes of ${connection.name}: ${result.indices.length} indices in ${Date.now() - started} ms`);
        this.snapshot = snapshot;
        this.failure = undefined;
        this.changed.fire(snapshot);
        return snapshot;
      } catch (error) {
        if (this.restart) continue;
        if (controller.signal.aborted) {
          // Aborted without a restart (connection removed, or no automatic fetch allowed).
          this.failure = undefined;
          throw error;
        }
        this.failure = { error, ...context, at: Date.now() };
        throw error;
      } finally {
        if (this.controller === controller) this.controller = undefined;
      }
    }
  }

  private onConnectionChanged(): void {
    const active = this.connections.active();
    // The old numbers belong to another server (or token); never show them under the new name.
    const stale = this.snapshot && (!active || active.name !== this.snapshot.connection.name || active.gmsUrl !== this.snapshot.connection.gmsUrl);
    if (stale) {
      this.snapshot = undefined;
      this.changed.fire(undefined);
    }
    this.failure = undefined;
    if (this.pending && this.controller) {
      this.restart = !!active && this.mayFetchOnChange();
      this.controller.abort();
    }
    this.stateChanged.fire();
  }

  dispose(): void {
    this.controller?.abort();
    for (const d of this.disposables) d.dispose();
  }
}
