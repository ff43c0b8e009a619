// Response fuzzing over real HTTP: for each action, 1,000 answers built from a
// valid one and damaged at the body level (wrong types, missing and extra
// fields, deep nesting, huge strings, numbers as strings, NaN/Infinity text,
// non-UTF-8 bytes) are served by a local keep-alive server to the real client.
// Each call must give a valid value or a GmsError of a kind that fits, and must
// finish: the client runs in a worker thread that is ended if a call hangs,
// even in a CPU loop that would stop a timer in the same thread.
// (The parsers alone are fuzzed in-process by restoreResult-fuzz.test.ts; the bodies are built in fuzzBodies.ts.)
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { createGmsClient, isGmsError, type GmsClient, type OperationsAction } from '../../../src/gms';
import { bodies, SEED, VALUES } from './fuzzBodies';

const BODIES_PER_ACTION = Number(process.env.HARDENING_FUZZ_BODIES ?? 1000);
/** A call that takes longer than this is a hang; the worker is ended. */
const CALL_DEADLINE_MS = 10_000;
const TOKEN = 'fuzz-token-0123456789abcdef';

// ---- the worker: the real client, one call at a time ----------------------------

interface WorkerInput {
  action: OperationsAction;
  url: string;
  count: number;
}

type Outcome =
  | { k: number; ms: number; ok: true; problem?: string }
  | { k: number; ms: number; ok: false; gms: boolean; kind?: string; code?: string; name: string; message: string };

function call(client: GmsClient, action: OperationsAction): Promise<unknown> {
  switch (action) {
    case 'getIndexSizes':
      return client.getIndexSizes();
    case 'restoreIndices':
      return client.restoreIndices({ urn: 'urn:li:corpuser:jdoe' });
    case 'truncateTimeseriesAspect':
      return client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - 86_400_000 });
    case 'getEsTaskStatus':
      return client.getEsTaskStatus('n:1');
  }
}

/** What is wrong with a value the client returned, or undefined when it is valid. */
function problemWith(action: OperationsAction, value: unknown): string | undefined {
  const v = value as Record<string, unknown>;
  const finiteCount = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  switch (action) {
    case 'getIndexSizes': {
      if (!Array.isArray(v.indices)) return 'indices is not an array';
      for (const i of v.indices as Array<Record<string, unknown>>) {
        if (typeof i.indexName !== 'string' || i.indexName === '') return 'an index without a name';
        if (typeof i.entityName !== 'string' || i.entityName === '' || i.entityName !== i.entityName.toLowerCase()) return `entityName ${String(i.entityName)}`;
        if (typeof i.aspectName !== 'string') return 'aspectName is not a string';
        if (
          i.sizeMb === null
            ? i.sizeSource !== 'unknown'
            : !(typeof i.sizeMb === 'number' && Number.isFinite(i.sizeMb) && i.sizeMb >= 0 && i.sizeSource !== 'unknown')
        ) {
          return `size ${String(i.sizeMb)} (${String(i.sizeSource)})`;
        }
        if (Object.prototype.hasOwnProperty.call(i, '__proto__') || Object.getPrototypeOf(i) !== Object.prototype) return 'an index with a changed prototype';
      }
      return undefined;
    }
    case 'restoreIndices': {
      const batches = v.batches as Array<Record<string, unknown>>;
      if (typeof v.raw !== 'string' || !Array.isArray(batches)) return 'no raw or batches';
      if (!finiteCount(v.rowsMigrated) || !finiteCount(v.ignored)) return `rowsMigrated ${String(v.rowsMigrated)}`;
      if (v.rowsMigrated !== batches.reduce((s, b) => s + (b.rowsMigrated as number), 0)) return 'rowsMigrated is not the sum of the batches';
      return undefined;
    }
    case 'truncateTimeseriesAspect':
      if (v.kind === 'task') return typeof v.task === 'string' && /^[A-Za-z0-9_-]+:\d+$/.test(v.task) ? undefined : `task ${String(v.task)}`;
      if (v.kind !== 'dryRun') return `kind ${String(v.kind)}`;
      if (!finiteCount(v.toDelete) || !finiteCount(v.total)) return 'counts';
      return v.percent === null || (typeof v.percent === 'number' && Number.isFinite(v.percent)) ? undefined : `percent ${String(v.percent)}`;
    case 'getEsTaskStatus':
      if (typeof v.completed !== 'boolean' || typeof v.task !== 'string') return 'completed or task';
      return v.status !== null && typeof v.status === 'object' ? undefined : 'status is not an object';
  }
}

async function runBatch(input: WorkerInput): Promise<void> {
  const client = createGmsClient({ gmsUrl: input.url, token: TOKEN, timeoutMs: 5000, retries: 0, api: 'restli' });
  try {
    for (let k = 0; k < input.count; k++) {
      const started = performance.now();
      let outcome: Outcome;
      try {
        const value = await call(client, input.action);
        outcome = { k, ms: performance.now() - started, ok: true, problem: problemWith(input.action, value) };
      } catch (error) {
        const e = error as { name?: unknown; message?: unknown; kind?: unknown; code?: unknown };
        outcome = {
          k,
          ms: performance.now() - started,
          ok: false,
          gms: isGmsError(error),
          kind: typeof e.kind === 'string' ? e.kind : undefined,
          code: typeof e.code === 'string' ? e.code : undefined,
          name: String(e.name),
          message: String(e.message),
        };
      }
      parentPort?.postMessage(outcome);
    }
  } finally {
    await client.close();
  }
}

/** In the worker: one batch of calls per message from the test. */
function workerMain(): void {
  parentPort?.on('message', (input: WorkerInput) => void runBatch(input));
}

/** The worker that makes the calls; a new one after a hang ended the last. */
let current: Worker | undefined;
function worker(): Worker {
  current ??= new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(__filename)});`, { eval: true });
  return current;
}

// ---- the test -------------------------------------------------------------------

/** Error kinds that fit a damaged answer, per action (beyond invalidResponse). */
const FITTING: Record<OperationsAction, Record<string, string | undefined>> = {
  getIndexSizes: { invalidResponse: undefined },
  restoreIndices: { invalidResponse: undefined },
  // The force-flag complaint arrives as a 200 text.
  truncateTimeseriesAspect: { invalidResponse: undefined, badRequest: 'conflictingForceFlags' },
  // {"error": ...} inside the status string.
  getEsTaskStatus: { invalidResponse: undefined, notFound: 'taskNotFound', server: undefined },
};

interface Tally {
  values: number;
  errors: Record<string, number>;
  slowestMs: number;
  totalMs: number;
  connections: number;
  generateMs: number;
  bytes: number;
}

async function fuzzAction(action: OperationsAction, count: number): Promise<Tally> {
  const generating = performance.now();
  const served = bodies(action, count);
  const generateMs = performance.now() - generating;
  let next = 0;
  let connections = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = served[next++]?.body ?? Buffer.from('{"value":null}');
      const headers: Record<string, string | number> = { 'content-length': body.length };
      const type = served[next - 1]?.contentType;
      if (type) headers['content-type'] = type;
      res.writeHead(200, headers);
      res.end(body);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = performance.now();
  const tally: Tally = { values: 0, errors: {}, slowestMs: 0, totalMs: 0, connections: 0, generateMs: 0, bytes: 0 };
  const failures: string[] = [];
  const calls = worker();
  try {
    await new Promise<void>((resolve, reject) => {
      let seen = 0;
      let watchdog: NodeJS.Timeout;
      const arm = (): void => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => {
          void calls.terminate();
          current = undefined;
          reject(
            new Error(
              `${action}: call ${seen} did not finish within ${CALL_DEADLINE_MS} ms; body recipe ${served[seen]?.recipe}, first bytes ${served[seen]?.body.subarray(0, 200).toString('utf8')}`,
            ),
          );
        }, CALL_DEADLINE_MS);
      };
      arm();
      const onMessage = (o: Outcome): void => {
        seen++;
        arm();
        tally.slowestMs = Math.max(tally.slowestMs, o.ms);
        // The recipe and the start of the body, to reproduce a failure by hand.
        const recipe = `${served[o.k]?.recipe}, body ${JSON.stringify(served[o.k]?.body.subarray(0, 300).toString('utf8'))}`;
        if (o.ok) {
          tally.values++;
          if (o.problem) failures.push(`#${o.k} returned an invalid value (${o.problem}); recipe ${recipe}`);
        } else {
          tally.errors[o.kind ?? o.name] = (tally.errors[o.kind ?? o.name] ?? 0) + 1;
          const fits = o.gms && o.kind !== undefined && o.kind in FITTING[action];
          const wantedCode = fits ? FITTING[action][o.kind!] : undefined;
          if (!fits) failures.push(`#${o.k} threw ${o.gms ? `GmsError ${o.kind}` : o.name}: ${o.message}; recipe ${recipe}`);
          else if (o.kind !== 'invalidResponse' && wantedCode !== undefined && o.code !== wantedCode)
            failures.push(`#${o.k} ${o.kind} without code ${wantedCode}; recipe ${recipe}`);
          else if (/\n/.test(o.message) || o.message.includes(TOKEN)) failures.push(`#${o.k} message is not one clean line: ${o.message.slice(0, 200)}`);
          // The client wraps anything a parser throws; a parser that throws something else is still a bug.
          else if (o.message.includes('the answer could not be read')) failures.push(`#${o.k} a parser threw: ${o.message.slice(0, 200)}; recipe ${recipe}`);
        }
        if (seen === count) finish();
      };
      const onError = (e: Error): void => finish(e);
      const onExit = (code: number): void => finish(new Error(`${action}: the worker exited (${code}) after ${seen} calls`));
      const finish = (error?: Error): void => {
        clearTimeout(watchdog);
        calls.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (error) {
          current = undefined;
          reject(error);
        } else resolve();
      };
      calls.on('message', onMessage).on('error', onError).on('exit', onExit);
      calls.postMessage({ action, url, count } satisfies WorkerInput);
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  tally.totalMs = performance.now() - started;
  tally.generateMs = generateMs;
  tally.bytes = served.reduce((n, b) => n + b.body.length, 0);
  tally.connections = connections;
  assert.equal(next, count, 'one request per call (no retries, nothing skipped)');
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${count} bodies went wrong`);
  return tally;
}

// The same file runs in the worker, which only makes the calls.
if (isMainThread) {
  describe(`response fuzzing over HTTP (${BODIES_PER_ACTION} bodies per action, seed ${SEED})`, () => {
    after(async () => {
      await current?.terminate();
    });
    const only = process.env.HARDENING_FUZZ_ACTIONS?.split(',');
    for (const action of (Object.keys(VALUES) as OperationsAction[]).filter((a) => !only || only.includes(a))) {
      it(`${action}: a valid value or a fitting GmsError, never a hang`, { timeout: 120_000 }, async () => {
        const t = await fuzzAction(action, BODIES_PER_ACTION);
        const errors = Object.entries(t.errors)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ');
        console.log(
          `  ${action}: ${BODIES_PER_ACTION} bodies (${(t.bytes / 1e6).toFixed(1)} MB, made in ${(t.generateMs / 1000).toFixed(1)} s) served in ${(t.totalMs / 1000).toFixed(1)} s over ${t.connections} connection(s): ` +
            `${t.values} valid values, ${errors}; slowest call ${Math.round(t.slowestMs)} ms`,
        );
        assert.ok(t.values > 0 && Object.keys(t.errors).length > 0, 'the mix holds both valid and broken answers');
        assert.ok(t.slowestMs < CALL_DEADLINE_MS);
      });
    }
  });
} else {
  workerMain();
}
