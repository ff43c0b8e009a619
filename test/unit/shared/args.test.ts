// One parse for every command's argument object: the first issue becomes
// "<command id>: <message>", each field kind keeps the wording the commands use.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flag, noArgs, oneOf, optionalTrimmed, parseArgs, text, wholeNumber } from '../../../src/shared/args';
import * as z from 'zod/v4/mini';

const schema = z.object({
  name: text(),
  note: optionalTrimmed(),
  all: flag(),
  n: z.optional(wholeNumber((field) => `"${field}" must be a whole number from 1 to 4.`, 1, 4)),
  format: z.optional(oneOf(['csv', 'json'], "\"format\" must be 'csv' or 'json'.")),
});

describe('parseArgs', () => {
  it('returns the parsed object: trimmed text, empty optional text as absent, unknown keys dropped', () => {
    assert.deepEqual(parseArgs('cmd', schema, { name: ' a ', note: '  ', extra: 1 }), { name: 'a', note: undefined });
  });

  it('names the command and the field as the commands always have', () => {
    assert.throws(() => parseArgs('cmd', schema, undefined), /^Error: cmd: the argument object needs a non-empty string "name"\.$/);
    assert.throws(() => parseArgs('cmd', schema, { name: ' ' }), /^Error: cmd: the argument object needs a non-empty string "name"\.$/);
    assert.throws(() => parseArgs('cmd', schema, { name: 'a', note: 3 }), /^Error: cmd: "note" must be a string\.$/);
    assert.throws(() => parseArgs('cmd', schema, { name: 'a', all: 'yes' }), /^Error: cmd: "all" must be true or false\.$/);
    for (const n of [0, 5, 1.5, '2', Number.NaN]) {
      assert.throws(() => parseArgs('cmd', schema, { name: 'a', n }), /^Error: cmd: "n" must be a whole number from 1 to 4\.$/);
    }
    assert.throws(() => parseArgs('cmd', schema, { name: 'a', format: 'xml' }), /^Error: cmd: "format" must be 'csv' or 'json'\.$/);
  });

  it('takes anything for a command without arguments', () => {
    assert.deepEqual(parseArgs('cmd', noArgs(), { whatever: true }), {});
    assert.deepEqual(parseArgs('cmd', noArgs(), undefined), {});
  });
});
