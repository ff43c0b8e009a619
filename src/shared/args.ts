// Argument objects written once. Each command's arguments are one zod schema (in
// src/<feature>/logic/args.ts): its handler parses through it (parseArgs), the
// typed API takes its parameter type from it (z.input) and docs/api.md its table
// (npm run docs:api). Here: the parse, and the field kinds with the wording the
// commands have always used, so a message still names the command and the field.
// zod "mini" (tree-shakeable) keeps the eager bundle small.
import * as z from './zod';

/** Any argument schema. */
export type ArgSchema = z.ZodMiniType;

/** The field an issue is about, as the messages name it (the last key of its path). */
export function fieldOf(issue: { path?: PropertyKey[] }): string {
  const key = issue.path?.at(-1);
  return key === undefined ? 'argument' : String(key);
}

/** Where an issue is, as the messages write it: `positions[0].line`. */
export function pathOf(issue: { path?: PropertyKey[] }): string {
  return (issue.path ?? []).map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
}

/** What an issue hands a message: the path and the value that was refused. */
export interface IssueInfo {
  path?: PropertyKey[];
  input?: unknown;
}

/** A message for one field: fixed text, or built from the field's name (and the issue: its path, the value given). */
export type FieldMessage = string | ((field: string, issue: IssueInfo) => string);

const say = (message: FieldMessage) => (issue: IssueInfo) => (typeof message === 'string' ? message : message(fieldOf(issue), issue));

/**
 * Parses a command's argument object through its schema; on failure throws
 * `Error("<command id>: <the first issue's message>")`. An absent object reads as `{}`.
 */
export function parseArgs<S extends ArgSchema>(commandId: string, schema: S, arg: unknown): z.output<S> {
  const result = z.safeParse(schema, arg ?? {});
  if (result.success) return result.data;
  let issue: z.core.$ZodIssue | undefined = result.error.issues[0];
  // A union of forms (e.g. { resume: true } or the full form): the last form, the full one, says what is missing.
  while (issue?.code === 'invalid_union' && issue.errors.length > 0) {
    const last = issue.errors[issue.errors.length - 1][0];
    if (!last) break;
    issue = { ...last, path: [...issue.path, ...last.path] } as z.core.$ZodIssue;
  }
  // Every field kind below gives its own message; zod mini's default ("Invalid input") would not name the field.
  const message = issue && issue.message !== 'Invalid input' ? issue.message : `"${fieldOf(issue ?? {})}" is not valid.`;
  throw new Error(`${commandId}: ${message}`);
}

/** Adds a description to a field for docs/api.md. */
export function describe<S extends ArgSchema>(schema: S, description: string): S {
  z.globalRegistry.add(schema, { description });
  return schema;
}

/** A command that takes no arguments: an empty object (unknown keys are ignored, as ever). */
export const noArgs = () => z.object({});

const needsText: FieldMessage = (field) => `the argument object needs a non-empty string "${field}".`;

/** A required non-empty string, trimmed. */
export function text(message: FieldMessage = needsText) {
  return z.string({ error: say(message) }).check(z.trim(), z.minLength(1, { error: say(message) }));
}

/** An optional string (null reads as absent), as given. */
export function optionalText(message: FieldMessage = (field) => `"${field}" must be a string.`) {
  return z.optional(z.nullable(z.string({ error: say(message) })));
}

/** An optional string (null reads as absent), trimmed; empty reads as absent. */
export function optionalTrimmed(message: FieldMessage = (field) => `"${field}" must be a string.`) {
  return z.pipe(
    optionalText(message),
    z.transform((value: string | null | undefined) => value?.trim() || undefined),
  );
}

/** An optional true or false. */
export function flag(message: FieldMessage = (field) => `"${field}" must be true or false.`) {
  return z.optional(z.boolean({ error: say(message) }));
}

/** A whole number within [min, max] (max: none when left out), one message for every way it can be wrong. */
export function wholeNumber(message: FieldMessage, min: number, max?: number) {
  const whole = z.int({ error: say(message) });
  return max === undefined
    ? whole.check(z.gte(min, { error: say(message) }))
    : whole.check(z.gte(min, { error: say(message) }), z.lte(max, { error: say(message) }));
}

/** One of a fixed list of strings. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message: FieldMessage) {
  return z.enum(values, { error: say(message) });
}

/** A list of values of one kind. */
export function listOf<S extends ArgSchema>(item: S, message: FieldMessage) {
  return z.array(item, { error: say(message) });
}
