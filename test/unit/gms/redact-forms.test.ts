// Echoes the first redaction missed: a token under 4 characters, JSON-escaped
// echoes and base64 echoes (alone, base64url, and inside a Basic header at any
// alignment) are hidden too; through a real client, a server's echo never
// reaches the error.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createGmsClient } from '../../../src/gms';
import { tokenHider } from '../../../src/gms/redact';
import { listen, rejectsWith, stopServer } from '../helpers';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.Secret/Part+9=';
const b64 = (text: string): string => Buffer.from(text).toString('base64');

describe('token echoes in JSON escapes and base64', () => {
  const hide = tokenHider(TOKEN);

  it('JSON-escaped forms', () => {
    for (const form of [
      JSON.stringify(TOKEN).slice(1, -1),
      TOKEN.replace(/\//g, '\\/'),
      TOKEN.replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ]) {
      assert.equal(hide(`{"echo":"${form}"}`), '{"echo":"<redacted>"}', form);
    }
  });

  it('base64 alone, base64url, and inside a longer base64 text at each alignment', () => {
    assert.doesNotMatch(hide(`x ${b64(TOKEN)} y`), /eyJ|ZXlK/);
    assert.equal(hide(b64(TOKEN).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')), '<redacted>');
    for (const prefix of ['', 'a', 'ab', 'user:', '__token__:']) {
      const basic = `Authorization: Basic ${b64(prefix + TOKEN)}`;
      const hidden = hide(basic);
      assert.match(hidden, /<redacted>/, basic);
      // What is left is the prefix's own base64 and at most a few characters mixing in the token's edges.
      const rest = hidden.replace('Authorization: Basic ', '').split('<redacted>').join('');
      assert.ok(rest.length <= Math.ceil((prefix.length * 8) / 6) + 4, `${hidden}`);
    }
  });

  it('a token under 4 characters is hidden where it stands alone, not inside other words', () => {
    const short = tokenHider('k9x');
    assert.equal(short('token k9x refused; k9xyz and ak9x stay'), 'token <redacted> refused; k9xyz and ak9x stay');
    assert.equal(short('"k9x"'), '"<redacted>"');
    assert.equal(tokenHider('')('nothing to hide'), 'nothing to hide');
  });

  it('an ordinary message is left alone', () => {
    assert.equal(hide('Rows 1 to 10 of urn:li:dataset:(x,y,PROD) were restored.'), 'Rows 1 to 10 of urn:li:dataset:(x,y,PROD) were restored.');
  });
});

describe('a server echoing a short token and a base64 one', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = createServer((req, res) => {
      const auth = req.headers.authorization ?? '';
      const token = auth.replace(/^Bearer /, '');
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `refused ${token} (${b64(`u:${token}`)}) ${JSON.stringify(token)}`, status: 400 }));
    });
    url = `http://127.0.0.1:${await listen(server)}`;
  });
  after(() => stopServer(server));

  for (const token of ['ab1', TOKEN]) {
    it(`the error holds no echo of a ${token.length}-character token`, async () => {
      const client = createGmsClient({ gmsUrl: url, token, retries: 0 });
      try {
        const error = await rejectsWith(client.restoreIndices({ urn: 'urn:li:corpuser:x' }), 'badRequest');
        const seen = JSON.stringify([error.message, error.serverMessage, error.body]);
        assert.ok(!new RegExp(`(^|[^A-Za-z0-9])${token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([^A-Za-z0-9]|$)`).test(seen), seen.replace(token, '…'));
        // A base64 echo is hidden for tokens long enough to tell it from chance (8 base64 characters or more).
        if (token.length >= 8) assert.ok(!seen.includes(b64(`u:${token}`)), 'base64 echo');
        assert.match(seen, /<redacted>/);
      } finally {
        await client.close();
      }
    });
  }
});
