// The connections feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import type { Environment } from '../shared/connections';
import { noArgs } from '../shared/args';
import {
  addConnectionArgs,
  connectionArgs,
  editConnectionArgs,
  importFromCliArgs,
  nameArgs,
  readJournalArgs,
  setAccessTokenArgs,
  showJournalArgs,
} from './logic/args';
import type { EditConnectionResult } from './editConnection';
import type { ReadJournalResult, ShowJournalResult } from './journalCommands';

/** The argument schema of each connections command the typed API offers. */
export const connectionsArgs = {
  addConnection: addConnectionArgs,
  switchConnection: nameArgs,
  editConnection: editConnectionArgs,
  removeConnection: nameArgs,
  setAccessToken: setAccessTokenArgs,
  clearAccessToken: connectionArgs,
  testConnection: connectionArgs,
  importFromCli: importFromCliArgs,
  openSettings: noArgs(),
  showLog: noArgs(),
  showOperationsJournal: showJournalArgs,
  readJournal: readJournalArgs,
} as const satisfies Record<ApiCommandOf<'connections'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof connectionsArgs> = z.input<(typeof connectionsArgs)[N]>;

/** The typed API's methods for the connections commands (src/api/index.ts joins every feature's). */
export interface ConnectionsApi {
  /** Adds a connection and makes it active. `gmsUrl` is normalised; a taken name rejects. */
  addConnection(
    args: ArgsOf<'addConnection'>,
  ): Result<Outcome & { name: string; gmsUrl: string; environment?: Environment; readOnly?: boolean; api?: 'openapi' | 'restli' }>;
  /** Makes the named connection active. */
  switchConnection(args: ArgsOf<'switchConnection'>): Result<Outcome & { name: string }>;
  /** Changes a connection's environment or read-only flag (the active one when `name` is left out). */
  editConnection(args: ArgsOf<'editConnection'>): Result<EditConnectionResult>;
  /** Removes a connection and its token. */
  removeConnection(args: ArgsOf<'removeConnection'>): Result<Outcome & { name: string }>;
  /** Stores a token in VS Code's secret storage (nothing else keeps it). */
  setAccessToken(args: ArgsOf<'setAccessToken'>): Result<Outcome & { connection: string }>;
  /** Deletes the stored token; asks first where other writes ask (clearing then setting is a swap). */
  clearAccessToken(args?: ArgsOf<'clearAccessToken'>): Result<Outcome & { connection: string }>;
  /** One getIndexSizes request: how long it took and how many indices came back. */
  testConnection(args?: ArgsOf<'testConnection'>): Result<
    Outcome & {
      connection: string;
      /** The operations transport used: the connection's `api`, or what the probe found with `auto`. */
      transport: 'openapi' | 'restli';
      transportReason: string;
      transportFrom: 'server' | 'setting';
      latencyMs: number;
      indexCount: number;
      /** Present when TLS certificate checks are off for this connection. */
      tlsChecksOff?: true;
    }
  >;
  /** Adds (or updates) a connection from DATAHUB_GMS_* variables or ~/.datahubenv, like the DataHub CLI reads them. */
  importFromCli(args?: ArgsOf<'importFromCli'>): Result<Outcome & { name: string; gmsUrl: string; source: string; hasToken: boolean; created: boolean }>;
  /** Opens the extension's settings. */
  openSettings(args?: ArgsOf<'openSettings'>): Result<Outcome>;
  /** Shows the DataHub output channel. */
  showLog(args?: ArgsOf<'showLog'>): Result<Outcome>;
  /** Opens the operations journal (every write sent to a server) as a read-only Markdown document; `copy` also copies it. */
  showOperationsJournal(args?: ArgsOf<'showOperationsJournal'>): Result<ShowJournalResult>;
  /** The operations journal's entries, newest first: every write this editor sent (never a read or a dry run alone). */
  readJournal(args?: ArgsOf<'readJournal'>): Result<ReadJournalResult>;
}
