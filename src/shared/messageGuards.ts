// Guards for messages that cross from a webview to the extension host (and
// back): the shared checks every webview protocol builds on. No vscode import:
// the webview bundles use them too.

/** Longer than any real index name (Elasticsearch caps them at 255 bytes), short enough to log. */
export const MAX_INDEX_NAME_LENGTH = 1024;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isIndexName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_INDEX_NAME_LENGTH;
}

/** One guard per message kind; each copies only the known fields, so extra ones never reach a handler. */
export type Guards<M extends { type: string }> = { [K in M['type']]: (m: Record<string, unknown>) => Extract<M, { type: K }> | undefined };

/** A message from a webview, checked against its guards; undefined for anything unknown or malformed. */
export function parseWith<M extends { type: string }>(guards: Guards<M>, value: unknown): M | undefined {
  if (!isObject(value) || typeof value.type !== 'string' || !Object.prototype.hasOwnProperty.call(guards, value.type)) return undefined;
  return (guards as Record<string, (m: Record<string, unknown>) => M | undefined>)[value.type](value);
}

/** A short, single-line description of an untrusted value for the log. */
export function describeForLog(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
