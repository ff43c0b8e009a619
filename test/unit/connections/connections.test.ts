import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isInsecureRemote, isLoopbackHost, parseConnections, suggestName, tokenSecretKey, uniqueName } from '../../../src/shared/connections';

test('the token key holds the name and the URL origin', () => {
  assert.equal(tokenSecretKey({ name: 'prod', gmsUrl: 'https://datahub.example.com/api/gms' }), 'datahub.token:prod@https://datahub.example.com');
  assert.equal(tokenSecretKey({ name: 'local', gmsUrl: 'http://localhost:8080' }), 'datahub.token:local@http://localhost:8080');
});

test('moving a connection to another origin changes its token key; another path on the same origin does not', () => {
  const a = tokenSecretKey({ name: 'prod', gmsUrl: 'https://datahub.example.com/api/gms' });
  assert.notEqual(a, tokenSecretKey({ name: 'prod', gmsUrl: 'https://evil.example.net/api/gms' }));
  assert.notEqual(a, tokenSecretKey({ name: 'prod', gmsUrl: 'http://datahub.example.com/api/gms' }));
  assert.notEqual(a, tokenSecretKey({ name: 'prod', gmsUrl: 'https://datahub.example.com:8443/api/gms' }));
  assert.equal(a, tokenSecretKey({ name: 'prod', gmsUrl: 'https://DATAHUB.example.com/gms' }));
  assert.notEqual(a, tokenSecretKey({ name: 'staging', gmsUrl: 'https://datahub.example.com/api/gms' }));
});

test('connections: valid entries are normalised, invalid ones skipped with a reason', () => {
  const { connections, problems } = parseConnections([
    { name: ' local ', gmsUrl: 'http://localhost:8080/' },
    { name: 'cloud', gmsUrl: 'https://tenant.acryl.io', frontendUrl: 'https://tenant.acryl.io/' },
    { name: 'nourl' },
    { gmsUrl: 'http://x' },
    { name: 'ftp', gmsUrl: 'ftp://host' },
    { name: 'local', gmsUrl: 'http://other:8080' },
    { name: 'creds', gmsUrl: 'http://user:secret@host:8080' },
    { name: 'badfront', gmsUrl: 'http://h:1', frontendUrl: 'not a url' },
    'text',
    null,
  ]);
  assert.deepEqual(connections, [
    { name: 'local', gmsUrl: 'http://localhost:8080' },
    { name: 'cloud', gmsUrl: 'https://tenant.acryl.io/gms', frontendUrl: 'https://tenant.acryl.io' },
    { name: 'badfront', gmsUrl: 'http://h:1' },
  ]);
  assert.equal(problems.length, 8);
  assert.ok(problems.some((p) => p.includes('repeats a name')));
  // The password of a URL never reaches the log.
  assert.ok(problems.every((p) => !p.includes('secret')));
});

test('a setting that is not a list is ignored', () => {
  assert.deepEqual(parseConnections(undefined), { connections: [], problems: [] });
  assert.equal(parseConnections({ name: 'x' }).connections.length, 0);
  assert.equal(parseConnections({ name: 'x' }).problems.length, 1);
});

test('plain http to a remote host is insecure; loopback and https are not', () => {
  assert.equal(isInsecureRemote('http://datahub.internal:8080'), true);
  assert.equal(isInsecureRemote('http://10.0.0.5:8080'), true);
  assert.equal(isInsecureRemote('https://datahub.internal'), false);
  assert.equal(isInsecureRemote('http://localhost:8080'), false);
  assert.equal(isInsecureRemote('http://127.0.0.1:8080'), false);
  assert.equal(isInsecureRemote('http://[::1]:8080'), false);
  assert.equal(isLoopbackHost('127.1.2.3'), true);
  assert.equal(isLoopbackHost('localhost.example.com'), false);
});

test('names for new connections', () => {
  assert.equal(suggestName('http://localhost:8080'), 'localhost:8080');
  assert.equal(suggestName('https://tenant.acryl.io/gms'), 'tenant.acryl.io');
  assert.equal(uniqueName('a', ['b']), 'a');
  assert.equal(uniqueName('a', ['a', 'a (2)']), 'a (3)');
});
