// Fault injection: which rule (if any) answers a request, and the broken
// answers themselves. A fault other than `latency` and `failedBatches` replaces the
// action: the action does not run, so restore counts do not move.

import type { ServerResponse } from 'node:http';
import type { FaultKind, FaultRule } from './api';
import { proxyErrorPage, restliError, type Reply } from './restli';

export interface ActiveFault {
  rule: FaultRule;
  /** Matching requests seen so far (for skip). */
  seen: number;
  /** Times the fault was applied (for times). */
  applied: number;
}

/** The fault to apply to this request, counting it against the rules it matches. */
export function matchFault(
  faults: ActiveFault[],
  action: string | undefined,
  start: number,
  truncate: { aspect?: string; dryRun: boolean } = { dryRun: true },
  transport?: 'restli' | 'openapi',
): FaultKind | undefined {
  for (const f of faults) {
    const { rule } = f;
    if (rule.action !== undefined && rule.action !== action) continue;
    if (rule.transport !== undefined && rule.transport !== transport) continue;
    if (rule.start !== undefined && rule.start !== start) continue;
    if (rule.aspect !== undefined && rule.aspect.toLowerCase() !== truncate.aspect?.toLowerCase()) continue;
    if (rule.dryRun !== undefined && rule.dryRun !== truncate.dryRun) continue;
    if (rule.times !== undefined && f.applied >= rule.times) continue;
    f.seen++;
    if (f.seen <= (rule.skip ?? 0)) continue;
    f.applied++;
    return rule.fault;
  }
  return undefined;
}

const SAMPLE_ENTRY = '{"indexName":"dataset_datasetprofileaspect_v1","entityName":"dataset","aspectName":"datasetprofile","sizeInMb":18342.113}';

/** A well-formed getIndexSizes-like body of exactly `bytes` bytes (entries, then space padding). */
function* oversizedChunks(bytes: number): Generator<string> {
  const head = '{"value":{"indexSizes":[';
  const tail = ']}}';
  let room = bytes - head.length - tail.length - SAMPLE_ENTRY.length;
  if (room < 0) {
    yield `${head}${tail}`.padEnd(bytes).slice(0, Math.max(bytes, 0));
    return;
  }
  yield head + SAMPLE_ENTRY;
  const one = `,${SAMPLE_ENTRY}`;
  const many = one.repeat(256);
  for (; room >= many.length; room -= many.length) yield many;
  for (; room >= one.length; room -= one.length) yield one;
  if (room > 0) yield ' '.repeat(room);
  yield tail;
}

async function stream(res: ServerResponse, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) {
    if (res.destroyed) return;
    if (res.write(chunk)) continue;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  res.end();
}

/** A plausible success body for the half-sent and cut-short faults. */
function sampleBody(): string {
  return `{"value":{"indexSizes":[${Array.from({ length: 12 }, () => SAMPLE_ENTRY).join(',')}]}}`;
}

/**
 * Answers the request with the fault. Returns the status to record (0 when no
 * status line went out), or undefined for `latency`, after which the request proceeds.
 */
export async function applyFault(
  fault: FaultKind,
  res: ServerResponse,
  record: (status: number) => void,
  send: (reply: Reply) => void,
): Promise<number | undefined> {
  switch (fault.kind) {
    case 'latency':
      await new Promise((resolve) => setTimeout(resolve, fault.ms));
      return undefined;
    case 'failedBatches':
      return undefined; // the action runs; restoreIndices drops the batches (restore.ts)
    case 'reset':
      record(0);
      res.socket?.destroy();
      return 0;
    case 'resetMidBody': {
      const body = sampleBody();
      record(200);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.write(body.slice(0, body.length >> 1), () => setTimeout(() => res.socket?.destroy(), 20));
      return 200;
    }
    case 'status': {
      const body = fault.body ?? '';
      const contentType = fault.contentType ?? (looksJson(body) ? 'application/json' : 'text/plain');
      send({ status: fault.status, headers: { 'content-type': contentType }, body });
      return fault.status;
    }
    case 'html':
      send(proxyErrorPage(fault.status));
      return fault.status;
    case 'truncated': {
      const body = sampleBody();
      send({ status: 200, headers: { 'content-type': 'application/json' }, body: body.slice(0, body.length >> 1) });
      return 200;
    }
    case 'oversized':
      record(200);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Math.max(fault.bytes, 0) });
      await stream(res, oversizedChunks(fault.bytes));
      return 200;
    case 'redirect':
      send({ status: fault.status, headers: { location: fault.location }, body: '' });
      return fault.status;
    case 'restliError':
      send(restliError(fault.status, fault.message));
      return fault.status;
    case 'throttled':
      // metadata-service/openapi-servlet/.../config/GlobalControllerExceptionHandler.java: an APIThrottleException
      // is a 429 with Retry-After in whole seconds and {"error": "Throttled due to [...]"}.
      send({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': String(fault.retryAfterSeconds) },
        body: JSON.stringify({ error: 'Throttled due to [ThrottleEvent(throttled=MANUAL)]' }),
      });
      return 429;
  }
}

function looksJson(body: string): boolean {
  try {
    JSON.parse(body);
    return body.length > 0;
  } catch {
    return false;
  }
}
