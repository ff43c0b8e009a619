// The typed public API activate() returns, documented in one place: one method
// per command, named after it without the "datahub." prefix, taking the same
// argument object and returning the same result. It calls the command's own
// handler without prompts; destructive steps ask through the confirmation gate
// (src/platform/confirmGate.ts) unless src/platform/apiGate.ts lets the call skip them. It
// holds no token, no secret store and no internal service.
import type { ConnectionsApi, connectionsArgs } from '../connections';
import type { IndicesApi, indicesArgs } from '../indices';
import type { RestoreApi, restoreArgs } from '../restore';
import type { JobsApi, jobsArgs } from '../jobs';
import type { TruncateApi, truncateArgs } from '../truncate';
import type { InsightsApi, insightsArgs } from '../insights';
import type { RetentionApi, retentionArgs } from '../retention';
import type { HealthApi, healthArgs } from '../health';
import type { DoctorApi, doctorArgs } from '../doctor';
import type { EntitiesApi, entitiesArgs } from '../entities';
import type { IngestionApi, ingestionArgs } from '../ingestion';
import type { GcApi, gcArgs } from '../gc';
import { callThroughApi } from '../platform/commandRunner';
import { API_COMMANDS, Commands, type ApiCommand } from '../shared/commandIds';
import type * as z from 'zod/v4/mini';

type Args = Record<string, unknown>;
type Method = (args?: Args) => Promise<unknown>;

export { API_COMMANDS, Commands, type ApiCommand, type CommandId, type CommandName } from '../shared/commandIds';

/** Every command's argument schema, feature by feature (each feature's table.ts, through its index.ts). */
type ArgSchemas = typeof connectionsArgs &
  typeof indicesArgs &
  typeof restoreArgs &
  typeof jobsArgs &
  typeof truncateArgs &
  typeof insightsArgs &
  typeof retentionArgs &
  typeof healthArgs &
  typeof doctorArgs &
  typeof entitiesArgs &
  typeof ingestionArgs &
  typeof gcArgs;
/** The argument object a method takes: the input side of its command's schema (parsed by the command's handler). */
export type ArgsOf<N extends ApiCommand> = z.input<ArgSchemas[N]>;

/**
 * The public API activate() returns (in every mode; in Test and Development
 * modes with the test seams of ./testApi added).
 *
 * Modes: a command runs in one of three modes, decided once by the runner
 * (src/platform/commandRunner.ts): `ui` (palette, menu, tree: prompts and messages),
 * `link` (a command id with an argument object: a command link, a keybinding,
 * another extension: no prompts, but every destructive or heavy step still asks
 * in a modal pre-filled from the argument) and `api` (these methods, when the
 * user's datahub.api.allowUnconfirmedCalls or a Test / Development host allows
 * it: no prompt and no modal; otherwise they run as `link` and ask). Every method takes the
 * argument object the command id takes and rejects with an Error whose message
 * is the one a user would read; a token never appears in a result or a message.
 *
 * The steps that ask in a modal through a command id, and through these methods unless allowed
 * to skip, are listed once, in docs/api.md ("Command ids and their modals"). On a production
 * connection the typed name stays too. Each method is declared beside its command's argument
 * schema, in its feature's table.ts.
 */
export interface DataHubCommands
  extends ConnectionsApi, IndicesApi, RestoreApi, JobsApi, TruncateApi, InsightsApi, RetentionApi, HealthApi, DoctorApi, EntitiesApi, IngestionApi, GcApi {}

/** The interface above names exactly the commands of API_COMMANDS (a compile error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameCommands: Same<keyof DataHubCommands, ApiCommand> = true;
void sameCommands;
/** Every command of the API has exactly one argument schema (a compile error otherwise). */
const sameSchemas: Same<keyof ArgSchemas, ApiCommand> = true;
void sameSchemas;

export function createCommandsApi(): DataHubCommands {
  const api: Partial<Record<ApiCommand, Method>> = {};
  for (const name of API_COMMANDS) api[name] = (args?: Args) => callThroughApi(Commands[name], args);
  return Object.freeze(api) as unknown as DataHubCommands;
}
