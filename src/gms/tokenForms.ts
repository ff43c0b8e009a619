// The ways a server, proxy or debug page may echo a token besides verbatim:
// URL-encoded (once or twice), JSON-escaped ("\/", "\u002f") and base64 (standalone,
// base64url, or inside a longer base64 text such as a Basic header, at each of the
// three byte alignments). redact.ts hides every form found here.

/** Base64 text whose characters depend on the token's bytes alone, at byte offset `k` of a longer text. */
function base64Cores(token: string): string[] {
  const bytes = Buffer.from(token, 'utf8');
  const cores: string[] = [];
  for (let k = 0; k < 3; k++) {
    const encoded = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    const start = Math.ceil((k * 8) / 6);
    const end = Math.floor(((k + bytes.length) * 8) / 6);
    cores.push(encoded.slice(start, end));
  }
  const whole = bytes.toString('base64');
  return [whole, whole.replace(/=+$/, ''), ...cores];
}

/** JSON string escapes of the token (without the quotes): standard, "\/" for "/", and \u00XX for every non-alphanumeric. */
function jsonForms(token: string): string[] {
  const standard = JSON.stringify(token).slice(1, -1);
  const slashes = standard.replace(/\//g, '\\/');
  const unicode = [...token].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('');
  return [standard, slashes, unicode];
}

/** Shortest base64 text still hidden: below it a match could be chance. */
const MIN_BASE64_CORE = 8;

/** Every echo form worth hiding, longest first (so a longer form wins over a shorter one inside it). */
export function tokenEchoForms(token: string): string[] {
  const base64 = base64Cores(token).flatMap((b) => [b, b.replace(/\+/g, '-').replace(/\//g, '_')]);
  const forms = [
    token,
    encodeURIComponent(token),
    encodeURIComponent(encodeURIComponent(token)),
    ...jsonForms(token),
    ...base64.filter((b) => b.length >= MIN_BASE64_CORE),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}
