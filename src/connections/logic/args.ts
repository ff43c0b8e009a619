// The argument objects of the connection commands, one schema each: the handlers
// parse through them, the typed API takes its parameter types from them and
// docs/api.md its tables. An environment's value (any case, "none") is read by
// parseEnvironment after the parse, as the settings' is. Pure: no vscode import.
import { describe, noArgs, optionalText, optionalTrimmed, text, z } from '../../shared/args';
import type { Commands } from '../../shared/commandIds';

/** How a refused value is shown: strings quoted, anything else as JSON. */
const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value)));

const environment = describe(
  optionalText((_field, issue) => `"environment" must be "production", "staging", "development" or "none", not ${shown(issue.input)}.`),
  "'production', 'staging', 'development', or 'none' (or null) for none.",
);
const readOnly = describe(
  z.optional(z.nullable(z.boolean({ error: (issue) => `"readOnly" must be true or false, not ${shown(issue.input)}.` }))),
  '`true` refuses restore and truncation on this connection before anything is sent.',
);
const connection = describe(optionalTrimmed(), 'The connection (default: the active one).');

export const addConnectionArgs = z.object({
  environment,
  readOnly,
  name: describe(text(), 'A name for the connection, unique.'),
  gmsUrl: describe(text(), 'The GMS URL (normalised): http://localhost:8080, https://host/api/gms, https://tenant.acryl.io/gms.'),
  token: describe(optionalTrimmed(), "An access token, kept in VS Code's secret storage."),
  frontendUrl: describe(optionalTrimmed(), 'The DataHub UI URL, for links.'),
});

export const editConnectionArgs = z.object({
  name: describe(optionalTrimmed(), 'The connection (default: the active one).'),
  environment,
  readOnly,
});

export const nameArgs = z.object({ name: describe(text(), 'The connection.') });

export const setAccessTokenArgs = z.object({ connection, token: describe(text(), 'The access token.') });

export const connectionArgs = z.object({ connection });

export const importFromCliArgs = z.object({ name: describe(optionalTrimmed(), 'A name for a new connection (default: one from the server).') });

/** The connections feature's commands and their argument schemas. */
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
} as const satisfies Partial<Record<keyof typeof Commands, z.ZodMiniType>>;
