// One request to GMS as every exchange sends it: the attempt over http.ts, the
// token hidden from the answer, a non-2xx answer mapped by the exchange's own
// rule, the answer parsed, one log entry per attempt, and retries (network
// failures, 502/503/504) only for requests that read; a read answered 429 with a
// Retry-After of at most 30 s waits it out once (with jitter) and asks again. Shared by the Rest.li and
// OpenAPI exchanges, so both keep the same timeouts, size cap, redaction and retries.
import type { Dispatcher } from 'undici';
import { isGmsError, type GmsError } from './errors';
import { invalidResponse } from './errorMapping';
import { backoff, exchange, type Answer } from './http';
import type { GmsAction, RequestLogEntry, SentWrite } from './types';

/** What every exchange needs from the client: the transport, the origin, the budgets, redaction and the log. */
export interface WireContext {
  dispatcher: Dispatcher;
  /** e.g. https://host */
  origin: string;
  /** The normalised GMS base, e.g. https://host/api/gms */
  baseUrl: string;
  /** Headers every request carries: user-agent and (with a token) authorization. */
  headers: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Retries of a read on a network failure or 502/503/504. */
  retries: number;
  retryBaseDelayMs: number;
  hideToken: (text: string) => string;
  log: (entry: RequestLogEntry) => void;
  /** False when nobody listens: no log entry is built on the fast path. */
  logging: boolean;
  /** Told of each write actually sent (a request with `write`), once its answer (or failure) is known; never a read or a dry run. */
  onWrite?: (write: SentWrite) => void;
}

/**
 * What a request changes on the server, for the operations journal: present on a write
 * only. A dry run (truncation, offset reset, replay, fix with dryRun) sends none, even
 * where it is not retried (readOnly: false) like the write it previews.
 */
export interface WriteDescriptor {
  /** What it acts on: URNs, a URN pattern, an index, a consumer group, a job (a sample is kept). */
  targets: readonly string[];
}

export interface WireRequest<T> {
  action: GmsAction;
  /** The address named in the log (without a query that could carry user input). */
  url: string;
  /** Path and query on the origin. */
  path: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** Only reads are repeated: a restore or a truncation never is. */
  readOnly: boolean;
  /** Set on a write (never on a read or a dry run): reported to ctx.onWrite once sent. */
  write?: WriteDescriptor;
  /** A tighter answer cap than the client's, for an answer whose size was asked for (a pod log's limitBytes). */
  maxResponseBytes?: number;
  /** Non-2xx statuses that are answers, not failures (GMS's /health 503 while bootstrapping): given to parse. */
  answers?: (status: number) => boolean;
  /** A non-2xx answer (token already hidden) as the exchange's GmsError. */
  fail: (answer: Answer) => GmsError;
  /** A 2xx answer (token already hidden) as the result; throws GmsError on a shape it does not know. */
  parse: (answer: Answer) => T;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
/** The longest Retry-After a read waits out (a longer one fails at once, saying so). */
export const RETRY_AFTER_MAX_MS = 30_000;

/**
 * Retry-After as ms (delta-seconds, as DataHub sends it, or an HTTP date), plus up to 10 %
 * (at most 1 s) of jitter so clients told the same do not come back together; undefined
 * when absent, unreadable or past RETRY_AFTER_MAX_MS.
 */
export function retryAfterWait(value: string | undefined, now = Date.now(), random = Math.random): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  // An HTTP date starts with its day name (RFC 9110 IMF-fixdate, e.g. "Fri, 27 Nov 2026 22:00:05 GMT").
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) - now : NaN;
  if (!Number.isFinite(ms) || ms > RETRY_AFTER_MAX_MS) return undefined;
  const base = Math.max(0, ms);
  return Math.min(RETRY_AFTER_MAX_MS, Math.round(base + random() * Math.min(1000, base / 10 + 100)));
}

/** Sends the request (with the retries it allows) and returns the parsed answer; every failure is a GmsError. */
export async function send<T>(ctx: WireContext, req: WireRequest<T>, signal?: AbortSignal): Promise<T> {
  const { action } = req;
  let attempts = req.readOnly ? ctx.retries + 1 : 1;
  let waitedOut = false;
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    let answer: Answer | undefined;
    try {
      answer = await exchange(ctx.dispatcher, {
        action,
        origin: ctx.origin,
        path: req.path,
        method: req.method,
        headers: req.headers,
        body: req.body,
        timeoutMs: ctx.timeoutMs,
        maxResponseBytes: Math.min(ctx.maxResponseBytes, req.maxResponseBytes ?? Infinity),
        signal,
      });
      const text = ctx.hideToken(answer.text);
      const location = answer.location === undefined ? undefined : ctx.hideToken(answer.location);
      if (text !== answer.text || location !== answer.location) answer = { ...answer, text, location };
      if ((answer.status < 200 || answer.status >= 300) && req.answers?.(answer.status) !== true) throw req.fail(answer);
      const result = req.parse(answer);
      if (req.write) reportWrite(ctx, req, answer.status);
      if (ctx.logging) ctx.log({ action, url: req.url, attempt, status: answer.status, durationMs: Date.now() - started, responseBytes: answer.bytes });
      return result;
    } catch (error) {
      const failure = isGmsError(error) ? error : invalidResponse(action, `the answer could not be read (${String(error)})`, answer?.text);
      // GMS throttles with a 429 and Retry-After in seconds (GlobalControllerExceptionHandler.java): a read waits it out once.
      const wait = req.readOnly && !waitedOut && failure.status === 429 && !signal?.aborted ? retryAfterWait(answer?.retryAfter) : undefined;
      ctx.log({
        action,
        url: req.url,
        attempt,
        status: answer?.status,
        durationMs: Date.now() - started,
        responseBytes: answer?.bytes ?? 0,
        errorKind: failure.kind,
        ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      });
      if (req.write && wait === undefined) reportWrite(ctx, req, answer?.status, failure);
      if (wait !== undefined) {
        waitedOut = true;
        attempts++;
        await backoff(wait, action, signal);
        continue;
      }
      const retryable = failure.kind === 'network' || (failure.kind === 'server' && RETRY_STATUSES.has(failure.status ?? 0));
      if (!retryable || attempt >= attempts || signal?.aborted) throw failure;
      await backoff(ctx.retryBaseDelayMs * 2 ** (attempt - 1), action, signal);
    }
  }
}

/** Tells ctx.onWrite of a write sent; a failing listener never fails the write. */
function reportWrite(ctx: WireContext, req: WireRequest<unknown>, status: number | undefined, failure?: GmsError): void {
  if (!ctx.onWrite || !req.write) return;
  try {
    ctx.onWrite({
      action: req.action,
      targets: req.write.targets,
      ...(status !== undefined ? { status } : {}),
      ...(failure ? { failed: failure.kind } : {}),
    });
  } catch {
    // The journal's trouble is its own (it says so); the write's answer stands.
  }
}
