import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCliConnection, parseDatahubEnv } from '../../src/connections/datahubenv';

test('reads the block form the DataHub CLI writes', () => {
  const text = ['gms:', '  server: http://localhost:8080', '  token: eyJhbGciOiJIUzI1NiJ9.abc.def', 'kafka:', '  bootstrap: null', ''].join('\n');
  assert.deepEqual(parseDatahubEnv(text), { server: 'http://localhost:8080', token: 'eyJhbGciOiJIUzI1NiJ9.abc.def' });
});

test('null, ~ and empty tokens mean no token; quotes and comments are handled', () => {
  assert.deepEqual(parseDatahubEnv('gms:\n  server: "https://h/api/gms"\n  token: null\n'), { server: 'https://h/api/gms' });
  assert.deepEqual(parseDatahubEnv("gms:\n  server: 'http://h:8080' # local\n  token: ~\n"), { server: 'http://h:8080' });
  assert.deepEqual(parseDatahubEnv('gms:\n  server: http://h:8080   # comment\n  token:\n'), { server: 'http://h:8080' });
  assert.deepEqual(parseDatahubEnv("gms:\n  server: 'http://it''s'\n"), { server: "http://it's" });
});

test('other keys, deeper nesting, CRLF and comments around gms', () => {
  const text = [
    '# written by datahub init',
    'kafka:',
    '  server: kafka:9092',
    'gms:',
    '  # the GMS',
    '  server: http://gms:8080',
    '  extra:',
    '    token: nested-not-ours',
    '  token: top',
    '  timeout_sec: null',
    'other: 1',
  ].join('\r\n');
  assert.deepEqual(parseDatahubEnv(text), { server: 'http://gms:8080', token: 'top' });
});

test('flow form gms: { server, token }', () => {
  assert.deepEqual(parseDatahubEnv('gms: {server: "http://h:8080", token: abc}\n'), { server: 'http://h:8080', token: 'abc' });
  assert.deepEqual(parseDatahubEnv("gms: { server: 'http://h:8080', token: null }"), { server: 'http://h:8080' });
});

test('no gms server: nothing to import', () => {
  assert.equal(parseDatahubEnv(''), undefined);
  assert.equal(parseDatahubEnv('gms:\n  token: abc\n'), undefined);
  assert.equal(parseDatahubEnv('kafka:\n  server: x\n'), undefined);
  assert.equal(parseDatahubEnv('gms:\nserver: x\n'), undefined);
});

test('env vars win over ~/.datahubenv, like the CLI', async () => {
  const home = mkdtempSync(join(tmpdir(), 'datahubenv-'));
  try {
    assert.equal(await findCliConnection({}, home), undefined);
    writeFileSync(join(home, '.datahubenv'), 'gms:\n  server: http://file:8080\n  token: file-token\n');
    assert.deepEqual(await findCliConnection({}, home), { gmsUrl: 'http://file:8080', token: 'file-token', source: '~/.datahubenv' });
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_TOKEN: 'env-token' }, home), {
      gmsUrl: 'http://file:8080',
      token: 'env-token',
      source: '~/.datahubenv',
    });
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_URL: 'https://env/api/gms', DATAHUB_GMS_TOKEN: 't' }, home), {
      gmsUrl: 'https://env/api/gms',
      token: 't',
      source: 'DATAHUB_GMS_URL',
    });
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_HOST: 'gms', DATAHUB_GMS_PORT: '9090', DATAHUB_GMS_PROTOCOL: 'https' }, home), {
      gmsUrl: 'https://gms:9090',
      token: undefined,
      source: 'DATAHUB_GMS_HOST',
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
