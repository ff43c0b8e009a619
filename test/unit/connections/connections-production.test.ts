import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertWritable,
  describeConnectionLabel,
  isProduction,
  parseConnections,
  parseEnvironment,
  parseReadOnly,
  titleFor,
} from '../../../src/shared/connections';
import { describeError } from '../../../src/shared/errors';

test('environment: the three names in any case, none for empty, "none", null or undefined', () => {
  assert.equal(parseEnvironment('production', 'x'), 'production');
  assert.equal(parseEnvironment(' Staging ', 'x'), 'staging');
  assert.equal(parseEnvironment('DEVELOPMENT', 'x'), 'development');
  for (const none of [undefined, null, '', '  ', 'none', 'None']) assert.equal(parseEnvironment(none, 'x'), undefined);
});

test('environment: anything else is refused with the accepted values and the value given', () => {
  for (const bad of ['prod', 'live', 42, true, {}, ['production']]) {
    assert.throws(
      () => parseEnvironment(bad, 'datahub.addConnection'),
      (error: Error) =>
        error.message.startsWith('datahub.addConnection: "environment" must be "production", "staging", "development" or "none", not ') &&
        error.message.includes(typeof bad === 'string' ? `"${bad}"` : JSON.stringify(bad)),
    );
  }
});

test('readOnly: true or false; not set for null or undefined; anything else refused', () => {
  assert.equal(parseReadOnly(true, 'x'), true);
  assert.equal(parseReadOnly(false, 'x'), false);
  assert.equal(parseReadOnly(undefined, 'x'), undefined);
  assert.equal(parseReadOnly(null, 'x'), undefined);
  assert.throws(() => parseReadOnly('yes', 'cmd'), /cmd: "readOnly" must be true or false, not "yes"\./);
  assert.throws(() => parseReadOnly(1, 'cmd'), /not 1\./);
});

test('settings entries keep environment and readOnly; a bad environment is none, a bad readOnly is read-only, both reported', () => {
  const { connections, problems } = parseConnections([
    { name: 'prod', gmsUrl: 'https://dh.example.com/gms', environment: 'production', readOnly: true },
    { name: 'stage', gmsUrl: 'https://s.example.com/gms', environment: 'Staging', readOnly: false },
    { name: 'plain', gmsUrl: 'http://localhost:8080' },
    { name: 'typo', gmsUrl: 'http://localhost:8081', environment: 'prod' },
    { name: 'odd', gmsUrl: 'http://localhost:8082', readOnly: 'yes' },
  ]);
  assert.deepEqual(connections, [
    { name: 'prod', gmsUrl: 'https://dh.example.com/gms', environment: 'production', readOnly: true },
    { name: 'stage', gmsUrl: 'https://s.example.com/gms', environment: 'staging' },
    { name: 'plain', gmsUrl: 'http://localhost:8080' },
    { name: 'typo', gmsUrl: 'http://localhost:8081' },
    { name: 'odd', gmsUrl: 'http://localhost:8082', readOnly: true },
  ]);
  assert.equal(problems.length, 2);
  assert.match(problems[0], /datahub\.connections\[3\] \("typo"\): "environment" must be .* not "prod"\. Treated as none\./);
  assert.match(problems[1], /datahub\.connections\[4\] \("odd"\): "readOnly" must be true or false, not "yes"; treated as read-only/);
});

test('titles: the action and the connection, production said; the action alone without a connection', () => {
  assert.equal(titleFor({ name: 'prod', environment: 'production' }, 'Restore Indices'), 'Restore Indices · prod (production)');
  assert.equal(titleFor({ name: 'stage', environment: 'staging' }, 'Truncate Old Rows'), 'Truncate Old Rows · stage');
  assert.equal(titleFor({ name: 'sandbox' }, 'Restore Indices (1/2)'), 'Restore Indices (1/2) · sandbox');
  assert.equal(titleFor(undefined, 'Add DataHub Connection'), 'Add DataHub Connection');
  assert.equal(isProduction({ environment: 'production' }), true);
  assert.equal(isProduction({ environment: 'staging' }), false);
  assert.equal(isProduction(undefined), false);
});

test('label: name, environment and read-only, in that order, only what is set', () => {
  assert.equal(describeConnectionLabel({ name: 'sandbox' }), 'sandbox');
  assert.equal(describeConnectionLabel({ name: 'prod', environment: 'production' }), 'prod · production');
  assert.equal(describeConnectionLabel({ name: 'prod', environment: 'production', readOnly: true }), 'prod · production · read-only');
  assert.equal(describeConnectionLabel({ name: 'replica', readOnly: true }), 'replica · read-only');
});

test('guard: a writable connection passes; a read-only one throws a message naming it, the action and the way out', () => {
  assert.doesNotThrow(() => assertWritable({ name: 'dev' }, 'Restore Indices'));
  assert.doesNotThrow(() => assertWritable({ name: 'dev', readOnly: false }, 'Restore Indices'));
  let thrown: unknown;
  try {
    assertWritable({ name: 'prod', readOnly: true }, 'Truncate Old Rows');
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown instanceof Error);
  assert.match(thrown.message, /^The connection "prod" is read-only: Truncate Old Rows was refused and nothing was sent to DataHub\./);
  assert.match(thrown.message, /DataHub: Edit Connection…/);
  const described = describeError(thrown);
  assert.equal(described.state, 'readOnly');
  assert.equal(described.message, thrown.message);
  assert.deepEqual(
    described.actions.map((a) => a.command),
    ['datahub.editConnection'],
  );
});
