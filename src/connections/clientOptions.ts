// Client options from settings: timeout, TLS and proxy (http.proxy or HTTPS_PROXY,
// with http.proxyAuthorization and http.proxyStrictSSL; VS Code's PAC and system
// proxy resolution is not reachable from here, the README says what to set). Security-relevant values
// (CA file, certificate checks, proxy) are read from the user's global settings
// only, like the connections, so a workspace cannot reroute a token. Certificate
// checks can be turned off per connection only (its "rejectUnauthorized": false).
import { readFileSync } from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import type { GmsClientOptions } from '../gms/types';
import { ConnectionError } from '../shared/connectionError';
import { isLoopbackHost, parseHttpUrl } from '../shared/connections';
import { clampSetting, TIMEOUT_SECONDS } from '../shared/settings';
import { tlsOptOutRefusal } from '../shared/tlsOptOut';
import type { Connection } from '../platform/services';

function globalValue<T>(section: string, key: string): T | undefined {
  return vscode.workspace.getConfiguration(section).inspect<T>(key)?.globalValue;
}

/** The proxy for a URL: VS Code's http.proxy, else HTTPS_PROXY / HTTP_PROXY by scheme. */
export function proxyFor(gmsUrl: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  // A proxy cannot reach this machine's loopback on our behalf.
  const host = parseHttpUrl(gmsUrl)?.hostname;
  if (host && isLoopbackHost(host)) return undefined;
  const configured = globalValue<string>('http', 'proxy')?.trim();
  if (configured) return configured;
  const https = gmsUrl.startsWith('https:');
  const fromEnv = https ? (env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
  return fromEnv?.trim() || undefined;
}

/** NO_PROXY from the environment plus VS Code's http.noProxy list. */
function noProxy(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const list = [env.NO_PROXY ?? env.no_proxy ?? '', ...(globalValue<string[]>('http', 'noProxy') ?? [])]
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
  return list.length ? list.join(',') : undefined;
}

/** Expands a leading ~ so "~/certs/ca.pem" works as users expect. */
function expandHome(file: string): string {
  return file.startsWith('~/') || file === '~' ? os.homedir() + file.slice(1) : file;
}

/** Reads the connection's CA file, else datahub.tls.caFile; a clear error when it cannot be read. */
function readCa(connection: Connection): string | undefined {
  const own = connection.caFile?.trim();
  const file = own || globalValue<string>('datahub', 'tls.caFile')?.trim();
  if (!file) return undefined;
  const where = own ? `the "caFile" of the connection "${connection.name}"` : 'datahub.tls.caFile';
  const full = expandHome(file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new ConnectionError('caFile', `The CA file in ${where} (${full}) could not be read (${reason}). Fix the path in your user settings or clear it.`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw new ConnectionError('caFile', `The CA file in ${where} (${full}) holds no PEM certificate ("-----BEGIN CERTIFICATE-----"). Point it at a PEM file.`);
  }
  return text;
}

/** Everything but the URL, token and log hook, for one connection (its TLS fields were checked when the settings were read). */
export function clientSettings(connection: Connection): Omit<GmsClientOptions, 'gmsUrl' | 'token' | 'onRequest'> {
  const gmsUrl = connection.gmsUrl;
  // Clamped: a timeout of a fraction of a second (from any settings file) would fail every request.
  const timeoutSeconds = clampSetting(vscode.workspace.getConfiguration('datahub').get<number>('requestTimeoutSeconds'), TIMEOUT_SECONDS);
  const options: Omit<GmsClientOptions, 'gmsUrl' | 'token' | 'onRequest'> = {
    timeoutMs: timeoutSeconds * 1000,
    userAgent: `datahub-index-ops/${vscode.extensions.getExtension('datahub-index-ops.datahub-index-ops')?.packageJSON?.version ?? '0'} vscode/${vscode.version}`,
  };
  const ca = readCa(connection);
  if (ca) options.ca = ca;
  // Per connection only, and never on production or DataHub Cloud (tlsOptOut.ts refused it there).
  if (connection.rejectUnauthorized === false && !tlsOptOutRefusal(connection)) options.rejectUnauthorized = false;
  const proxy = proxyFor(gmsUrl);
  if (proxy) {
    options.proxyUrl = proxy;
    // VS Code's own proxy credentials and certificate check, from the user's settings only (never logged).
    const authorization = globalValue<string>('http', 'proxyAuthorization')?.trim();
    if (authorization) options.proxyAuthorization = authorization;
    if (globalValue<boolean>('http', 'proxyStrictSSL') === false) options.proxyStrictSSL = false;
  }
  const skip = noProxy();
  if (skip) options.noProxy = skip;
  return options;
}

/** Settings whose change means a new client. */
export const CLIENT_SETTINGS = [
  'datahub.connections',
  'datahub.requestTimeoutSeconds',
  'datahub.tls.caFile',
  'http.proxy',
  'http.noProxy',
  'http.proxyAuthorization',
  'http.proxyStrictSSL',
];
