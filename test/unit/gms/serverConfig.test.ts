// GET {gms}/config: the DataHub version the job's image tag must match, and a
// plain reason (never an exception) when it cannot be read. Real HTTP to the sandbox.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createGmsClient } from '../../../src/gms';
import { SANDBOX_TOKENS, startSandbox, type Sandbox } from '../../sandbox';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(async () => {
  await sb.stop();
});
beforeEach(() => sb.reset());

async function versionAt(url: string, token?: string) {
  const client = createGmsClient({ gmsUrl: url, token, retries: 0 });
  try {
    return await client.getServerVersion();
  } finally {
    await client.close();
  }
}

describe('getServerVersion', () => {
  it('reads the version GMS reports, per server version', async () => {
    assert.deepEqual(await versionAt(sb.frontendUrl, SANDBOX_TOKENS.admin), { ok: true, version: 'v1.0.0', commit: '0000000', serverType: 'quickstart' });
    sb.setVersion('legacy');
    const legacy = await versionAt(sb.frontendUrl);
    assert.equal(legacy.ok && legacy.version, 'v0.10.5');
    const request = sb.requests.at(-1);
    assert.equal(request?.method, 'GET');
    assert.equal(request?.path, '/api/gms/config');
  });

  it('says the URL is the frontend when datahub-frontend answers', async () => {
    const answer = await versionAt(sb.url);
    assert.equal(answer.ok, false);
    assert.match(!answer.ok ? answer.reason : '', /answers as datahub-frontend.*use http:\/\/127\.0\.0\.1:\d+\/api\/gms as the connection URL/);
  });

  it('says when no version is reported, the server fails or does not answer', async () => {
    sb.setReportedVersion(null);
    assert.deepEqual(await versionAt(sb.frontendUrl), { ok: false, reason: `${sb.frontendUrl}/config reports no DataHub version` });
    sb.setReportedVersion(undefined);
    sb.addFault({ action: 'config', fault: { kind: 'html', status: 502 }, times: 1 });
    assert.deepEqual(await versionAt(sb.frontendUrl), { ok: false, reason: `${sb.frontendUrl}/config answered 502` });
    sb.addFault({ action: 'config', fault: { kind: 'reset' }, times: 1 });
    const reset = await versionAt(sb.frontendUrl);
    assert.equal(reset.ok, false);
    assert.match(!reset.ok ? reset.reason : '', /127\.0\.0\.1/);
  });

  it('keeps server text short and on one line', async () => {
    sb.setReportedVersion(`v9\n${'x'.repeat(200)}`);
    const answer = await versionAt(sb.frontendUrl);
    assert.ok(answer.ok);
    assert.ok(answer.ok && !answer.version.includes('\n') && answer.version.length <= 61);
  });
});
