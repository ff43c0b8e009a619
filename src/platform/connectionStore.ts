// What a view's store shares: the state of one connection at a time, a change event, what runs now
// (for the view's description), and a cancel signal for work nobody can cancel by hand, ended when the
// active connection changes or the store goes. Search Health and the DataHub Doctor build on it.
import { setMaxListeners } from 'node:events';
import * as vscode from 'vscode';

/** A store's own view of itself: the fields everyone else reads as readonly, writable (a type only). */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

export abstract class ConnectionStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** What is running now, for the view's description. */
  busy: string | undefined;
  /** The connection the state belongs to. */
  connection: string | undefined;
  /** Made on the first signal() asked for (not at activation: an AbortController is not free to start). */
  private work: AbortController | undefined;

  /** One piece of work may listen once per request it sends at once (more than Node's warning of 10). */
  private static controller(): AbortController {
    const c = new AbortController();
    setMaxListeners(100, c.signal);
    return c;
  }

  /** The cancel signal of work nobody cancels by hand (the API, a refresh, a view's own reading): ended with the connection. */
  signal(): AbortSignal {
    return (this.work ??= ConnectionStore.controller()).signal;
  }

  /** The store's state of its connection, emptied. */
  protected abstract forget(): void;

  /** Forgets everything when the active connection changes; true when it did. */
  forConnection(name: string | undefined): boolean {
    if (name === this.connection) return false;
    this.work?.abort(new Error('the active connection changed'));
    this.work = undefined;
    this.connection = name;
    this.forget();
    this.changed.fire();
    return true;
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
    this.work?.abort(new Error('the view was closed'));
    this.changed.dispose();
  }
}
