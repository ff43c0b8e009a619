// NO_PROXY matching, as curl and most tools read it: comma/space separated
// entries of "*", host names (also matching their subdomains), ".suffix",
// "*.suffix", and any of those with ":port".

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function splitEntry(entry: string): { host: string; port?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1], port: bracketed[2] };
  const m = /^([^:]+):(\d+)$/.exec(entry);
  // A bare IPv6 address has several colons and no port.
  return m ? { host: m[1], port: m[2] } : { host: entry };
}

/** True when `target` (a URL) must be reached directly, not through the proxy. */
export function bypassesProxy(target: string, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const url = new URL(target);
  const host = stripBrackets(url.hostname.toLowerCase());
  const port = url.port || defaultPort(url.protocol);
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const { host: pattern, port: wantedPort } = splitEntry(entry);
    if (wantedPort !== undefined && wantedPort !== port) continue;
    const suffix = pattern.replace(/^\*?\./, '');
    if (suffix === '') continue;
    if (host === suffix || host.endsWith(`.${suffix}`)) return true;
  }
  return false;
}

/** The NO_PROXY list in effect: the option, else the environment. */
export function effectiveNoProxy(option: string | undefined): string | undefined {
  return option ?? process.env.NO_PROXY ?? process.env.no_proxy;
}
