// Connection definitions: validation of the settings value, the secret-storage
// key of a token, and URL facts that decide warnings. Pure: no vscode import.
import { normaliseGmsUrl } from '../../gms/url';

export interface ConnectionEntry {
  name: string;
  gmsUrl: string;
  frontendUrl?: string;
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
