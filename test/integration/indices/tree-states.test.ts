// The index sizes tree in its states (no connection, no token, a failing server,
// loading), inside a real VS Code against the sandbox.
import * as assert from 'node:assert/strict';
import type { GroupNode } from '../../../src/indices/logic/indexTreeNodes';
import { exec, closedPort, roots, sandbox, sandboxUrl, SANDBOX_TOKENS, settledRoots, sizesAnswer, waitFor, type ShownItem } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import { refreshed, useTreeSuite } from '../support/tree';

describe('core: index sizes tree', () => {
  useTreeSuite();
  describe('states', () => {
    afterEach(async () => {
      await exec(Commands.switchConnection, { name: 'sandbox' });
      await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.admin });
    });

    async function failed(): Promise<ShownItem[]> {
      await exec(Commands.refreshIndexSizes, {}).then(
        () => assert.fail('expected the refresh to fail'),
        () => undefined,
      );
      return settledRoots();
    }

    it('401: the token was refused, click to set a new one', async () => {
      await exec(Commands.setAccessToken, { token: 'expired-or-wrong-token' });
      const [first, ...rest] = await failed();
      assert.match(first.label, /token was refused/);
      assert.equal(first.command, Commands.setAccessToken);
      assert.ok(
        rest.some((i) => i.command === Commands.refreshIndexSizes),
        'offers Retry',
      );
    });

    it('401 without a token: asks for one', async () => {
      await exec(Commands.clearAccessToken, {});
      const [first] = await failed();
      assert.match(first.label, /Access token needed/);
      assert.equal(first.command, Commands.setAccessToken);
    });

    it('403: names the missing privilege', async () => {
      await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.none });
      const [first] = await failed();
      assert.match(first.label, /Get Timeseries index sizes API/);
      assert.match(first.tooltip, /Get Timeseries index sizes API/);
    });

    it('404 (older server or frontend URL): suggests /api/gms', async () => {
      await sandbox.setVersion('pre0105');
      const [first, ...rest] = await failed();
      assert.ok(first.label.includes(`${sandboxUrl()}/api/gms`), first.label);
      assert.ok(rest.some((i) => i.command === Commands.switchConnection));
    });

    it('unreachable: Retry and Open Settings', async () => {
      const port = await closedPort();
      await exec(Commands.addConnection, { name: 'closed', gmsUrl: `http://127.0.0.1:${port}` });
      try {
        const items = await failed();
        assert.match(items[0].label, /unreachable/);
        assert.equal(items[0].command, Commands.refreshIndexSizes);
        assert.ok(items.some((i) => i.command === Commands.openSettings));
        assert.match(items[0].tooltip, /ECONNREFUSED/);
      } finally {
        await exec(Commands.removeConnection, { name: 'closed' });
      }
    });

    it('invalid response: says it cannot read it and points at the log', async () => {
      await sandbox.addFault({ fault: { kind: 'status', status: 200, body: '{"value": 42}', contentType: 'application/json' }, action: 'getIndexSizes' });
      const [first] = await failed();
      assert.match(first.label, /cannot read/);
      assert.equal(first.command, Commands.showLog);
    });

    it('empty: says there are no timeseries indices', async () => {
      await sandbox.addFault({
        fault: { kind: 'status', status: 200, body: sizesAnswer([]), contentType: 'application/json' },
        action: 'getIndexSizes',
      });
      const snapshot = await refreshed();
      assert.equal(snapshot.indices.length, 0);
      const items = await settledRoots();
      assert.equal(items.length, 1);
      assert.match(items[0].label, /No timeseries indices/);
      assert.equal(items[0].command, Commands.refreshIndexSizes);
    });

    it('loading: a spinning placeholder while the first fetch runs', async () => {
      // The answer waits in the sandbox until released: the fetch runs for as long as the test looks.
      await sandbox.hold('getIndexSizes');
      await exec(Commands.addConnection, { name: 'slow', gmsUrl: `${sandboxUrl()}/api/gms`, token: SANDBOX_TOKENS.admin });
      try {
        let loading: ShownItem | undefined;
        await waitFor(async () => {
          const items = await roots();
          loading = items.find((i) => i.icon === 'loading~spin');
          return !!loading;
        }, 'the loading item');
        assert.match(loading!.label, /Loading index sizes from slow/);
        await sandbox.release();
        const done = await settledRoots();
        assert.equal((done[0].node as GroupNode).entityName, 'dataset');
      } finally {
        await sandbox.release();
        await exec(Commands.removeConnection, { name: 'slow' });
      }
    });
  });
});
