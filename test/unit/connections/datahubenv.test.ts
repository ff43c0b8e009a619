import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCliConnection, parseDatahubEnv } from '../../../src/connections/logic/datahubenv';

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

// The rules of DataHub's metadata-ingestion/src/datahub/cli/config_utils.py, one test each.
function withHome(fileText: string | undefined, body: (home: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const home = mkdtempSync(join(tmpdir(), 'datahubenv-'));
    try {
      if (fileText !== undefined) writeFileSync(join(home, '.datahubenv'), fileText);
      await body(home);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  };
}
const FILE = 'gms:\n  server: http://file:8080\n  token: file-token\n';

test(
  'no env and no file: nothing; the file alone: its server with its token',
  withHome(undefined, async (home) => {
    assert.equal(await findCliConnection({}, home), undefined);
    writeFileSync(join(home, '.datahubenv'), FILE);
    assert.deepEqual(await findCliConnection({}, home), { gmsUrl: 'http://file:8080', token: 'file-token', source: '~/.datahubenv' });
  }),
);

test(
  "the env token goes only with the env URL: never with the file's server",
  withHome(FILE, async (home) => {
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_TOKEN: 'env-token' }, home), {
      gmsUrl: 'http://file:8080',
      token: 'file-token',
      source: '~/.datahubenv',
    });
  }),
);

test(
  "the file's token never goes with the env URL",
  withHome(FILE, async (home) => {
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_URL: 'https://env/api/gms' }, home), {
      gmsUrl: 'https://env/api/gms',
      token: undefined,
      source: 'DATAHUB_GMS_URL',
    });
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_URL: 'https://env/api/gms', DATAHUB_GMS_TOKEN: 't' }, home), {
      gmsUrl: 'https://env/api/gms',
      token: 't',
      source: 'DATAHUB_GMS_URL',
    });
  }),
);

test(
  'DATAHUB_GMS_HOST + DATAHUB_GMS_PORT win over DATAHUB_GMS_URL when the port is set (protocol default http)',
  withHome(FILE, async (home) => {
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_URL: 'https://env/api/gms', DATAHUB_GMS_HOST: 'gms', DATAHUB_GMS_PORT: '9090' }, home), {
      gmsUrl: 'http://gms:9090',
      token: undefined,
      source: 'DATAHUB_GMS_HOST + DATAHUB_GMS_PORT',
    });
    assert.deepEqual(
      await findCliConnection({ DATAHUB_GMS_HOST: 'gms', DATAHUB_GMS_PORT: '9090', DATAHUB_GMS_PROTOCOL: 'https', DATAHUB_GMS_TOKEN: 't' }, home),
      {
        gmsUrl: 'https://gms:9090',
        token: 't',
        source: 'DATAHUB_GMS_HOST + DATAHUB_GMS_PORT',
      },
    );
    await assert.rejects(findCliConnection({ DATAHUB_GMS_PORT: '9090' }, home), /DATAHUB_GMS_PORT is set but DATAHUB_GMS_HOST is not/);
  }),
);

test(
  'a port-less DATAHUB_GMS_HOST is the URL, unchanged; DATAHUB_GMS_URL wins over it',
  withHome(FILE, async (home) => {
    assert.deepEqual(await findCliConnection({ DATAHUB_GMS_HOST: 'https://gms.example.com/api/gms', DATAHUB_GMS_PROTOCOL: 'http' }, home), {
      gmsUrl: 'https://gms.example.com/api/gms',
      token: undefined,
      source: 'DATAHUB_GMS_HOST',
    });
    assert.equal((await findCliConnection({ DATAHUB_GMS_HOST: 'gms:8080' }, home))?.gmsUrl, 'gms:8080', 'no protocol added');
    assert.equal((await findCliConnection({ DATAHUB_GMS_HOST: 'gms', DATAHUB_GMS_URL: 'http://url:8080' }, home))?.gmsUrl, 'http://url:8080');
  }),
);

test(
  'DATAHUB_SKIP_CONFIG=true leaves ~/.datahubenv unread; other values do not',
  withHome(FILE, async (home) => {
    assert.equal(await findCliConnection({ DATAHUB_SKIP_CONFIG: 'true' }, home), undefined);
    assert.equal(await findCliConnection({ DATAHUB_SKIP_CONFIG: 'TRUE' }, home), undefined);
    assert.equal((await findCliConnection({ DATAHUB_SKIP_CONFIG: '1' }, home))?.source, '~/.datahubenv', 'the CLI reads only "true"');
    assert.equal((await findCliConnection({ DATAHUB_SKIP_CONFIG: 'true', DATAHUB_GMS_URL: 'http://env:8080' }, home))?.gmsUrl, 'http://env:8080');
  }),
);
