// How GMS's Spring MVC side (the OpenAPI servlet) answers, as opposed to Rest.li:
// ResponseEntity bodies written as they are, Spring Boot's error JSON for what the
// framework refuses before a controller runs, and Spring's request-parameter binding.
//
// Inferred from Spring's documented defaults, not read in DataHub (GMS has no error
// controller of its own for these): DefaultHandlerExceptionResolver answers a missing
// required @RequestParam, a value that does not convert, an unreadable @RequestBody
// with 400, a wrong method with 405 (and an Allow header); an exception a controller
// does not catch is a 500; Spring Boot's BasicErrorController renders each as
// {"timestamp", "status", "error", "path"}. GlobalControllerExceptionHandler.java
// (openapi-servlet) maps only InvalidUrnException, throttling and a few others.

import type { Reply } from './restli';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

/** Spring Boot's error JSON (BasicErrorController), for the request path. */
export function springError(status: number, path: string, headers: Record<string, string> = {}): Reply {
  const body = { timestamp: new Date().toISOString().replace('Z', '+00:00'), status, error: REASONS[status] ?? 'Error', path };
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/**
 * A controller's ResponseEntity<String>: the body as given. The endpoints declare
 * `produces = application/json`, so the content type says JSON even when the text is not
 * (the 403/400/500 sentences of getIndexSizes and getTaskStatus).
 */
export function textAs(status: number, body: string, contentType = 'application/json'): Reply {
  return { status, headers: { 'content-type': contentType }, body };
}

/** ResponseEntity.status(...).build() or .body(null): a status, no body, no content type. */
export function empty(status: number): Reply {
  return { status, headers: {}, body: '' };
}

export function json(value: unknown, status = 200): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

/** Thrown by the binders below; the router turns it into springError(400). */
export class BindError extends Error {}

/** Query parameters as Spring binds them (of repeated scalar parameters the first is used here). */
export class SpringParams {
  constructor(private readonly query: URLSearchParams) {}

  has(name: string): boolean {
    return this.query.has(name);
  }

  /** @RequestParam String: absent -> the default (or undefined); required and absent -> 400. */
  string(name: string, options: { required?: boolean; defaultValue?: string } = {}): string | undefined {
    const value = this.query.get(name);
    if (value !== null) return value;
    if (options.defaultValue !== undefined) return options.defaultValue;
    if (options.required) throw new BindError(`Required request parameter '${name}' is not present`);
    return undefined;
  }

  /** @RequestParam Integer / Long: a value that is not a whole number of that range -> 400. */
  integer(name: string, defaultValue: number | undefined, bits: 32 | 64 = 32): number | undefined {
    const value = this.query.get(name);
    if (value === null || (value === '' && defaultValue !== undefined)) return defaultValue;
    const trimmed = value.trim();
    const n = Number(trimmed);
    const max = bits === 32 ? 2_147_483_647 : Number.MAX_SAFE_INTEGER;
    if (!/^[-+]?\d+$/.test(trimmed) || n > max || n < -max - 1) throw new BindError(`Failed to convert value '${value}' of '${name}'`);
    return n;
  }

  /** @RequestParam Boolean: Spring's StringToBooleanConverter (true/on/yes/1, false/off/no/0). */
  boolean(name: string, defaultValue: boolean): boolean {
    const value = this.query.get(name);
    if (value === null || value === '') return defaultValue;
    const v = value.trim().toLowerCase();
    if (['true', 'on', 'yes', '1'].includes(v)) return true;
    if (['false', 'off', 'no', '0'].includes(v)) return false;
    throw new BindError(`Invalid boolean value '${value}' of '${name}'`);
  }

  /** @RequestParam Set<String>: repeated parameters and comma-separated values both; absent -> undefined. */
  stringSet(name: string): string[] | undefined {
    const values = this.query.getAll(name);
    if (values.length === 0) return undefined;
    return [
      ...new Set(
        values
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter((v) => v !== ''),
      ),
    ];
  }
}

/** A @RequestBody Set<String>: a JSON array of strings, else 400 (HttpMessageNotReadableException). */
export function stringSetBody(raw: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BindError('Required request body is missing or not JSON');
  }
  if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string')) throw new BindError('Cannot deserialize a Set<String> from the body');
  return parsed;
}

/** Java's String.hashCode (UTF-16 code units, 32-bit wrap). */
function javaHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The iteration order of a java.util.HashSet<String> built from these values: duplicates gone,
 * buckets by (h ^ h >>> 16) & (capacity - 1), insertion order within a bucket (table size 16,
 * doubled while size > 0.75 x capacity). What a controller taking `Set<String>` then iterates.
 */
export function javaHashSetOrder(values: readonly string[]): string[] {
  const unique = [...new Set(values)];
  let capacity = 16;
  while (unique.length > capacity * 0.75) capacity *= 2;
  const bucket = (s: string) => {
    const h = javaHash(s);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return unique
    .map((value, index) => ({ value, index, bucket: bucket(value) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.value);
}

/** java.net.URLEncoder.encode(value, UTF-8): what ElasticsearchController.encodeValue does to a URN document id. */
export function javaUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

export function javaUrlDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return value;
  }
}
