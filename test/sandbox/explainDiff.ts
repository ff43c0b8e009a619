// GET explainSearchQueryDiff's text/plain body: the two explain answers compared with
// json-diff's lenient matchers and printed by its PatchDiffViewer
// (ElasticsearchController.java: DiffGenerator.diff(a, b, fullLenient) with a = document A as
// "expected", b = document B as "received"; com.deblock.jsondiff.viewer.PatchDiffViewer).
//
// The printout: "--- actual\n+++ expected\n@@ @@\n", then the JSON tree; a line starting with
// " " matches, "-" is document B's value, "+" document A's (so "-" is B, not A). Lenient: keys
// only in B are not reported, numbers compare by value. Simplified here: arrays are compared
// index by index (the real matcher pairs items regardless of order) and keys come in A's order
// (the real viewer keeps them in a HashMap: any order).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Diff =
  | { kind: 'same'; value: Json }
  | { kind: 'changed'; expected: Json; actual: Json }
  | { kind: 'missing'; value: Json }
  | { kind: 'object'; entries: Array<[string, Diff]> }
  | { kind: 'array'; items: Diff[] };

const isObject = (v: Json): v is { [key: string]: Json } => v !== null && typeof v === 'object' && !Array.isArray(v);

function diff(expected: Json, actual: Json): Diff {
  if (isObject(expected) && isObject(actual)) {
    return {
      kind: 'object',
      entries: Object.keys(expected).map((k): [string, Diff] => [k, k in actual ? diff(expected[k], actual[k]) : { kind: 'missing', value: expected[k] }]),
    };
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    return { kind: 'array', items: expected.map((e, i) => (i < actual.length ? diff(e, actual[i]) : { kind: 'missing', value: e })) };
  }
  return JSON.stringify(expected) === JSON.stringify(actual) ? { kind: 'same', value: expected } : { kind: 'changed', expected, actual };
}

/** Jackson's JsonNode.toString of a value: compact JSON. */
const show = (v: Json): string => JSON.stringify(v);

function render(d: Diff, indent: string, startOfLine: string, comma: string): string {
  switch (d.kind) {
    case 'object': {
      const lines = d.entries.map(([key, value], i) => {
        const next = i + 1 < d.entries.length ? ',' : '';
        const nested = value.kind === 'object' || value.kind === 'array';
        const prefix = `${indent}  "${key}":${nested ? '' : ' '}`;
        return nested ? ` ${prefix}${render(value, `${indent}  `, '', next)}` : render(value, prefix, '', next);
      });
      return `${startOfLine} {\n${lines.map((l) => `${l}\n`).join('')}${indent} }${comma}`;
    }
    case 'array': {
      const lines = d.items.map((item, i) => render(item, `${indent}  `, `${indent}  `, i + 1 < d.items.length ? ',' : ''));
      return `${startOfLine} [\n${lines.map((l) => `${l}\n`).join('')}${indent} ]${comma}`;
    }
    case 'same':
      return ` ${indent}${show(d.value)}${comma}`;
    case 'missing':
      return `+${indent}${show(d.value)}${comma}`;
    case 'changed':
      return `-${indent}${show(d.actual)}${comma}\n+${indent}${show(d.expected)}${comma}`;
  }
}

/** The patch text for explain answers A (expected) and B (received). */
export function explainDiff(a: unknown, b: unknown): string {
  return `--- actual\n+++ expected\n@@ @@\n${render(diff(a as Json, b as Json), '', '', '')}`;
}
