// TLS certificate checks per connection: `"rejectUnauthorized": false` turns them
// off for one connection (a dev server with a self-signed certificate), never for
// all. It is refused on a production connection and on DataHub Cloud hosts, whose
// certificates are public: there, an opt-out could only help an interceptor.
// Pure: no vscode import.

/** The per-connection TLS fields of a datahub.connections entry. */
export interface ConnectionTls {
  /** false: certificate checks are off for this connection (never set on production or DataHub Cloud). */
  rejectUnauthorized?: false;
  /** PEM file of extra certificate authorities for this connection (instead of datahub.tls.caFile). */
  caFile?: string;
}

/** The words every refusal carries, so the connections feature can show refusals (and only them) on screen. */
export const TLS_OPT_OUT_REFUSED = 'its certificate checks cannot be turned off';

/** True for a settings problem that is a refused opt-out. */
export function isTlsOptOutRefusal(problem: string): boolean {
  return problem.includes(TLS_OPT_OUT_REFUSED);
}

/** DataHub Cloud (Acryl) hosts: `<tenant>.acryl.io`, and the `datahubproject.io` family. */
export function isDataHubCloudHost(gmsUrl: string): boolean {
  let host: string;
  try {
    host = new URL(gmsUrl.trim()).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return ['acryl.io', 'datahubproject.io', 'datahub.com'].some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Why the TLS opt-out is refused for this connection, or undefined when it is allowed. */
export function tlsOptOutRefusal(connection: { name: string; gmsUrl: string; environment?: string }): string | undefined {
  if (connection.environment === 'production') {
    return `"${connection.name}" is a production connection: ${TLS_OPT_OUT_REFUSED} ("rejectUnauthorized": false was ignored). Give the server a certificate from a CA, or set "caFile" to its CA's PEM file.`;
  }
  if (isDataHubCloudHost(connection.gmsUrl)) {
    return `"${connection.name}" is a DataHub Cloud host, whose certificate is public: ${TLS_OPT_OUT_REFUSED} ("rejectUnauthorized": false was ignored).`;
  }
  return undefined;
}

/**
 * Reads the TLS fields of one settings entry into `connection` (after its URL and
 * environment were read). Problems (a refused opt-out, a bad value) go to `problems`;
 * anything unclear leaves the checks on.
 */
export function readConnectionTls(
  entry: Record<string, unknown>,
  connection: { name: string; gmsUrl: string; environment?: string } & ConnectionTls,
  label: string,
  problems: string[],
): void {
  const { rejectUnauthorized, caFile } = entry;
  if (rejectUnauthorized === false) {
    const refusal = tlsOptOutRefusal(connection);
    if (refusal) problems.push(`${label}: ${refusal}`);
    else connection.rejectUnauthorized = false;
  } else if (rejectUnauthorized !== undefined && rejectUnauthorized !== null && rejectUnauthorized !== true) {
    problems.push(`${label}: "rejectUnauthorized" must be true or false, not ${JSON.stringify(rejectUnauthorized)}; certificate checks stay on.`);
  }
  if (typeof caFile === 'string' && caFile.trim()) connection.caFile = caFile.trim();
  else if (caFile !== undefined && caFile !== null && caFile !== '') problems.push(`${label}: "caFile" must be a path; ignored.`);
}

/** Connections whose certificate checks a global datahub.tls.rejectUnauthorized: false would now turn off, and those it may not. */
export function planGlobalTlsMigration<C extends { name: string; gmsUrl: string; environment?: string } & ConnectionTls>(
  connections: readonly C[],
): { optOut: string[]; refused: string[] } {
  const optOut: string[] = [];
  const refused: string[] = [];
  for (const c of connections) {
    if (tlsOptOutRefusal(c)) refused.push(c.name);
    else optOut.push(c.name);
  }
  return { optOut, refused };
}
