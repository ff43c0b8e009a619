// A server that trickles its answer a byte at a time must not hold a request
// (or a refresh that joins it) for ever: the client's timeout covers the whole
// exchange, headers and body, and a cancel ends it at once.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { GmsClient, OperationsAction } from '../../../src/gms';
import { clientFor, listen, rejectsWith } from '../helpers';

const BODY = '{"value":{"indexSizes":[]}}';
/** How long the trickler (600 ms a byte) takes to send the whole body: what a request without a deadline would wait. */
const WHOLE_BODY_MS = BODY.length * 600;

/** Answers 200 at once (its headers flushed), then sends one byte of a valid body every `gapMs`. */
function trickler(gapMs: number): Server {
  return createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    // Node holds the headers until the first write: sent now, so the client has its answer's head at once and the
    // deadline falls during the body whatever the machine's load (the first byte's timer may fire late).
    res.flushHeaders();
    let i = 0;
    const timer = setInterval(() => {
      if (i >= BODY.length || res.destroyed) {
        clearInterval(timer);
        res.end();
        return;
      }
      res.write(BODY[i++]);
    }, gapMs);
    res.on('close', () => clearInterval(timer));
  });
}

const calls: Record<OperationsAction, (c: GmsClient, signal?: AbortSignal) => Promise<unknown>> = {
  getIndexSizes: (c, s) => c.getIndexSizes(s),
  restoreIndices: (c, s) => c.restoreIndices({ urn: 'urn:li:corpuser:datahub' }, s),
  truncateTimeseriesAspect: (c, s) => c.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 1, dryRun: true }, s),
  getEsTaskStatus: (c, s) => c.getEsTaskStatus('node:1', s),
};

describe('every request has an overall deadline', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = trickler(600);
    url = `http://127.0.0.1:${await listen(server)}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  for (const action of Object.keys(calls) as OperationsAction[]) {
    it(`${action}: a body trickled a byte every 600 ms times out at the 1.5 s limit, not after ${BODY.length} bytes`, async () => {
      const client = clientFor(url, { timeoutMs: 1500, retries: 0 });
      const started = Date.now();
      const error = await rejectsWith(calls[action](client), 'timeout');
      const elapsed = Date.now() - started;
      await client.close();
      // Ended by the deadline (the 'timeout' above), long before the whole body (a busy machine may fire the timer late).
      assert.ok(elapsed < WHOLE_BODY_MS / 2, `took ${elapsed} ms`);
      assert.ok(elapsed >= 1400, `ended early, after ${elapsed} ms`);
      assert.match(error.message, /did not finish sending its answer .* within 1\.5 s/);
      assert.match(error.message, /datahub\.requestTimeoutSeconds/);
    });
  }

  it('getServerVersion: a trickled /config ends at the 1.5 s limit as an unreadable version, not a hang', async () => {
    const client = clientFor(url, { timeoutMs: 1500, retries: 0 });
    const started = Date.now();
    const version = await client.getServerVersion();
    const elapsed = Date.now() - started;
    await client.close();
    assert.equal(version.ok, false);
    assert.ok(elapsed < WHOLE_BODY_MS / 2 && elapsed >= 1400, `took ${elapsed} ms`);
    assert.match(version.ok ? '' : version.reason, /within 1\.5 s/);
  });

  it('a cancel while the body trickles ends the request at once, as a cancel', async () => {
    const client = clientFor(url, { timeoutMs: 30_000, retries: 0 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    await rejectsWith(calls.restoreIndices(client, controller.signal), 'cancelled');
    await client.close();
    assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
  });

  it('retries of a read-only action stay within one deadline each (no endless join)', async () => {
    const client = clientFor(url, { timeoutMs: 800, retries: 2, retryBaseDelayMs: 10 });
    const started = Date.now();
    await rejectsWith(calls.getIndexSizes(client), 'timeout');
    await client.close();
    // Timeouts are not retried; one deadline bounds the call.
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  });
});
