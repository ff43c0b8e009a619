// The one sanitiser for text that came from a server or a document on its way to
// the screen (notifications, progress titles, quick picks, status bar, tree).
// VS Code turns `[label](command:…)` in notification text into a live link that
// runs any command with any arguments. Its pattern ignores Markdown backslash
// escapes (`\[x\](command:…)` still links), so the `](` pair itself is broken;
// https: and file: links are treated the same as command: ones. Pure, linear.

/** Longest server- or document-derived text shown in one place. */
export const MAX_UI_TEXT = 1000;

import { hideUserInfo } from '../gms/redact';

// Control characters (except tab and line break) and bidirectional overrides,
// which can make one text read as another.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text without control characters (tab and line breaks kept) or bidirectional overrides. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * Text safe to show: no link can form (every `](` becomes `] (`), no control or
 * bidi characters, no user info in URLs, at most `max` characters (an ellipsis marks a cut).
 */
export function uiText(value: unknown, max: number = MAX_UI_TEXT): string {
  let text = typeof value === 'string' ? value : String(value);
  // Cap first (with room for the inserted spaces) so the work stays linear in `max`.
  if (text.length > max * 2) text = text.slice(0, max * 2);
  text = hideUserInfo(text.replace(INVISIBLE, '').replace(/\r\n?/g, '\n')).split('](').join('] (');
  if (text.length > max) text = `${text.slice(0, Math.max(0, max - 1))}…`;
  return text;
}

/** One line of text (labels, descriptions, status bar): line breaks become spaces. */
export function uiLine(value: unknown, max: number = 300): string {
  return uiText(value, max).replace(/\n+/g, ' ');
}
