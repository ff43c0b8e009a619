// A JSON scanner that walks a document without building it: each container's opening and each scalar is handed to
// a visitor with its path (object keys, array indices as decimal strings), and a string is decoded only when the
// visitor asks for it. A report of megabytes of sample URNs is read in one pass with no copy of it kept. Pure.

export type JsonScalar = number | boolean | string | null;

export interface JsonVisitor {
  /** A container opens at this path. */
  enter?(path: readonly string[], kind: 'object' | 'array'): void;
  /** Whether the string at this path is wanted (decoded and handed to `scalar`); other strings are skipped. */
  wantString?(path: readonly string[]): boolean;
  /** A number, boolean, null, or a wanted string, at this path. */
  scalar(path: readonly string[], value: JsonScalar): void;
}

/** Deeper nesting is refused (no stack is spent on a hostile document). */
export const MAX_JSON_DEPTH = 64;

class ScanError extends Error {}

/** Walks `text`; undefined when it is JSON, otherwise why not. */
export function scanJson(text: string, visitor: JsonVisitor): string | undefined {
  const n = text.length;
  const path: string[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new ScanError(`${why} at character ${i}`);
  };
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const str = (keep: boolean): string => {
    const start = i;
    i++;
    let escaped = false;
    for (;;) {
      if (i >= n) fail('a string that does not end');
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        escaped = true;
        i += 2;
      } else if (c < 32) fail('a control character in a string');
      else i++;
    }
    i++;
    if (!keep) return '';
    const raw = text.slice(start, i);
    return escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  };
  const num = (): number => {
    const start = i;
    if (text.charCodeAt(i) === 45) i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if ((c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45) i++;
      else break;
    }
    const v = Number(text.slice(start, i));
    if (start === i || !Number.isFinite(v)) fail('a number that is not one');
    return v;
  };
  const word = (w: string, v: JsonScalar): void => {
    if (!text.startsWith(w, i)) fail('an unexpected character');
    i += w.length;
    visitor.scalar(path, v);
  };
  const value = (depth: number): void => {
    if (depth > MAX_JSON_DEPTH) fail(`nesting deeper than ${MAX_JSON_DEPTH}`);
    ws();
    const c = text.charCodeAt(i);
    if (c === 123) {
      visitor.enter?.(path, 'object');
      i++;
      ws();
      if (text.charCodeAt(i) === 125) {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text.charCodeAt(i) !== 34) fail('an object key that is not a string');
        const key = str(true);
        ws();
        if (text.charCodeAt(i) !== 58) fail('a missing colon');
        i++;
        path.push(key);
        value(depth + 1);
        path.pop();
        ws();
        const next = text.charCodeAt(i++);
        if (next === 44) continue;
        if (next === 125) return;
        fail('an object that does not end');
      }
    }
    if (c === 91) {
      visitor.enter?.(path, 'array');
      i++;
      ws();
      if (text.charCodeAt(i) === 93) {
        i++;
        return;
      }
      for (let k = 0; ; k++) {
        path.push(String(k));
        value(depth + 1);
        path.pop();
        ws();
        const next = text.charCodeAt(i++);
        if (next === 44) continue;
        if (next === 93) return;
        fail('an array that does not end');
      }
    }
    if (c === 34) {
      const keep = visitor.wantString?.(path) ?? false;
      const s = str(keep);
      if (keep) visitor.scalar(path, s);
      return;
    }
    if (c === 116) return word('true', true);
    if (c === 102) return word('false', false);
    if (c === 110) return word('null', null);
    if (c === 45 || (c >= 48 && c <= 57)) {
      visitor.scalar(path, num());
      return;
    }
    fail(i >= n ? 'the end of the text' : 'an unexpected character');
  };
  try {
    value(0);
    ws();
    if (i < n) fail('text after the document');
    return undefined;
  } catch (error) {
    if (error instanceof ScanError || error instanceof SyntaxError) return error.message;
    throw error;
  }
}
