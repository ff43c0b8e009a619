// `npm run docs:api`: writes the argument table of every typed API command into
// docs/api.md (between the args markers) from the commands' zod schemas (each
// feature's src/<feature>/table.ts), the same schemas the handlers parse with
// and the typed API takes its parameter types from. `--check` only compares and
// exits 1 when the page is stale (the unit test in test/unit/project does the same).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/v4/mini';
import { API_COMMANDS, Commands, type ApiCommand } from '../../src/shared/commandIds';
import { connectionsArgs } from '../../src/connections/table';
import { indicesArgs } from '../../src/indices/table';
import { restoreArgs } from '../../src/restore/table';
import { jobsArgs } from '../../src/jobs/table';
import { truncateArgs } from '../../src/truncate/table';
import { insightsArgs } from '../../src/insights/table';
import { retentionArgs } from '../../src/retention/table';
import { healthArgs } from '../../src/health/table';
import { doctorArgs } from '../../src/doctor/table';
import { entitiesArgs } from '../../src/entities/table';
import { ingestionArgs } from '../../src/ingestion/table';
import { gcArgs } from '../../src/gc/table';

export const API_PAGE = path.join(__dirname, '..', '..', 'docs', 'api.md');
const BEGIN = '<!-- args:begin (npm run docs:api writes this part from the argument schemas) -->';
const END = '<!-- args:end -->';

/** Every typed API command's argument schema, from the features' table.ts. */
export const ARG_SCHEMAS: Record<ApiCommand, z.ZodMiniType> = {
  ...connectionsArgs,
  ...indicesArgs,
  ...restoreArgs,
  ...jobsArgs,
  ...truncateArgs,
  ...insightsArgs,
  ...retentionArgs,
  ...healthArgs,
  ...doctorArgs,
  ...entitiesArgs,
  ...ingestionArgs,
  ...gcArgs,
};

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
  description?: string;
}

const code = (value: unknown): string => `\`${typeof value === 'string' ? `'${value}'` : JSON.stringify(value)}\``;

/** The largest integer JSON Schema writes for a whole number without an upper bound. */
const NO_MAX = Number.MAX_SAFE_INTEGER;

/** A field's type as the table writes it: `integer 1–4`, `'csv' | 'json'`, `{ line, character }[]`. */
export function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ');
  if (schema.const !== undefined) return code(schema.const);
  if (schema.enum) return schema.enum.map(code).join(' \\| ');
  if (schema.type === 'array') return `${schema.items ? wrap(typeOf(schema.items)) : 'unknown'}[]${schema.minItems ? ' (not empty)' : ''}`;
  if (schema.type === 'object') {
    const keys = Object.keys(schema.properties ?? {});
    return keys.length ? `{ ${keys.map((k) => `${k}${schema.required?.includes(k) ? '' : '?'}`).join(', ')} }` : 'object';
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const word = schema.type === 'integer' ? 'whole number' : 'number';
    const min = schema.minimum;
    const max = schema.maximum !== undefined && schema.maximum < NO_MAX ? schema.maximum : undefined;
    if (min !== undefined && max !== undefined) return `${word} ${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')}`;
    if (min !== undefined && min > Number.MIN_SAFE_INTEGER) return `${word} ≥ ${min.toLocaleString('en-US')}`;
    return word;
  }
  if (schema.type === 'string' && schema.minLength) return 'non-empty string';
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  return schema.type ?? 'any';
}

const wrap = (type: string): string => (type.includes('\\|') ? `(${type})` : type);

/** The rows of one object's fields; a list of objects or an object adds its own fields below (`cutoffs[].days`). */
function rows(schema: JsonSchema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const required = schema.required?.includes(name) && field.default === undefined;
    const needed = required ? 'required' : field.default !== undefined ? `default ${code(field.default)}` : 'optional';
    const row = `| \`${prefix}${name}\` | ${typeOf(field)} | ${needed} | ${(field.description ?? '').replace(/\|/g, '\\|')} |`;
    const inner =
      field.type === 'array' && field.items?.type === 'object'
        ? rows(field.items, `${prefix}${name}[].`)
        : field.type === 'object'
          ? rows(field, `${prefix}${name}.`)
          : [];
    return [row, ...inner];
  });
}

/** One object's table: field, type, required or default, description. */
function table(schema: JsonSchema): string[] {
  if (Object.keys(schema.properties ?? {}).length === 0) return ['No arguments: `{}` (or nothing).'];
  return ['| Field | Type | | Description |', '|---|---|---|---|', ...rows(schema)];
}

/** The argument section of one command. */
function section(name: ApiCommand, schema: z.ZodMiniType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const lines = [`### \`${Commands[name]}\``, ''];
  if (json.anyOf) {
    json.anyOf.forEach((form, i) => lines.push(i === 0 ? 'Either:' : 'Or:', '', ...table(form), ''));
  } else {
    lines.push(...table(json), '');
  }
  return lines;
}

/** The generated part: every typed API command in API_COMMANDS order. */
export function renderArgs(): string {
  const lines = [
    'Generated from the argument schemas (`src/<feature>/logic/args.ts`) by `npm run docs:api`: the same',
    'schemas the commands parse their argument object with and the typed API takes its parameter types',
    'from. A field outside the table is ignored; a field of the wrong type or out of range rejects with a',
    'message naming the command and the field.',
    '',
  ];
  for (const name of API_COMMANDS) {
    lines.push(...section(name, ARG_SCHEMAS[name]));
  }
  return lines.join('\n').trimEnd();
}

/** The page with the generated part replaced. */
export function rewrite(page: string): string {
  const from = page.indexOf(BEGIN);
  const to = page.indexOf(END);
  if (from === -1 || to < from) throw new Error(`${API_PAGE} has no ${BEGIN} … ${END} markers`);
  return `${page.slice(0, from + BEGIN.length)}\n${renderArgs()}\n${page.slice(to)}`;
}

if (require.main === module) {
  const page = fs.readFileSync(API_PAGE, 'utf8');
  const next = rewrite(page);
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error('docs/api.md is stale: run `npm run docs:api`.');
      process.exit(1);
    }
  } else if (next !== page) {
    fs.writeFileSync(API_PAGE, next);
    console.log('docs/api.md: argument tables rewritten.');
  }
}
