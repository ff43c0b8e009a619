// Hides a token that a server echoes back (error pages, debug bodies, proxies,
// redirect addresses), also when the echo changed its case, URL-encoded it,
// JSON-escaped it or base64-encoded it (tokenForms.ts lists the forms).
import { tokenEchoForms } from './tokenForms';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A function replacing every echo of `token` with "<redacted>". */
export function tokenHider(token: string): (text: string) => string {
  if (token.length === 0) return (text) => text;
  // Under 4 characters: hidden where it stands alone (not inside a longer word), exact case, so messages stay readable.
  const pattern =
    token.length < 4
      ? new RegExp(`(?<![A-Za-z0-9._~+/=-])${escape(token)}(?![A-Za-z0-9._~+/=-])`, 'g')
      : // Literal alternatives, case-insensitive: linear in the text.
        new RegExp(tokenEchoForms(token).map(escape).join('|'), 'gi');
  return (text) => {
    pattern.lastIndex = 0;
    if (!pattern.test(text)) return text;
    pattern.lastIndex = 0;
    return text.replace(pattern, '<redacted>');
  };
}

/** Drops the user info of every URL in a text: `http://user:secret@host` becomes `http://host`. */
export function hideUserInfo(text: string): string {
  return text.includes('@') ? text.replace(/\b([a-z][a-z0-9+.-]{0,30}:\/\/)[^\s/?#@]{0,2048}@/gi, '$1') : text;
}
