// Hides a token that a server echoes back (error pages, debug bodies, proxies,
// redirect addresses), also when the echo changed its case or URL-encoded it.

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A function replacing every echo of `token` with "<redacted>"; identity for tokens under 4 characters. */
export function tokenHider(token: string): (text: string) => string {
  if (token.length < 4) return (text) => text;
  const forms = [...new Set([token, encodeURIComponent(token), encodeURIComponent(encodeURIComponent(token))])];
  // Literal alternatives, case-insensitive: linear in the text.
  const pattern = new RegExp(forms.map(escape).join('|'), 'gi');
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
