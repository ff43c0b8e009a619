// The existence question of the drift check and the list restore: one alias per URN
// (u0… in the variables, e0… in the answer) and the answer read back by position.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { existsQuery, existsVariables, parseExistsData } from '../../../src/gms/graphql/driftQueries';

const urns = (n: number, from = 0): string[] => Array.from({ length: n }, (_, i) => `urn:li:corpuser:u${from + i}`);

describe('entityExists aliases', () => {
  it('names one variable per URN, u0 to u(n-1), as the query declares them', () => {
    const list = urns(3);
    assert.deepEqual(existsVariables(list), { u0: list[0], u1: list[1], u2: list[2] });
    assert.equal(
      existsQuery(3),
      'query entitiesExist($u0: String!, $u1: String!, $u2: String!) { e0: entityExists(urn: $u0) e1: entityExists(urn: $u1) e2: entityExists(urn: $u2) }',
    );
    assert.deepEqual(existsVariables([]), {});
  });

  it('the same names chunk after chunk, and past the names kept (1,000)', () => {
    const first = existsVariables(urns(100));
    const second = existsVariables(urns(100, 100));
    assert.deepEqual(Object.keys(first), Object.keys(second));
    const many = urns(1005);
    const variables = existsVariables(many);
    assert.equal(Object.keys(variables).length, 1005);
    assert.equal(variables.u999, many[999]);
    assert.equal(variables.u1004, many[1004]);
  });

  it('reads each answer back to its URN by position, whatever order the keys come in', () => {
    const list = urns(150);
    const data: Record<string, boolean> = {};
    for (let i = list.length - 1; i >= 0; i--) data[`e${i}`] = i % 3 !== 0;
    const parsed = parseExistsData(list, data);
    assert.ok(parsed.ok);
    assert.equal(parsed.value.size, 150);
    for (const [i, urn] of list.entries()) assert.equal(parsed.value.get(urn), i % 3 !== 0, urn);
  });

  it('an alias missing or not true/false: the URN named, nothing guessed', () => {
    const list = urns(3);
    assert.deepEqual(parseExistsData(list, { e0: true, e2: false }), { ok: false, reason: `entityExists for ${list[1]} is missing from the answer` });
    assert.deepEqual(parseExistsData(list, { e0: true, e1: 'true', e2: false }), {
      ok: false,
      reason: `entityExists for ${list[1]} is missing from the answer`,
    });
    assert.deepEqual(parseExistsData(list, null), { ok: false, reason: 'entityExists is missing from the answer' });
    // Beyond the names kept, still by position.
    const many = urns(1002);
    const data: Record<string, boolean> = Object.fromEntries(many.map((_, i) => [`e${i}`, true]));
    delete data.e1001;
    assert.deepEqual(parseExistsData(many, data), { ok: false, reason: `entityExists for ${many[1001]} is missing from the answer` });
  });
});
