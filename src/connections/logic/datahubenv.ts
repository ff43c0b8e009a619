// The DataHub CLI's connection: env vars first (as the CLI does), then
// ~/.datahubenv. The file is YAML of one known shape, `gms: { server, token }`
// among other keys, so a tiny reader does instead of a YAML dependency.
// No vscode import: unit-tested directly.
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface CliConnection {
  gmsUrl: string;
  token?: string;
  /** Where it came from, for messages: "DATAHUB_GMS_URL", "~/.datahubenv", ... */
  source: string;
}

/** Reads a YAML scalar: quoted strings, plain text without a trailing comment; null/~/empty -> undefined. */
function scalar(raw: string): string | undefined {
  const text = raw.trim();
  if (text.startsWith("'")) {
    const m = /^'((?:[^']|'')*)'/.exec(text);
    return m ? m[1].replace(/''/g, "'") : undefined;
  }
  if (text.startsWith('"')) {
    const m = /^"((?:[^"\\]|\\.)*)"/.exec(text);
    if (!m) return undefined;
    return m[1].replace(/\\(["\\/nt])/g, (_, c: string) => ({ n: '\n', t: '\t' })[c as 'n' | 't'] ?? c);
  }
  const plain = text.replace(/\s+#.*$/, '').trim();
  if (plain === '' || plain === 'null' || plain === '~' || plain === 'Null' || plain === 'NULL') return undefined;
  return plain;
}

/** Splits a flow mapping body `server: x, token: y` on top-level commas (quotes respected). */
function splitFlow(body: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const ch of body) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ',') {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

function keyValue(line: string): [string, string] | undefined {
  const m = /^\s*([A-Za-z_][\w-]*)\s*:(?:\s+(.*)|\s*)$/.exec(line);
  return m ? [m[1], m[2] ?? ''] : undefined;
}

/**
 * Parses the `gms` section of ~/.datahubenv: block style (as the CLI writes it)
 * or flow style `gms: {server: ..., token: ...}`. Undefined without a server.
 */
export function parseDatahubEnv(text: string): { server: string; token?: string } | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const values: Record<string, string | undefined> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!/^gms\s*:/.test(line)) continue;
    const rest = line
      .replace(/^gms\s*:/, '')
      .replace(/\s+#.*$/, '')
      .trim();
    if (rest.startsWith('{')) {
      const body = rest.replace(/^\{/, '').replace(/\}\s*$/, '');
      for (const part of splitFlow(body)) {
        const kv = keyValue(part);
        if (kv) values[kv[0]] = scalar(kv[1]);
      }
      break;
    }
    // Block mapping: the following more-indented lines.
    let indent: number | undefined;
    for (let j = i + 1; j < lines.length; j++) {
      const child = lines[j];
      if (/^\s*(#.*)?$/.test(child)) continue;
      const childIndent = /^\s*/.exec(child)?.[0].length ?? 0;
      if (childIndent === 0) break;
      indent ??= childIndent;
      if (childIndent !== indent) continue; // deeper nesting: not ours
      const kv = keyValue(child);
      if (kv) values[kv[0]] = scalar(kv[1]);
    }
    break;
  }
  const server = values.server;
  if (!server) return undefined;
  const token = values.token;
  return token ? { server, token } : { server };
}

export function datahubEnvPath(homedir: string = os.homedir()): string {
  return path.join(homedir, '.datahubenv');
}

const value = (env: NodeJS.ProcessEnv, name: string): string | undefined => env[name]?.trim() || undefined;

/** DATAHUB_SKIP_CONFIG as the CLI reads it: only "true", any case. */
export function skipsConfigFile(env: NodeJS.ProcessEnv): boolean {
  return (env.DATAHUB_SKIP_CONFIG ?? '').trim().toLowerCase() === 'true';
}

/**
 * The server (and token) the CLI takes from env vars, following DataHub's
 * metadata-ingestion/src/datahub/cli/config_utils.py (_get_config_from_env):
 * - DATAHUB_GMS_PORT set: `<DATAHUB_GMS_PROTOCOL or http>://<DATAHUB_GMS_HOST>:<port>`, even over DATAHUB_GMS_URL;
 * - else DATAHUB_GMS_URL, else DATAHUB_GMS_HOST used as the URL unchanged (the CLI's backward compatibility);
 * - the token is DATAHUB_GMS_TOKEN only: an env server never takes the file's token.
 * Throws when the port is set without a host (the CLI would build "http://None:<port>").
 */
export function cliConnectionFromEnv(env: NodeJS.ProcessEnv): CliConnection | undefined {
  const token = value(env, 'DATAHUB_GMS_TOKEN');
  const host = value(env, 'DATAHUB_GMS_HOST');
  const port = value(env, 'DATAHUB_GMS_PORT');
  const url = value(env, 'DATAHUB_GMS_URL');
  if (port) {
    if (!host)
      throw new Error(
        'DATAHUB_GMS_PORT is set but DATAHUB_GMS_HOST is not: the DataHub CLI builds its URL from both. Set DATAHUB_GMS_HOST, or unset DATAHUB_GMS_PORT and use DATAHUB_GMS_URL.',
      );
    const protocol = value(env, 'DATAHUB_GMS_PROTOCOL') ?? 'http';
    return { gmsUrl: `${protocol}://${host}:${port}`, token, source: 'DATAHUB_GMS_HOST + DATAHUB_GMS_PORT' };
  }
  if (url) return { gmsUrl: url, token, source: 'DATAHUB_GMS_URL' };
  if (host) return { gmsUrl: host, token, source: 'DATAHUB_GMS_HOST' };
  return undefined;
}

/**
 * What the DataHub CLI would connect to, or undefined when it is not configured.
 * Env vars win over the file, and each server keeps its own token (config_utils.py,
 * load_client_config); DATAHUB_SKIP_CONFIG=true leaves the file unread. The home
 * directory is looked up at call time (tests point HOME elsewhere).
 */
export async function findCliConnection(env: NodeJS.ProcessEnv = process.env, homedir: string = os.homedir()): Promise<CliConnection | undefined> {
  const fromEnv = cliConnectionFromEnv(env);
  if (fromEnv) return fromEnv;
  if (skipsConfigFile(env)) return undefined;
  let text: string;
  try {
    text = await fs.readFile(datahubEnvPath(homedir), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = parseDatahubEnv(text);
  if (!parsed) return undefined;
  return { gmsUrl: parsed.server, token: parsed.token, source: '~/.datahubenv' };
}
