// Response fuzzing over real HTTP: for each action, 1,000 answers built from a
// valid one and damaged at the body level (wrong types, missing and extra
// fields, deep nesting, huge strings, numbers as strings, NaN/Infinity text,
// non-UTF-8 bytes) are served by a local keep-alive server to the real client.
// Each call must give a valid value or a GmsError of a kind that fits, and must
// finish: the client runs in a worker thread that is ended if a call hangs,
// even in a CPU loop that would stop a timer in the same thread.
// (The parsers alone are fuzzed in-process by gms-fuzz.test.ts.)
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { createGmsClient, isGmsError, type GmsClient, type OperationsAction } from '../../../src/gms';

const BODIES_PER_ACTION = Number(process.env.HARDENING_FUZZ_BODIES ?? 1000);
const SEED = Number(process.env.HARDENING_FUZZ_SEED ?? 20261121);
/** A call that takes longer than this is a hang; the worker is ended. */
const CALL_DEADLINE_MS = 10_000;
const TOKEN = 'fuzz-token-0123456789abcdef';

// ---- what each action may answer --------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const name = fc.string({ unit: fc.constantFrom(...'abcdefxyz0129'), minLength: 1, maxLength: 10 });
const sizeEntry = fc.record(
  {
    indexName: fc.tuple(fc.option(name), name, name).map(([p, e, a]) => `${p ? `${p}_` : ''}${e}_${a}aspect_v1`),
    entityName: name,
    aspectName: name,
    sizeInMb: fc.double({ min: 0, max: 1e6, noNaN: true }),
    sizeMb: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
  },
  { requiredKeys: ['indexName'] },
);
const indexSizesValue: fc.Arbitrary<Json> = fc
  .tuple(fc.array(sizeEntry, { maxLength: 8 }), fc.constantFrom('object', 'stringArray', 'stringObject'))
  .map(([entries, form]) => (form === 'object' ? { indexSizes: entries } : form === 'stringArray' ? JSON.stringify(entries) : JSON.stringify({ indexSizes: entries })));

const urn = fc.oneof(
  name.map((k) => `urn:li:corpuser:${k}`),
  fc.tuple(name, name).map(([p, t]) => `urn:li:dataset:(urn:li:dataPlatform:${p},${t},PROD)`),
);
const restoreValue: fc.Arbitrary<Json> = fc
  .tuple(fc.nat({ max: 5000 }), fc.nat({ max: 50 }), urn, fc.boolean(), fc.integer({ min: 1, max: 3 }))
  .map(([rows, ignored, u, lombok, batches]) => {
    const args = `RestoreIndicesArgs(start=0, batchSize=500, limit=0, numThreads=1, aspectName=null, urn=${u}, urnLike=null)`;
    const line = lombok
      ? `RestoreIndicesResult(ignored=${ignored}, rowsMigrated=${rows}, timeSqlQueryMs=4, timeGetRowMs=0, sendMessageMs=2, lastUrn=${u}, lastAspect=status)`
      : `RestoreIndicesResult{ignored=${ignored}, rowsMigrated=${rows}, timeSqlQueryMs=12, sendMessageMs=40}`;
    return `{args=${args}, result=${Array.from({ length: batches }, () => line).join('\n')}}`;
  });

const truncateValue: fc.Arbitrary<Json> = fc.oneof(
  fc.tuple(fc.nat({ max: 1_000_000 }), fc.nat({ max: 1_000_000 }), fc.boolean()).map(([a, b, reindex]) => {
    const [toDelete, total] = [Math.min(a, b), Math.max(a, b)];
    const pct = total === 0 ? 'NaN' : ((toDelete / total) * 100).toFixed(2);
    const middle = reindex ? 'Reindexing the aspect without the deleted records. ' : 'Issuing a delete by query request. ';
    return `Delete ${toDelete} out of ${total} rows (${pct}%). ${middle}This was a dry run. Run with dryRun = false to execute.`;
  }),
  fc.tuple(name, fc.nat()).map(([n, t]) => `${n}:${t}`),
  fc.constant('please only set forceReindex OR forceDeleteByQuery flags'),
);

const taskValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: fc
    .record({
      completed: fc.boolean(),
      taskId: fc.tuple(name, fc.nat()).map(([n, t]) => `${n}:${t}`),
      runTimeNanos: fc.nat(),
      status: fc.record({ total: fc.nat(), updated: fc.nat(), created: fc.nat(), deleted: fc.nat(), batches: fc.nat(), version_conflicts: fc.nat(), noops: fc.nat() }),
    })
    .map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.constant(JSON.stringify({ error: 'Could not get task status for n:1' })) },
);

const VALUES: Record<OperationsAction, fc.Arbitrary<Json>> = {
  getIndexSizes: indexSizesValue,
  restoreIndices: restoreValue,
  truncateTimeseriesAspect: truncateValue,
  getEsTaskStatus: taskValue,
};

// ---- damage -------------------------------------------------------------------

type Path = Array<string | number>;

function paths(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function replaceAt(root: Json, path: Path, make: (old: Json) => Json | undefined): Json {
  if (path.length === 0) return make(root) ?? null;
  const copy: Json = Array.isArray(root) ? [...root] : { ...(root as Record<string, Json>) };
  const [head, ...rest] = path;
  const container = copy as Record<string | number, Json>;
  if (rest.length === 0) {
    const next = make(container[head]);
    if (next === undefined) {
      if (Array.isArray(copy)) copy.splice(head as number, 1);
      else delete container[head];
    } else container[head] = next;
  } else container[head] = replaceAt(container[head], rest, make);
  return copy;
}

/** Strings that hold JSON (sizes in the seed form, task status) are damaged inside too. */
function holdsJson(value: Json): value is string {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

function numbersToStrings(value: Json): Json {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersToStrings);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbersToStrings(v)]));
  return value;
}

const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant<Json>(null), fc.boolean(), fc.integer(), fc.double(), fc.constant<Json>(''), fc.constant<Json>('12.5'), fc.constant<Json>('NaN'),
  fc.constant<Json>([]), fc.constant<Json>({}), fc.constant<Json>([1, 'a', null]), fc.constant<Json>({ value: null }), fc.string({ maxLength: 12 }),
);
const extraKey = fc.constantFrom('extra', '__proto__', 'constructor', 'toString', 'value', 'indexSizes', 'completed', '', 'x'.repeat(300));
// Mostly large, now and then 1 MB: enough to find quadratic work, cheap enough for a loaded machine.
const hugeSize = fc.oneof({ weight: 6, arbitrary: fc.constant(10_000) }, { weight: 3, arbitrary: fc.constant(100_000) }, { weight: 1, arbitrary: fc.constant(1_000_000) });

type TreeOp =
  | { op: 'wrongType'; at: number; value: Json }
  | { op: 'missing'; at: number }
  | { op: 'extra'; at: number; key: string; value: Json }
  | { op: 'numbersAsStrings' }
  | { op: 'hugeString'; at: number; size: number }
  | { op: 'nest'; at: number; depth: number; object: boolean };

const treeOp: fc.Arbitrary<TreeOp> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('wrongType' as const), at: fc.nat(), value: wrongValue }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('missing' as const), at: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('extra' as const), at: fc.nat(), key: extraKey, value: wrongValue }) },
  { weight: 2, arbitrary: fc.constant({ op: 'numbersAsStrings' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('hugeString' as const), at: fc.nat(), size: hugeSize }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('nest' as const), at: fc.nat(), depth: fc.constantFrom(2, 50, 1000), object: fc.boolean() }) },
);

function applyTreeOp(root: Json, op: TreeOp): Json {
  if (op.op === 'numbersAsStrings') return numbersToStrings(root);
  const all = paths(root);
  const path = all[op.at % all.length];
  switch (op.op) {
    case 'wrongType':
      return replaceAt(root, path, () => op.value);
    case 'missing':
      return path.length === 0 ? root : replaceAt(root, path, () => undefined);
    case 'extra': {
      const objects = all.filter((p) => {
        let node: Json = root;
        for (const k of p) node = (node as Record<string | number, Json>)[k];
        return node !== null && typeof node === 'object' && !Array.isArray(node);
      });
      if (objects.length === 0) return root;
      return replaceAt(root, objects[op.at % objects.length], (old) => {
        const copy = { ...(old as Record<string, Json>) };
        // defineProperty: a "__proto__" key must become an own property, as JSON.parse makes it.
        Object.defineProperty(copy, op.key, { value: op.value, enumerable: true, configurable: true, writable: true });
        return copy;
      });
    }
    case 'hugeString':
      return replaceAt(root, path, (old) => (typeof old === 'string' && old.length > 0 ? old.repeat(Math.ceil(op.size / old.length)).slice(0, op.size) : 'x'.repeat(op.size)));
    case 'nest':
      return replaceAt(root, path, (old) => {
        let v: Json = old ?? null;
        for (let i = 0; i < op.depth; i++) v = op.object ? { a: v } : [v];
        return v;
      });
  }
}

type TextOp =
  | { op: 'none' }
  | { op: 'badNumber'; at: number; text: string }
  | { op: 'cut'; at: number }
  | { op: 'duplicateValue'; value: Json }
  | { op: 'deepText'; depth: number; object: boolean };

const textOp: fc.Arbitrary<TextOp> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({ op: 'none' as const }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('badNumber' as const), at: fc.nat(), text: fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x1F', '1_000', '.5', '+1', '01', '-0', '1e-400', '9007199254740993') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cut' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('duplicateValue' as const), value: wrongValue }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deepText' as const), depth: fc.constantFrom(5_000, 50_000), object: fc.boolean() }) },
);

function applyTextOp(text: string, op: TextOp): string {
  switch (op.op) {
    case 'none':
      return text;
    case 'badNumber': {
      const numbers = [...text.matchAll(/(?<=[:,[]\s*)-?\d+(\.\d+)?([eE][+-]?\d+)?(?=\s*[,}\]])/g)];
      if (numbers.length === 0) return `{"value":${op.text}}`;
      const m = numbers[op.at % numbers.length];
      return text.slice(0, m.index) + op.text + text.slice((m.index ?? 0) + m[0].length);
    }
    case 'cut':
      return text.slice(0, op.at % Math.max(text.length, 1));
    case 'duplicateValue':
      // JSON.parse keeps the last of two equal keys; both orders are tried over the run.
      return text.replace(/^\{/, `{"value":${JSON.stringify(op.value)},`);
    case 'deepText': {
      const [open, close] = op.object ? ['{"a":', '}'] : ['[', ']'];
      return `{"value":${open.repeat(op.depth)}1${close.repeat(op.depth)}}`;
    }
  }
}

const BAD_BYTES = [[0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82], [0x80], [0x00]];
type ByteOp = { op: 'none' } | { op: 'insert'; at: number; bytes: number } | { op: 'latin1' } | { op: 'utf16' };
const byteOp: fc.Arbitrary<ByteOp> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ op: 'none' as const }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: fc.nat({ max: BAD_BYTES.length - 1 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'latin1' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'utf16' as const }) },
);

function applyByteOp(text: string, op: ByteOp): Buffer {
  if (op.op === 'latin1') return Buffer.from(`${text}"é\u00ff"`, 'latin1');
  if (op.op === 'utf16') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const body = Buffer.from(text, 'utf8');
  if (op.op === 'none') return body;
  const at = op.at % (body.length + 1);
  return Buffer.concat([body.subarray(0, at), Buffer.from(BAD_BYTES[op.bytes]), body.subarray(at)]);
}

interface Served {
  body: Buffer;
  contentType?: string;
  /** What was done to it, for a failure message. */
  recipe: string;
}

function bodies(action: OperationsAction, count: number): Served[] {
  const arb = fc.tuple(
    VALUES[action],
    fc.array(treeOp, { minLength: 0, maxLength: 3 }),
    fc.boolean(),
    textOp,
    byteOp,
    fc.constantFrom('application/json', 'application/json', 'application/json', 'text/html', undefined),
  );
  return fc.sample(arb, { numRuns: count, seed: SEED + action.length }).map(([value, ops, inner, t, b, contentType]) => {
    let root: Json = { value };
    for (const op of ops) {
      // Damage inside a string that holds JSON, or the envelope itself.
      if (inner && holdsJson(value)) root = { value: JSON.stringify(applyTreeOp(JSON.parse(value) as Json, op)) };
      else root = applyTreeOp(root, op);
    }
    const text = applyTextOp(JSON.stringify(root), t);
    const recipe = JSON.stringify({ ops: ops.map((o) => o.op), inner, text: t.op, bytes: b.op, contentType });
    return { body: applyByteOp(text, b), contentType, recipe };
  });
}

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
        if (i.sizeMb === null ? i.sizeSource !== 'unknown' : !(typeof i.sizeMb === 'number' && Number.isFinite(i.sizeMb) && i.sizeMb >= 0 && i.sizeSource !== 'unknown')) {
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
  const client = createGmsClient({ gmsUrl: input.url, token: TOKEN, timeoutMs: 5000, retries: 0 });
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
          reject(new Error(`${action}: call ${seen} did not finish within ${CALL_DEADLINE_MS} ms; body recipe ${served[seen]?.recipe}, first bytes ${served[seen]?.body.subarray(0, 200).toString('utf8')}`));
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
          else if (o.kind !== 'invalidResponse' && wantedCode !== undefined && o.code !== wantedCode) failures.push(`#${o.k} ${o.kind} without code ${wantedCode}; recipe ${recipe}`);
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
        const errors = Object.entries(t.errors).map(([k, n]) => `${k} ${n}`).join(', ');
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
