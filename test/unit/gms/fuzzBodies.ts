// The answers the HTTP fuzz test serves: a valid value per action, damaged at the
// body level (tree edits, text edits, bad bytes). Split from client-fuzz.test.ts.
import fc from 'fast-check';
import type { OperationsAction } from '../../../src/gms';

export const SEED = Number(process.env.HARDENING_FUZZ_SEED ?? 20261121);
// ---- what each action may answer --------------------------------------------

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

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
  .map(([entries, form]) =>
    form === 'object' ? { indexSizes: entries } : form === 'stringArray' ? JSON.stringify(entries) : JSON.stringify({ indexSizes: entries }),
  );

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
  {
    weight: 5,
    arbitrary: fc
      .record({
        completed: fc.boolean(),
        taskId: fc.tuple(name, fc.nat()).map(([n, t]) => `${n}:${t}`),
        runTimeNanos: fc.nat(),
        status: fc.record({
          total: fc.nat(),
          updated: fc.nat(),
          created: fc.nat(),
          deleted: fc.nat(),
          batches: fc.nat(),
          version_conflicts: fc.nat(),
          noops: fc.nat(),
        }),
      })
      .map((s) => JSON.stringify(s)),
  },
  { weight: 1, arbitrary: fc.constant(JSON.stringify({ error: 'Could not get task status for n:1' })) },
);

export const VALUES: Record<OperationsAction, fc.Arbitrary<Json>> = {
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
  fc.constant<Json>(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant<Json>(''),
  fc.constant<Json>('12.5'),
  fc.constant<Json>('NaN'),
  fc.constant<Json>([]),
  fc.constant<Json>({}),
  fc.constant<Json>([1, 'a', null]),
  fc.constant<Json>({ value: null }),
  fc.string({ maxLength: 12 }),
);
const extraKey = fc.constantFrom('extra', '__proto__', 'constructor', 'toString', 'value', 'indexSizes', 'completed', '', 'x'.repeat(300));
// Mostly large, now and then 1 MB: enough to find quadratic work, cheap enough for a loaded machine.
const hugeSize = fc.oneof(
  { weight: 6, arbitrary: fc.constant(10_000) },
  { weight: 3, arbitrary: fc.constant(100_000) },
  { weight: 1, arbitrary: fc.constant(1_000_000) },
);

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
      return replaceAt(root, path, (old) =>
        typeof old === 'string' && old.length > 0 ? old.repeat(Math.ceil(op.size / old.length)).slice(0, op.size) : 'x'.repeat(op.size),
      );
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
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('badNumber' as const),
      at: fc.nat(),
      text: fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x1F', '1_000', '.5', '+1', '01', '-0', '1e-400', '9007199254740993'),
    }),
  },
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

export interface Served {
  body: Buffer;
  contentType?: string;
  /** What was done to it, for a failure message. */
  recipe: string;
}

export function bodies(action: OperationsAction, count: number): Served[] {
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
