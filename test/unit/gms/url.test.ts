// GMS URL normalisation (the Add Connection flow) and NO_PROXY matching.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { bypassesProxy, isGmsError, normaliseGmsUrl } from '../../../src/gms';

function refused(input: string, pattern: RegExp): void {
  assert.throws(
    () => normaliseGmsUrl(input),
    (e: unknown) => {
      assert.ok(isGmsError(e));
      assert.equal(e.kind, 'invalidInput');
      assert.equal(e.field, 'gmsUrl');
      assert.match(e.message, /^gmsUrl: /);
      assert.match(e.message, pattern);
      return true;
    },
  );
}

describe('normaliseGmsUrl', () => {
  it('keeps the three deployment forms and strips trailing slashes', () => {
    assert.equal(normaliseGmsUrl('http://localhost:8080'), 'http://localhost:8080');
    assert.equal(normaliseGmsUrl('http://localhost:8080///'), 'http://localhost:8080');
    assert.equal(normaliseGmsUrl('  https://datahub.example.com/api/gms/  '), 'https://datahub.example.com/api/gms');
    assert.equal(normaliseGmsUrl('https://tenant.acryl.io/gms'), 'https://tenant.acryl.io/gms');
    assert.equal(normaliseGmsUrl('HTTPS://DataHub.Example.com:443/api/gms'), 'https://datahub.example.com/api/gms');
    assert.equal(normaliseGmsUrl('http://[::1]:8080/'), 'http://[::1]:8080');
  });

  it('follows the CLI for acryl.io: https, and /gms when there is no path', () => {
    assert.equal(normaliseGmsUrl('https://tenant.acryl.io'), 'https://tenant.acryl.io/gms');
    assert.equal(normaliseGmsUrl('https://tenant.acryl.io/'), 'https://tenant.acryl.io/gms');
    assert.equal(normaliseGmsUrl('http://tenant.acryl.io'), 'https://tenant.acryl.io/gms');
    assert.equal(normaliseGmsUrl('http://tenant.acryl.io/gms/'), 'https://tenant.acryl.io/gms');
    assert.equal(normaliseGmsUrl('http://notacryl.io'), 'http://notacryl.io');
  });

  it('trims a pasted operations URL to its base', () => {
    assert.equal(normaliseGmsUrl('https://host/api/gms/operations'), 'https://host/api/gms');
  });

  it('refuses other schemes, credentials, query, fragment and bare hosts, naming gmsUrl', () => {
    refused('', /enter the GMS URL/);
    refused('ftp://host/gms', /only http:\/\/ and https:\/\//);
    refused('file:///etc/passwd', /only http/);
    refused('javascript:alert(1)', /only http/);
    refused('localhost:8080', /add the scheme, e\.g\. http:\/\/localhost:8080/);
    refused('https://user:secret@host/api/gms', /remove the user name and password/);
    refused('https://host/api/gms?x=1', /query string/);
    refused('https://host/api/gms?', /query string/);
    refused('https://host/api/gms#frag', /fragment/);
    refused('http://', /not a valid URL|no host/);
  });

  it('never echoes credentials in its message', () => {
    try {
      normaliseGmsUrl('https://user:hunter2@host');
      assert.fail('expected a refusal');
    } catch (e) {
      assert.ok(isGmsError(e));
      assert.doesNotMatch(e.message, /hunter2/);
    }
  });
});

describe('bypassesProxy (NO_PROXY)', () => {
  it('matches hosts, suffixes, wildcards and ports', () => {
    assert.equal(bypassesProxy('http://gms.internal:8080', 'gms.internal'), true);
    assert.equal(bypassesProxy('http://a.gms.internal:8080', 'gms.internal'), true);
    assert.equal(bypassesProxy('http://a.gms.internal', '.gms.internal'), true);
    assert.equal(bypassesProxy('http://a.gms.internal', '*.gms.internal'), true);
    assert.equal(bypassesProxy('http://xgms.internal', 'gms.internal'), false);
    assert.equal(bypassesProxy('http://anything', '*'), true);
    assert.equal(bypassesProxy('http://127.0.0.1:8080', 'localhost, 127.0.0.1:8080'), true);
    assert.equal(bypassesProxy('http://127.0.0.1:9090', '127.0.0.1:8080'), false);
    assert.equal(bypassesProxy('https://host', 'host:443'), true);
    assert.equal(bypassesProxy('http://[::1]:80', '[::1]:80'), true);
    assert.equal(bypassesProxy('http://HOST.Example.com', 'example.COM'), true);
    assert.equal(bypassesProxy('http://host', ''), false);
    assert.equal(bypassesProxy('http://host', undefined), false);
  });
});
