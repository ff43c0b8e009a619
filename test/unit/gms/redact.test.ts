// A server that echoes the token with its case changed or URL-encoded, and URLs
// carrying a user name and password: neither reaches a message, a log line or
// the screen.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createGmsClient } from '../../../src/gms';
import { hideUserInfo, tokenHider } from '../../../src/gms/redact';
import { describeError } from '../../../src/shared/errors';
import { uiText } from '../../../src/shared/uiText';
import { listen, rejectsWith, stopServer } from '../helpers';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.Secret/Part+9=';

describe('token echoes in any case or encoding', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = createServer((req, res) => {
      const action = new URL(req.url ?? '/', 'http://x').searchParams.get('action');
      req.resume();
      if (action === 'restoreIndices') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `bad token ${TOKEN.toUpperCase()} / ${TOKEN.toLowerCase()}`, status: 400 }));
      } else if (action === 'truncateTimeseriesAspect') {
        res.writeHead(302, { location: `http://127.0.0.1:9/login?t=${encodeURIComponent(TOKEN)}&u=${encodeURIComponent(TOKEN).toLowerCase()}` });
        res.end();
      } else {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`debug ${encodeURIComponent(encodeURIComponent(TOKEN))}`);
      }
    });
    url = `http://127.0.0.1:${await listen(server)}`;
  });
  after(() => stopServer(server));

  it('are replaced by <redacted> in messages, server messages, bodies and Locations', async () => {
    const client = createGmsClient({ gmsUrl: url, token: TOKEN, retries: 0, api: 'restli' });
    try {
      const failures = [
        await rejectsWith(client.restoreIndices({ urn: 'urn:li:corpuser:x' }), 'badRequest'),
        await rejectsWith(client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: 1 }), 'redirect'),
        await rejectsWith(client.getEsTaskStatus('n:1'), 'server'),
      ];
      const seen = JSON.stringify(failures.map((e) => [e.message, e.serverMessage, e.body, e.location, describeError(e).logDetail]));
      const lower = seen.toLowerCase();
      for (const form of [TOKEN, encodeURIComponent(TOKEN), encodeURIComponent(encodeURIComponent(TOKEN))]) {
        assert.ok(!lower.includes(form.toLowerCase()), `${form} in ${seen}`);
      }
      assert.ok((seen.match(/<redacted>/g) ?? []).length >= 4, seen);
    } finally {
      await client.close();
    }
  });

  it('tokenHider is linear: 1 MB of near-misses in under 500 ms', () => {
    const hide = tokenHider(TOKEN);
    const text = TOKEN.slice(0, -1).repeat(1_000_000 / TOKEN.length);
    // CPU time of this process, not wall time: other test stages on the same cores do not count against it.
    const cpu0 = process.cpuUsage();
    assert.equal(hide(text), text);
    const used = process.cpuUsage(cpu0);
    const ms = (used.user + used.system) / 1000;
    assert.ok(ms < 500, `${ms.toFixed(1)} ms of CPU`);
  });
});

describe('URLs with user info', () => {
  it('are shown and logged without it', () => {
    assert.equal(
      hideUserInfo('The DataHub CLI is set up for http://user:secret@gms.example:8080 (~/.datahubenv).'),
      'The DataHub CLI is set up for http://gms.example:8080 (~/.datahubenv).',
    );
    assert.equal(hideUserInfo('redirected to HTTPS://a%40b:p%3Ass@host/x and ftp://u@h'), 'redirected to HTTPS://host/x and ftp://h');
    assert.equal(uiText('was redirected to https://admin:hunter2@evil.example/login'), 'was redirected to https://evil.example/login');
    assert.equal(hideUserInfo('mail jdoe@example.com, urn:li:corpuser:jdoe@example.com'), 'mail jdoe@example.com, urn:li:corpuser:jdoe@example.com');
  });

  it('a redirect to a URL with user info is described without it', async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(302, { location: 'https://admin:hunter2@evil.example/login' });
      res.end();
    });
    const url = `http://127.0.0.1:${await listen(server)}`;
    const client = createGmsClient({ gmsUrl: url, token: TOKEN, retries: 0, api: 'restli' });
    try {
      const error = await rejectsWith(client.getIndexSizes(), 'redirect');
      const described = describeError(error);
      assert.doesNotMatch(`${described.message}\n${described.logDetail.join('\n')}`, /hunter2|admin:/);
    } finally {
      await client.close();
      await stopServer(server);
    }
  });
});
