// Reads "Delete 120 out of 201 rows (59.70%)." out of a truncation answer by plain
// scanning, in time linear in the answer. A backtracking pattern here took
// seconds on a few kilobytes of crafted whitespace and blocked the extension host.

/** Only this much of an answer is searched: real summaries are one short sentence. */
export const MAX_SUMMARY_SCAN = 16 * 1024;
/** The share in parentheses is a few characters ("59.70%", "0.5970", "59,70 %"). */
const MAX_SHARE_LENGTH = 64;

export interface SummaryNumbers {
  toDelete: number;
  total: number;
  /** What stood in the parentheses, trimmed. */
  share: string;
}

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || c === 0xa0;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Scans one summary starting at `at` (just after "delete"); undefined when it does not follow. */
function scanFrom(lower: string, at: number): SummaryNumbers | undefined {
  let i = at;
  const spaces = (min: number): boolean => {
    const from = i;
    while (i < lower.length && isSpace(lower.charCodeAt(i))) i++;
    return i - from >= min;
  };
  const word = (w: string): boolean => {
    if (!lower.startsWith(w, i)) return false;
    i += w.length;
    return true;
  };
  const count = (): number | undefined => {
    const from = i;
    while (i < lower.length && isDigit(lower.charCodeAt(i)) && i - from < 20) i++;
    const digits = lower.slice(from, i);
    return digits.length >= 1 && digits.length <= 19 ? Number(digits) : undefined;
  };
  if (!spaces(1)) return undefined;
  const toDelete = count();
  if (toDelete === undefined || !spaces(1) || !word('out') || !spaces(1) || !word('of') || !spaces(1)) return undefined;
  const total = count();
  if (total === undefined || !spaces(1) || !word('rows')) return undefined;
  spaces(0);
  if (!word('(')) return undefined;
  // Only a short window is searched for ")", so a failed attempt costs at most that much.
  const close = lower.slice(i, i + MAX_SHARE_LENGTH + 1).indexOf(')');
  if (close < 0) return undefined;
  return { toDelete, total, share: lower.slice(i, i + close).trim() };
}

/** The counts and share of the first "Delete N out of M rows (share)" in the text, case-insensitive. */
export function findDryRunSummary(text: string): SummaryNumbers | undefined {
  const lower = text.slice(0, MAX_SUMMARY_SCAN).toLowerCase();
  // Each failed attempt stops at a word other than "delete", so no character is scanned twice.
  for (let at = lower.indexOf('delete'); at >= 0; at = lower.indexOf('delete', at + 6)) {
    const found = scanFrom(lower, at + 6);
    if (found) return found;
  }
  return undefined;
}

/** Which method the answer names: reindex, delete by query, or neither. */
export function methodNamed(text: string): 'reindex' | 'deleteByQuery' | 'unknown' {
  const words = text.slice(0, MAX_SUMMARY_SCAN).toLowerCase().replace(/\s+/g, ' ');
  if (words.includes('reindex')) return 'reindex';
  return words.includes('delete by query') ? 'deleteByQuery' : 'unknown';
}
