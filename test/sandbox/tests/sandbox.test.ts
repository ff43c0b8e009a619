// The sandbox as a DataHub GMS: index sizes per server version, auth, Rest.li
// routing errors, request recording. Over real HTTP on 127.0.0.1.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SANDBOX_TOKENS, startSandbox, type Sandbox } from '..';
import { callAction, control, valueOf, type RawAnswer } from '../testing';

interface Entry {
  indexName: string;
  entityName?: string;
  aspectName?: string;
  sizeInMb?: number;
  sizeMb?: number;
}

function entries(value: unknown): Entry[] {
  return (value as { indexSizes: Entry[] }).indexSizes;
}

function byName(list: Entry[], name: string): Entry {
  const e = list.find((x) => x.indexName === name);
  assert.ok(e, `index ${name} is listed`);
  return e;
}

function assertRestliError(a: RawAnswer, status: number, message: RegExp | string): void {
  assert.equal(a.status, status, a.text.slice(0, 200));
  assert.equal(a.headers.get('x-restli-error-response'), 'true');
  const body = a.json as { exceptionClass: string; stackTrace: string; message: string; status: number };
  assert.equal(body.exceptionClass, 'com.linkedin.restli.server.RestLiServiceException');
  assert.equal(body.status, status);
  if (typeof message === 'string') assert.equal(body.message, message);
  else assert.match(body.message, message);
  assert.ok(body.stackTrace.split('\n').length > 10, 'a long multi-line stack trace');
}

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(() => sb.stop());
beforeEach(() => sb.reset());

describe('getIndexSizes', () => {
  it('newer servers send sizeInMb in decimal MB, lowercase names, nothing for unparseable names', async () => {
    const list = entries(valueOf(await callAction(sb.url, 'getIndexSizes')));
    assert.ok(list.length >= 10);
    const profile = byName(list, 'dataset_datasetprofileaspect_v1');
    assert.deepEqual(profile, { indexName: 'dataset_datasetprofileaspect_v1', entityName: 'dataset', aspectName: 'datasetprofile', sizeInMb: 18342.113 });
    assert.equal(list.filter((e) => (e.sizeInMb ?? 0) > 10_000).length, 2, 'two indices above the 10 GB warning');
    assert.equal(byName(list, 'assertion_assertionruneventaspect_v1').sizeInMb, 0.000208);
    // Another deployment's index (prefix t01) in the same cluster: listed, but without names.
    assert.deepEqual(byName(list, 't01_dataset_operationaspect_v1'), { indexName: 't01_dataset_operationaspect_v1', sizeInMb: 1.25 });
    assert.ok(list.every((e) => e.sizeMb === undefined));
    for (const e of list.filter((x) => x.entityName)) assert.equal(e.indexName, `${e.entityName}_${e.aspectName}aspect_v1`);
  });

  it('legacy servers send sizeMb = (int) bytes / 1000: kilobytes, negative past 2^31 bytes', async () => {
    sb.setVersion('legacy');
    const list = entries(valueOf(await callAction(sb.url, 'getIndexSizes')));
    assert.equal(byName(list, 'dataset_operationaspect_v1').sizeMb, 640_500);
    assert.equal(byName(list, 'chart_chartusagestatisticsaspect_v1').sizeMb, 12_750);
    // 2,711,050,000 bytes wraps to 2,711,050,000 - 2^32 as a Java int.
    assert.equal(byName(list, 'dataset_datasetusagestatisticsaspect_v1').sizeMb, (2_711_050_000 - 2 ** 32) / 1000);
    assert.ok(list.every((e) => e.sizeInMb === undefined));
    assert.deepEqual(Object.keys(byName(list, 't01_dataset_operationaspect_v1')), ['sizeMb', 'indexName']);
  });

  it('seedString servers send a string of JSON: array first, then the object form, alternating', async () => {
    sb.setVersion('seedString');
    const forms: string[] = [];
    for (let i = 0; i < 3; i++) {
      const value = valueOf(await callAction(sb.url, 'getIndexSizes'));
      assert.equal(typeof value, 'string');
      const parsed: unknown = JSON.parse(value as string);
      forms.push(Array.isArray(parsed) ? 'array' : Object.keys(parsed as object).join());
      const list = Array.isArray(parsed) ? (parsed as Entry[]) : entries(parsed);
      assert.equal(byName(list, 'dataset_operationaspect_v1').sizeMb, 640_500);
    }
    assert.deepEqual(forms, ['array', 'indexSizes', 'array']);
    sb.setVersion('seedString', 'object');
    assert.match(valueOf(await callAction(sb.url, 'getIndexSizes')) as string, /^\{"indexSizes":\[/);
  });

  it('serves 10,000 extra indices, and extra entries verbatim', async () => {
    const big = await startSandbox({ extraIndices: 10_000 });
    try {
      const list = entries(valueOf(await callAction(big.url, 'getIndexSizes')));
      assert.equal(list.length, 10_010);
      // Other tenants' copies: an unprefixed server names none of them (IndexConventionImpl).
      assert.equal(byName(list, 't0000_dataset_operationaspect_v1').entityName, undefined);
    } finally {
      await big.stop();
    }
    const hostile = 'x<script>alert(1)</script>"|,=\nz';
    sb.setExtraIndices([
      { indexName: hostile, entityName: 'Weird Entity', sizeInMb: 1.5 },
      { indexName: 'dataset_operationaspect_v1', entityName: 'dataset', aspectName: 'operation', sizeInMb: 700.25 },
    ]);
    const list = entries(valueOf(await callAction(sb.url, 'getIndexSizes')));
    assert.deepEqual(byName(list, hostile), { indexName: hostile, entityName: 'Weird Entity', sizeInMb: 1.5 });
    assert.equal(byName(list, 'dataset_operationaspect_v1').sizeInMb, 700.25);
    assert.equal(list.filter((e) => e.indexName === 'dataset_operationaspect_v1').length, 1, 'the override replaces the seeded entry');
  });
});

describe('held answers (hold.ts)', () => {
  type Holding = { actions: string[]; held: Array<{ action: string; tokenName?: string }> };
  const holding = async () => (await control(sb.url, '/hold')) as Holding;
  /** Until the sandbox holds n requests: on its own answer, not a delay. */
  async function untilHeld(n: number): Promise<Holding> {
    for (;;) {
      const h = await holding();
      if (h.held.length >= n) return h;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('a held action waits unanswered and unrecorded until released; other actions are answered', async () => {
    await control(sb.url, '/hold', { action: 'getIndexSizes' });
    const first = callAction(sb.url, 'getIndexSizes');
    const second = callAction(sb.url, 'getIndexSizes', {}, { token: SANDBOX_TOKENS.reader });
    const h = await untilHeld(2);
    assert.deepEqual(h.actions, ['getIndexSizes']);
    assert.deepEqual(h.held.map((r) => r.tokenName).sort(), ['admin', 'reader']);
    // Another action is not held.
    assert.equal((await callAction(sb.url, 'restoreIndices', { urn: 'urn:li:corpuser:datahub' })).status, 200);
    assert.ok(!sb.requests.some((r) => r.action === 'getIndexSizes'), 'held requests are recorded when answered');
    assert.deepEqual(await control(sb.url, '/release', {}), { released: 2 });
    assert.deepEqual([(await first).status, (await second).status], [200, 200]);
    assert.deepEqual(await holding(), { actions: [], held: [] });
    assert.equal(sb.requests.filter((r) => r.action === 'getIndexSizes').length, 2);
  });

  it('a reset releases what is held; a hold needs an action', async () => {
    await control(sb.url, '/hold', { action: 'getIndexSizes' });
    const pending = callAction(sb.url, 'getIndexSizes');
    await untilHeld(1);
    sb.reset();
    assert.equal((await pending).status, 200);
    const bad = await fetch(`${sb.url}/__sandbox/hold`, { method: 'POST', body: '{}' });
    assert.equal(bad.status, 400);
  });
});

describe('auth', () => {
  it("a missing or unknown token gets the auth filter's HTML 401", async () => {
    for (const token of [null, 'not-a-token']) {
      const a = await callAction(sb.url, 'getIndexSizes', {}, { token });
      assert.equal(a.status, 401);
      assert.match(a.headers.get('content-type') ?? '', /text\/html/);
      assert.match(a.text, /<title>Error 401 Unauthorized to perform this action\.<\/title>/);
      assert.equal(a.headers.get('x-restli-error-response'), null);
    }
  });

  it('an expired token says so', async () => {
    sb.setAuth({ expired: [SANDBOX_TOKENS.admin] });
    const a = await callAction(sb.url, 'getIndexSizes');
    assert.equal(a.status, 401);
    assert.match(a.text, /Unauthorized to perform this action due to expired auth\./);
  });

  it('through the frontend path a missing token is a 401 with an empty body; a good one works', async () => {
    const missing = await callAction(sb.frontendUrl, 'getIndexSizes', {}, { token: null });
    assert.equal(missing.status, 401);
    assert.equal(missing.text, '');
    const ok = await callAction(sb.frontendUrl, 'getIndexSizes');
    assert.ok(entries(valueOf(ok)).length > 0);
  });

  it("missing privileges are Rest.li 403s with DataHub's messages", async () => {
    assertRestliError(await callAction(sb.url, 'getIndexSizes', {}, { token: SANDBOX_TOKENS.none }), 403, 'User is unauthorized to get index sizes.');
    assertRestliError(
      await callAction(sb.url, 'restoreIndices', { urn: 'urn:li:corpuser:jdoe' }, { token: SANDBOX_TOKENS.reader }),
      403,
      'User is unauthorized to restore indices.',
    );
    const truncate = { entityType: 'dataset', aspect: 'operation', endTimeMillis: 0 };
    assertRestliError(
      await callAction(sb.url, 'truncateTimeseriesAspect', truncate, { token: SANDBOX_TOKENS.restorer }),
      403,
      'User is unauthorized to truncate timeseries index',
    );
    assertRestliError(
      await callAction(sb.url, 'getEsTaskStatus', { task: 'a:1' }, { token: SANDBOX_TOKENS.restorer }),
      403,
      'User is unauthorized to get ES task status',
    );
    assert.equal((await callAction(sb.url, 'restoreIndices', { urn: 'urn:li:corpuser:jdoe' }, { token: SANDBOX_TOKENS.restorer })).status, 200);
  });

  it('with auth off (quickstart) a request without a token is allowed', async () => {
    sb.setAuth({ enabled: false });
    assert.ok(entries(valueOf(await callAction(sb.url, 'getIndexSizes', {}, { token: null }))).length > 0);
  });
});

describe('routing and Rest.li errors', () => {
  it('rejects unknown actions, GET actions, bad JSON, wrong types and missing parameters', async () => {
    assertRestliError(await callAction(sb.url, 'foo'), 400, /^POST operation named foo not supported on resource /);
    assertRestliError(
      await callAction(sb.url, 'getIndexSizes', undefined, { method: 'GET' }),
      400,
      "All action methods (specified via 'action' in URI) must be submitted as a POST (was GET)",
    );
    assertRestliError(await callAction(sb.url, 'restoreIndices', undefined, { raw: '{"urn": ' }), 400, 'Cannot parse request entity');
    assertRestliError(
      await callAction(sb.url, 'restoreIndices', { urnLike: 'urn:li:tag:%', start: 'abc' }),
      400,
      "Parameters of method 'restoreIndices' failed validation with error 'ERROR :: /start :: \"abc\" cannot be coerced to Integer\n'",
    );
    assertRestliError(
      await callAction(sb.url, 'truncateTimeseriesAspect', { entityType: 'dataset', aspect: 'operation' }),
      400,
      "Parameter 'endTimeMillis' is required",
    );
  });

  it('ignores unknown extra parameters', async () => {
    assert.ok(entries(valueOf(await callAction(sb.url, 'getIndexSizes', { verbose: true, foo: [1] }))).length > 0);
  });

  it('before 0.10.5 there is no operations resource', async () => {
    sb.setVersion('pre0105');
    assertRestliError(await callAction(sb.url, 'getIndexSizes'), 404, "No root resource defined for path '/operations'");
  });

  it('/config tells the frontend root from GMS', async () => {
    const root = (await (await fetch(`${sb.url}/config`)).json()) as { config: { application: string } };
    assert.equal(root.config.application, 'datahub-frontend');
    const gms = (await (await fetch(`${sb.frontendUrl}/config`)).json()) as { noCode: string };
    assert.equal(gms.noCode, 'true');
  });
});

describe('recording', () => {
  it('records each request with the token redacted and named', async () => {
    await callAction(sb.url, 'restoreIndices', { urn: 'urn:li:tag:pii', extra: 1 }, { token: SANDBOX_TOKENS.restorer });
    await callAction(sb.frontendUrl, 'getIndexSizes', {}, { token: 'wrong' });
    await callAction(sb.url, 'getIndexSizes', {}, { token: null });
    await fetch(`${sb.url}/__sandbox/state`);
    const [restore, wrong, none, ...rest] = sb.requests;
    assert.equal(rest.length, 0, 'control endpoints are not recorded');
    assert.equal(restore.method, 'POST');
    assert.equal(restore.path, '/operations');
    assert.equal(restore.action, 'restoreIndices');
    assert.deepEqual(restore.query, { action: 'restoreIndices' });
    assert.equal(restore.headers.authorization, 'Bearer <redacted>');
    assert.equal(restore.headers['x-restli-protocol-version'], '2.0.0');
    assert.equal(restore.tokenName, 'restorer');
    assert.deepEqual(restore.body, { urn: 'urn:li:tag:pii', extra: 1 });
    assert.equal(restore.rawBody, '{"urn":"urn:li:tag:pii","extra":1}');
    assert.equal(restore.status, 200);
    assert.ok(!JSON.stringify(sb.requests).includes(SANDBOX_TOKENS.restorer), 'no token value anywhere');
    assert.equal(wrong.path, '/api/gms/operations');
    assert.equal(wrong.tokenName, 'unknown');
    assert.equal(wrong.status, 401);
    assert.equal(none.tokenName, undefined);
    assert.equal(none.headers.authorization, undefined);
    assert.ok(restore.seq < wrong.seq && wrong.seq < none.seq);
    sb.clearRequests();
    assert.equal(sb.requests.length, 0);
  });
});

describe('cli', () => {
  it('prints the URLs and tokens, serves, and stops cleanly on SIGTERM', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/cli.ts', '--version', 'legacy', '--quiet'], {
      cwd: `${__dirname}/../../..`,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /GMS direct: +(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m && out.includes('Ctrl+C')) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      assert.ok(out.includes(SANDBOX_TOKENS.reader), 'the sample tokens are printed');
      assert.match(out, /curl -s -X POST 'http:\/\/127\.0\.0\.1:\d+\/operations\?action=getIndexSizes' -H 'Authorization: Bearer /);
      const list = entries(valueOf(await callAction(url, 'getIndexSizes', {}, { token: SANDBOX_TOKENS.reader })));
      assert.equal(typeof list[0].sizeMb, 'number', '--version legacy took effect');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
