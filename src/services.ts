// The seams between the extension's parts. extension.ts builds one Services
// object and hands it to every view and command; nothing else is global.
import type * as vscode from 'vscode';
import type { GmsClient, IndexSize } from './gms/types';

export interface Connection {
  name: string;
  /** Normalised GMS base URL (no trailing slash). */
  gmsUrl: string;
  frontendUrl?: string;
}

export interface ActiveClient {
  connection: Connection;
  client: GmsClient;
  /** True when a token is stored for this connection. */
  hasToken: boolean;
}

export interface ConnectionService {
  /** Connections from the user's global settings only (never workspace values). */
  list(): Connection[];
  active(): Connection | undefined;
  setActive(name: string): Promise<void>;
  /** Fires when the list, the active connection or a token changes (any window). */
  readonly onDidChange: vscode.Event<void>;
  getToken(connection: Connection): Promise<string | undefined>;
  setToken(connection: Connection, token: string): Promise<void>;
  clearToken(connection: Connection): Promise<void>;
  /**
   * A client for the active connection (cached until settings or token change).
   * Rejects with an Error whose message says what to do when there is no connection.
   */
  client(): Promise<ActiveClient>;
}

export interface IndexSizesSnapshot {
  connection: Connection;
  fetchedAt: number;
  indices: IndexSize[];
  totalMb: number;
}

export interface IndexSizesService {
  /** The last successful fetch for the active connection, if any. */
  readonly current: IndexSizesSnapshot | undefined;
  /** Fetches now; a call while one is in flight joins it (requests never overlap). */
  refresh(): Promise<IndexSizesSnapshot>;
  readonly onDidChange: vscode.Event<IndexSizesSnapshot | undefined>;
}

export interface Services {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  connections: ConnectionService;
  indexSizes: IndexSizesService;
}
