// The argument objects of the connection commands, one schema each: the handlers
// parse through them, the typed API takes its parameter types from them and
// docs/api.md its tables. An environment's value (any case, "none") is read by
// parseEnvironment after the parse, as the settings' is. Pure: no vscode import.
import { describe, flag, optionalText, optionalTrimmed, text, wholeNumber } from '../../shared/args';
import * as z from '../../shared/zod';

/** How a refused value is shown: strings quoted, anything else as JSON. */
const shown = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value)));

const environment = describe(
  optionalText((_field, issue) => `"environment" must be "production", "staging", "development" or "none", not ${shown(issue.input)}.`),
  "Or 'none' (or null).",
);
const readOnly = describe(
  z.optional(z.nullable(z.boolean({ error: (issue) => `"readOnly" must be true or false, not ${shown(issue.input)}.` }))),
  '`true` refuses restore and truncation.',
);
const connection = describe(optionalTrimmed(), 'Default: the active one.');
const api = describe(
  z.optional(z.enum(['auto', 'openapi', 'restli'], { error: (issue) => `"api" must be "auto", "openapi" or "restli", not ${shown(issue.input)}.` })),
  'Operations transport; default `auto` (found out from the server).',
);

export const addConnectionArgs = z.object({
  environment,
  readOnly,
  name: text(),
  gmsUrl: describe(text(), 'Normalised.'),
  token: describe(optionalTrimmed(), 'Kept in secret storage.'),
  frontendUrl: optionalTrimmed(),
  api,
});

export const editConnectionArgs = z.object({
  name: describe(optionalTrimmed(), 'Default: the active one.'),
  environment,
  readOnly,
});

export const nameArgs = z.object({ name: text() });

export const setAccessTokenArgs = z.object({ connection, token: text() });

export const connectionArgs = z.object({ connection });

export const importFromCliArgs = z.object({ name: describe(optionalTrimmed(), 'Default: from the server.') });

const since = describe(
  z.optional(wholeNumber((field) => `"${field}" must be an instant in epoch ms (a whole number from 0), e.g. Date.now() - 86400000.`, 0)),
  'Epoch ms; entries at or after it. Default: all kept.',
);
const journalConnection = describe(optionalTrimmed(), 'A connection name; default: every connection.');

export const readJournalArgs = z.object({
  since,
  connection: journalConnection,
  limit: describe(
    z.optional(wholeNumber((field) => `"${field}" must be a whole number from 1 to 10000.`, 1, 10_000)),
    'Newest entries first; default 1000, at most 10000.',
  ),
});

export const showJournalArgs = z.object({
  since,
  connection: journalConnection,
  copy: describe(flag(), '`true` also copies the document as Markdown (for a change ticket).'),
});
