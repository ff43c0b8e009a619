// Shared by the in-process parser fuzz tests: the rule that a parser fails only
// with an allowed GmsError, and text-level damage to a valid answer.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { isGmsError } from '../../../src/gms';

/** How many generated cases each property runs. */
export const RUNS = 300;

/** Runs fn; a throw must be a GmsError of an allowed kind. Returns the value or undefined. */
export function valueOrInvalid<T>(fn: () => T, allowed: string[] = ['invalidResponse']): T | undefined {
  try {
    return fn();
  } catch (e) {
    assert.ok(isGmsError(e), `threw a non-GmsError: ${String(e)}`);
    assert.ok(allowed.includes(e.kind), `threw kind ${e.kind}: ${e.message}`);
    assert.doesNotMatch(e.message, /\n/);
    return undefined;
  }
}

/** Character-level damage: delete a range, insert structural characters, duplicate a slice. */
export function mutate(text: string): fc.Arbitrary<string> {
  const pos = fc.integer({ min: 0, max: text.length });
  const junk = fc.string({ unit: fc.constantFrom(...'{}()[],=: \n"\\%aZ0-.'), minLength: 1, maxLength: 6 });
  return fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant('delete' as const), pos, fc.integer({ min: 1, max: 20 }), fc.constant('')),
        fc.tuple(fc.constant('insert' as const), pos, fc.constant(0), junk),
        fc.tuple(fc.constant('dup' as const), pos, fc.integer({ min: 1, max: 30 }), fc.constant('')),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((ops) => {
      let s = text;
      for (const [op, at, n, ins] of ops) {
        const i = Math.min(at, s.length);
        if (op === 'delete') s = s.slice(0, i) + s.slice(i + n);
        else if (op === 'insert') s = s.slice(0, i) + ins + s.slice(i);
        else s = s.slice(0, i) + s.slice(i, i + n) + s.slice(i);
      }
      return s;
    });
}
