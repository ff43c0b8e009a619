// Turns whatever a user types as the GMS URL into the operations base the
// client posts to. Dependency-free: the Add Connection flow uses it eagerly.
import { GmsError } from './errors';

function invalid(message: string): GmsError {
  return new GmsError({ kind: 'invalidInput', field: 'gmsUrl', message: `gmsUrl: ${message}` });
}

function isAcryl(hostname: string): boolean {
  return hostname === 'acryl.io' || hostname.endsWith('.acryl.io');
}

/**
 * Normalises a GMS URL: http(s) only, no credentials, query or fragment, no
 * trailing slash. Follows the DataHub CLI for DataHub Cloud (https, /gms added
 * when the URL has no path). A pasted ".../operations" is trimmed to its base.
 * Throws GmsError kind 'invalidInput' (field 'gmsUrl').
 */
export function normaliseGmsUrl(input: string): string {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text.length === 0) throw invalid('enter the GMS URL, e.g. http://localhost:8080 or https://host/api/gms');
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:(?!\d)/.test(text)) {
      throw invalid(`only http:// and https:// URLs are supported, not "${text.split(':')[0]}:"`);
    }
    throw invalid(`add the scheme, e.g. http://${text} or https://${text}`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`"${text}" is not a valid URL; use a form like http://localhost:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`only http:// and https:// URLs are supported, not "${url.protocol}"`);
  }
  if (url.username !== '' || url.password !== '') {
    // Never echo the URL here: it carries the credentials.
    throw invalid('remove the user name and password from the URL; set an access token instead');
  }
  if (url.search !== '' || text.includes('?')) throw invalid('remove the query string ("?...") from the URL');
  if (url.hash !== '' || text.includes('#')) throw invalid('remove the fragment ("#...") from the URL');
  if (url.hostname === '') throw invalid('the URL has no host name');

  let path = url.pathname.replace(/\/+$/, '');
  // A pasted operations URL points one level too deep.
  path = path.replace(/\/operations$/, '');
  let protocol = url.protocol;
  if (isAcryl(url.hostname)) {
    protocol = 'https:';
    if (path === '') path = '/gms';
  }
  const port = url.port !== '' && !(protocol === 'https:' && url.port === '443') ? `:${url.port}` : '';
  return `${protocol}//${url.hostname}${port}${path}`;
}
