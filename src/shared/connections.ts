// Connection definitions: validation of the settings value, the secret-storage
// key of a token, and URL facts that decide warnings. Pure: no vscode import.
import type { GmsApiChoice } from '../gms/types';
import { normaliseGmsUrl } from '../gms/url';
import { ConnectionError } from './connectionError';
import { readConnectionTls, type ConnectionTls } from './tlsOptOut';

/** What a connection points at; none (undefined) says nothing. */
export type Environment = 'production' | 'staging' | 'development';
export const ENVIRONMENTS: readonly Environment[] = ['production', 'staging', 'development'];

export interface ConnectionEntry extends ConnectionTls {
  name: string;
  gmsUrl: string;
  frontendUrl?: string;
  environment?: Environment;
  /** Restore and truncate are refused before anything is sent. */
  readOnly?: boolean;
  /** Which operations transport to use: found out from the server (auto, the default), or one named. */
  api?: GmsApiChoice;
}

export const API_CHOICES: readonly GmsApiChoice[] = ['auto', 'openapi', 'restli'];

export function isApiChoice(value: unknown): value is GmsApiChoice {
  return typeof value === 'string' && (API_CHOICES as readonly string[]).includes(value);
}

/** How a transport is named to a person. */
export function transportLabel(api: GmsApiChoice | undefined): string {
  return api === 'openapi' ? 'OpenAPI' : api === 'restli' ? 'Rest.li' : 'found out from the server';
}

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}

/**
 * Reads an `environment` value given by a person or a program: one of the three
 * names (any case, surrounding spaces ignored), or undefined / null / "" / "none"
 * for none. Anything else throws a message that lists the accepted values.
 */
export function parseEnvironment(value: unknown, where: string): Environment | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const tidy = value.trim().toLowerCase();
    if (tidy === '' || tidy === 'none') return undefined;
    if (isEnvironment(tidy)) return tidy;
  }
  const shown = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
  throw new ConnectionError('invalidConnection', `${where}: "environment" must be "production", "staging", "development" or "none", not ${shown}.`);
}

/** Reads a `readOnly` value: true, false, or undefined / null for not set. Anything else throws. */
export function parseReadOnly(value: unknown, where: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  const shown = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
  throw new ConnectionError('invalidConnection', `${where}: "readOnly" must be true or false, not ${shown}.`);
}

export function isProduction(connection: Pick<ConnectionEntry, 'environment'> | undefined): boolean {
  return connection?.environment === 'production';
}

/**
 * The one rule for prompt and modal titles: the action, then the connection it
 * acts on, and "production" when it is one ("Restore Indices · prod (production)").
 * Without a connection the action alone.
 */
export function titleFor(connection: Pick<ConnectionEntry, 'name' | 'environment'> | undefined, action: string): string {
  if (!connection) return action;
  return `${action} · ${connection.name}${isProduction(connection) ? ' (production)' : ''}`;
}

/** What the view's description and the status bar's tooltip say about a connection: "sandbox · production · read-only". */
export function describeConnectionLabel(connection: Pick<ConnectionEntry, 'name' | 'environment' | 'readOnly'>): string {
  const parts = [connection.name];
  if (connection.environment) parts.push(connection.environment);
  if (connection.readOnly) parts.push('read-only');
  return parts.join(' · ');
}

/**
 * The one guard before any step that writes to DataHub (restore, truncate and
 * whatever else deletes or rewrites): throws for a read-only connection, before
 * anything is sent. `action` names the refused step ("Restore Indices").
 */
export function assertWritable(connection: Pick<ConnectionEntry, 'name' | 'readOnly'>, action: string): void {
  if (!connection.readOnly) return;
  throw new ConnectionError(
    'readOnly',
    `The connection "${connection.name}" is read-only: ${action} was refused and nothing was sent to DataHub. ` +
      'To allow it, run "DataHub: Edit Connection…" and turn read-only off (or remove "readOnly": true from its entry in the datahub.connections setting).',
  );
}

export interface ParsedConnections {
  connections: ConnectionEntry[];
  /** One line per skipped entry, for the log. */
  problems: string[];
}

/** Trims and drops trailing slashes; the client does the full normalisation. */
export function tidyUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** An http(s) URL with a host, or undefined. */
export function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value.trim());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return url;
  } catch {
    // not a URL
  }
  return undefined;
}

/**
 * Validates the `datahub.connections` setting. Invalid entries are skipped with
 * a reason; a repeated name keeps the first entry.
 */
export function parseConnections(raw: unknown): ParsedConnections {
  const connections: ConnectionEntry[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { connections, problems };
  if (!Array.isArray(raw)) return { connections, problems: ['datahub.connections is not a list; ignored.'] };
  const seen = new Set<string>();
  raw.forEach((entry: unknown, i) => {
    const at = `datahub.connections[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${at} is not an object; skipped.`);
      return;
    }
    const { name, gmsUrl, frontendUrl } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) {
      problems.push(`${at} has no "name"; skipped.`);
      return;
    }
    const label = `${at} ("${name.trim()}")`;
    if (typeof gmsUrl !== 'string') {
      problems.push(`${label} has no "gmsUrl"; skipped.`);
      return;
    }
    let url: string;
    try {
      url = normaliseGmsUrl(gmsUrl);
    } catch (error) {
      problems.push(`${label} has an invalid "gmsUrl" (${error instanceof Error ? error.message : String(error)}); skipped.`);
      return;
    }
    if (seen.has(name.trim())) {
      problems.push(`${label} repeats a name; skipped.`);
      return;
    }
    seen.add(name.trim());
    const connection: ConnectionEntry = { name: name.trim(), gmsUrl: url };
    if (typeof frontendUrl === 'string' && frontendUrl.trim()) {
      if (parseHttpUrl(frontendUrl)) connection.frontendUrl = tidyUrl(frontendUrl);
      else problems.push(`${label} has an invalid "frontendUrl"; ignored.`);
    }
    const { environment, readOnly, api } = entry as Record<string, unknown>;
    if (isApiChoice(api)) {
      if (api !== 'auto') connection.api = api;
    } else if (api !== undefined && api !== null) {
      problems.push(
        `${label}: "api" must be "auto", "openapi" or "restli", not ${JSON.stringify(api)}; the transport is found out from the server until it is fixed.`,
      );
    }
    try {
      const parsed = parseEnvironment(environment, label);
      if (parsed) connection.environment = parsed;
    } catch (error) {
      problems.push(`${error instanceof Error ? error.message : String(error)} Treated as none.`);
    }
    if (readOnly === true) connection.readOnly = true;
    else if (readOnly !== undefined && readOnly !== null && readOnly !== false) {
      // A read-only flag that does not parse must not make the connection writable by accident.
      connection.readOnly = true;
      problems.push(`${label}: "readOnly" must be true or false, not ${JSON.stringify(readOnly)}; treated as read-only until it is fixed.`);
    }
    readConnectionTls(entry as Record<string, unknown>, connection, label, problems);
    connections.push(connection);
  });
  return { connections, problems };
}

/** `https://host:port` of a URL, lower-cased by URL parsing; the input when it does not parse. */
export function urlOrigin(url: string): string {
  return parseHttpUrl(url)?.origin ?? url.trim();
}

/**
 * The SecretStorage key of a connection's token. It includes the URL's origin, so
 * pointing a connection at another server does not carry its token over.
 */
export function tokenSecretKey(connection: Pick<ConnectionEntry, 'name' | 'gmsUrl'>): string {
  return `datahub.token:${connection.name}@${urlOrigin(connection.gmsUrl)}`;
}

export const TOKEN_KEY_PREFIX = 'datahub.token:';

/** True for localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/** Plain http to another machine: a token would cross the network in clear text. */
export function isInsecureRemote(gmsUrl: string): boolean {
  const url = parseHttpUrl(gmsUrl);
  return !!url && url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** A name for a new connection that is not taken yet: "base", "base (2)", ... */
export function uniqueName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** A default connection name from a URL: its host (and port when not default). */
export function suggestName(gmsUrl: string): string {
  return parseHttpUrl(gmsUrl)?.host ?? 'datahub';
}

/**
 * The input box check of a typed confirmation: undefined (accepted) only for the
 * exact text, otherwise what to type. Case, spaces and every character count.
 */
export function typedConfirmationProblem(typed: string, expected: string): string | undefined {
  if (typed === expected) return undefined;
  return `Type ${expected} exactly to confirm (Escape cancels; nothing is sent).`;
}
