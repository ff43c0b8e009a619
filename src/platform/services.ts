// The seams between the extension's parts. extension.ts builds one Services
// object and hands it to every view and command; nothing else is global.
import type * as vscode from 'vscode';
import type { GmsApiChoice, GmsClient, IndexSize } from '../gms/types';
import type { Environment } from '../shared/connections';
import type { TaskRowsService } from './taskRows';
import type { StatusFactsService } from './statusFacts';

export interface Connection {
  name: string;
  /** Normalised GMS base URL (no trailing slash). */
  gmsUrl: string;
  frontendUrl?: string;
  /** production, staging or development; undefined for none. */
  environment?: Environment;
  /** Restore and truncate are refused (assertWritable) before anything is sent. */
  readOnly?: boolean;
  /** The operations transport: undefined or 'auto' finds it out from the server (one probe per client). */
  api?: GmsApiChoice;
  /** false: TLS certificate checks are off for this connection (refused on production and DataHub Cloud). */
  rejectUnauthorized?: false;
  /** PEM file of extra certificate authorities for this connection. */
  caFile?: string;
}

/** What can change on a connection after it was added (null clears the environment). */
export interface ConnectionChanges {
  environment?: Environment | null;
  readOnly?: boolean;
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
  /** A client for a given connection (same cache rules as client()). */
  clientFor(connection: Connection): Promise<ActiveClient>;
  /** The connection with this name, if configured. */
  get(name: string): Connection | undefined;
  /**
   * Adds a connection to the user's global settings (gmsUrl already normalised) and,
   * when given, stores its token. Rejects when the name is taken.
   */
  add(connection: Connection, token?: string): Promise<Connection>;
  /** Removes a connection from the user's global settings and deletes its token. */
  remove(name: string): Promise<void>;
  /** Changes a connection's environment or read-only flag in the user's global settings; returns the connection as now read. */
  update(name: string, changes: ConnectionChanges): Promise<Connection>;
  /** The ms this connection's requests waited on a server's 429 Retry-After since `since` (a Date.now()). */
  throttledSince(name: string, since: number): number;
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
  /** True while a fetch is in flight. */
  readonly loading: boolean;
  /** The failure of the last fetch (cleared by the next success), with what it was sent to. */
  readonly lastError: IndexSizesFailure | undefined;
  /** Fires when loading or lastError change. */
  readonly onDidChangeState: vscode.Event<void>;
}

export interface IndexSizesFailure {
  error: unknown;
  connection?: Connection;
  hasToken?: boolean;
  at: number;
}

/** The Timeseries Indices view, as other parts may use it. */
export interface IndicesViewSeam {
  /** Reveals and selects an index in the tree (clears a filter that hides it); focus moves to the tree unless `focus: false`. */
  reveal(indexName: string, options?: { focus?: boolean }): Promise<void>;
  /** The element selected in the tree (what a keybinding on the focused view acts on); its shape is the indices feature's own. */
  selected(): unknown;
}

export interface Services {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  connections: ConnectionService;
  indexSizes: IndexSizesService;
  indicesView: IndicesViewSeam;
  /** Rows other parts add to the DataHub Tasks view (jobs watched on the cluster). */
  taskRows: TaskRowsService;
  /** Facts other parts know about a connection (Search Health, watched jobs), for the DataHub Doctor. */
  statusFacts: StatusFactsService;
  /** Hands a restore to DataHub's own RestoreIndices job (the jobs feature), its prompts pre-filled. */
  jobHandOff: JobHandOff;
}

/** What a restore by pattern passes on when it is better run as DataHub's job. */
export interface JobPrefill {
  urnLike: string;
  aspect?: string;
  window?: { gePitEpochMs: number; lePitEpochMs: number };
}

export interface JobHandOff {
  /** Opens the job prompts on this client's connection; without a prefill they offer the saved resume point first. */
  open(active: ActiveClient, prefill?: JobPrefill): Promise<unknown>;
}
