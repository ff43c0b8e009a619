// A hostile server and hostile command links, inside a real VS Code: no link
// reaches the screen, and a command id with arguments never deletes, restores
// everything, overwrites a file or switches the connection without its modal.
// The typed API from activate() does the same without asking.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { API_COMMANDS } from '../../../src/api';
import type { ShownText } from '../../../src/platform/safeWindow';
import { activateExtension, run, sandbox, useSandboxConnection, workspaceFile } from '../../host/inHost';
import { Commands } from '../../../src/shared/commandIds';
import { waitFor } from '../support/core';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };
const LINK = '[Fix it](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)';
const HOSTILE = [LINK, `\\[Fix\\](command:datahub.truncateTimeseriesAspect)`, '[docs](https://evil.example/x)', '[f](file:///etc/passwd)'];

/**
 * A GMS that puts hostile text in every answer: a Rest.li error (first index-size
 * request, restores, task status), a redirect's Location (second index-size
 * request), index names, the truncation summary.
 */
function hostileServer(text: string): Server {
  let sizeCalls = 0;
  return createServer((req, res) => {
    const action = new URL(req.url ?? '/', 'http://x').searchParams.get('action');
    req.resume();
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...(status >= 400 ? { 'x-restli-error-response': 'true' } : {}) });
      res.end(JSON.stringify(body));
    };
    const restliError = (): void => json(500, { exceptionClass: 'com.linkedin.restli.server.RestLiServiceException', message: text, status: 500 });
    if (action === 'getIndexSizes') {
      sizeCalls++;
      if (sizeCalls === 1) restliError();
      else if (sizeCalls === 2) {
        res.writeHead(302, { location: `https://evil.example/${text}` });
        res.end();
      } else json(200, { value: { indexSizes: [{ indexName: `dataset_${text}aspect_v1`, entityName: 'dataset', aspectName: text, sizeInMb: 1 }] } });
    } else if (action === 'truncateTimeseriesAspect') json(200, { value: `Delete 1 out of 2 rows (50%). ${text}` });
    else restliError();
  });
}

async function screen(): Promise<{ shown: ShownText[]; modals: string[]; answer: (title: string | undefined) => void; stop: () => void }> {
  const api = await activateExtension();
  const shown: ShownText[] = [];
  const modals: string[] = [];
  let title: string | undefined;
  api.screen.record(shown);
  api.screen.answerModals((message, detail) => {
    modals.push(`${message}\n${detail ?? ''}`);
    return title;
  });
  return { shown, modals, answer: (t) => (title = t), stop: () => (api.screen.record(undefined), api.screen.answerModals(undefined)) };
}

const settle = (promise: Thenable<unknown>): Promise<unknown> =>
  Promise.resolve(promise).then(
    (v) => v,
    (e: unknown) => e,
  );

describe('security: hostile server text never becomes a link', function () {
  // The first run activates VS Code's Markdown extension (markdown.api.render) on top of every surface.
  this.timeout(60_000);
  for (const text of HOSTILE) {
    it(`every surface, for ${text.slice(0, 30)}…`, async () => {
      const server = hostileServer(text);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const s = await screen();
      try {
        s.answer('Truncate');
        await run(Commands.addConnection, { name: 'hostile', gmsUrl: url, token: 'hostile-token-1234' });
        await settle(vscode.commands.executeCommand(Commands.refreshIndexSizes));
        await settle(vscode.commands.executeCommand(Commands.testConnection));
        await settle(vscode.commands.executeCommand(Commands.restoreIndices, { urn: 'urn:li:corpuser:x', notify: true }));
        await settle(vscode.commands.executeCommand(Commands.truncateTimeseriesAspect, { ...DASHBOARD, endTimeMillis: 1, dryRun: false }));
        await settle(vscode.commands.executeCommand(Commands.showTaskStatus, { task: 'node:1' }));
        await settle(vscode.commands.executeCommand(Commands.refreshIndexSizes));
        await settle(vscode.commands.executeCommand(Commands.copyIndexName, { indexName: `dataset_${text}aspect_v1` }));
        // Notifications shown without being awaited: counted as they come, not after a fixed pause.
        await waitFor(() => s.shown.length >= 4, `four texts shown (${s.shown.length} so far)`);
        for (const { surface, text: t } of s.shown) assert.ok(!t.includes(']('), `${surface}: ${t}`);
        const defused = s.shown.filter((x) => x.text.includes('] ('));
        assert.ok(defused.length > 0, `no hostile text was shown (defused): ${JSON.stringify(s.shown)}`);
        console.log(`      ${s.shown.length} texts shown, ${defused.length} with a defused link, on ${[...new Set(s.shown.map((x) => x.surface))].join(', ')}`);
        // The Indices tree's tooltips (Markdown, theme icons on) hold the hostile index and aspect names:
        // not trusted, no HTML, and VS Code's own Markdown renderer makes no link or image of them.
        const provider = (await activateExtension()).indicesView.provider;
        const tooltips: string[] = [];
        for (const group of (await provider.getChildren()) ?? [])
          for (const node of [group, ...((await provider.getChildren(group)) ?? [])]) {
            const tip = (await provider.resolveTreeItem?.(await provider.getTreeItem(node), node, new vscode.CancellationTokenSource().token))?.tooltip;
            if (!(tip instanceof vscode.MarkdownString)) continue;
            assert.equal(tip.isTrusted, false);
            assert.equal(tip.supportHtml, false);
            tooltips.push(tip.value);
          }
        assert.ok(tooltips.length >= 2 && tooltips.some((t) => t.includes('\\[')), `the hostile names are in the tooltips: ${tooltips.join('\n---\n')}`);
        for (const t of tooltips) {
          const html = await vscode.commands.executeCommand<string>('markdown.api.render', t);
          assert.ok(!/<a[\s>]|<img[\s>]/i.test(html), `a tooltip rendered a link or an image: ${html}`);
        }
      } finally {
        s.stop();
        await settle(run(Commands.removeConnection, { name: 'hostile' }));
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
});

describe('security: command ids keep their modal; the typed API does not ask', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });

  it('the API has one method per command, named without "datahub."', async () => {
    const api = await activateExtension();
    for (const name of API_COMMANDS) assert.equal(typeof api[name], 'function', name);
  });

  it('a real truncation through a command id asks; dismissed, nothing is deleted', async () => {
    const s = await screen();
    try {
      s.answer(undefined);
      const result = (await vscode.commands.executeCommand(Commands.truncateTimeseriesAspect, {
        ...DASHBOARD,
        endTimeMillis: Date.now() - 200 * DAY,
        dryRun: false,
      })) as { kind: string };
      assert.equal(result.kind, 'dryRun', 'only the dry run ran');
      assert.equal(s.modals.length, 1);
      assert.match(s.modals[0], /Delete \d+ of 201 rows/);
      assert.match(s.modals[0], /Asked for by a command with arguments/);
      const real = (await sandbox.actionRequests('truncateTimeseriesAspect')).filter((r) => (r.body as { dryRun?: boolean }).dryRun === false);
      assert.equal(real.length, 0, 'no real truncation was sent');
    } finally {
      s.stop();
    }
  });

  it('a restore of every URN through a command id asks; dismissed, nothing is sent', async () => {
    const s = await screen();
    try {
      await sandbox.clearRequests();
      s.answer(undefined);
      for (const urnLike of ['%', 'urn:li:%']) {
        const result = await vscode.commands.executeCommand(Commands.restoreIndicesByPattern, { urnLike, all: true, concurrency: 4 });
        assert.equal(result, undefined);
      }
      assert.equal(s.modals.length, 2);
      assert.match(s.modals[0], /matches every URN/);
      assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
      const api = await activateExtension();
      const done = await api.restoreIndicesByPattern({ urnLike: 'urn:li:corpuser:%', all: true });
      assert.equal(done?.status, 'completed');
      assert.equal(s.modals.length, 2, 'the API did not ask');
    } finally {
      s.stop();
    }
  });

  it('an export over an existing file through a command id asks; dismissed, the file is unchanged', async () => {
    const file = workspaceFile('security-export.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('keep me'));
    const s = await screen();
    try {
      s.answer(undefined);
      await vscode.commands.executeCommand(Commands.exportIndexSizes, { format: 'json', path: file.fsPath });
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)), 'keep me');
      assert.match(s.modals[0] ?? '', /Replace .*security-export\.json/);
    } finally {
      s.stop();
      await vscode.workspace.fs.delete(file);
    }
  });

  it('adding a connection through a command id asks before switching; dismissed, nothing changes', async () => {
    const api = await activateExtension();
    const before = api.services.connections.active()?.name;
    const s = await screen();
    try {
      s.answer(undefined);
      const result = await vscode.commands.executeCommand(Commands.addConnection, { name: 'elsewhere', gmsUrl: 'http://127.0.0.1:9' });
      assert.equal(result, undefined);
      assert.equal(api.services.connections.get('elsewhere'), undefined);
      assert.equal(api.services.connections.active()?.name, before);
      assert.match(s.modals[0] ?? '', /Make "elsewhere" \(http:\/\/127\.0\.0\.1:9\) the active DataHub connection/);
    } finally {
      s.stop();
    }
  });
});

describe('security: smaller holes', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.control('POST', '/auth', { enabled: true }));

  it('an index listed twice gets two tree items with distinct ids', async () => {
    const entry = { indexName: 'dataset_twiceaspect_v1', entityName: 'dataset', aspectName: 'twice', sizeInMb: 5 };
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: { indexSizes: [entry, entry, { ...entry, entityName: 'chart' }] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await run(Commands.addConnection, { name: 'twice', gmsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    try {
      await run(Commands.refreshIndexSizes, {});
      const { indicesView } = await activateExtension();
      const provider = indicesView.provider;
      const groups = (await provider.getChildren()) ?? [];
      const ids: string[] = [];
      for (const group of groups) {
        for (const child of (await provider.getChildren(group)) ?? []) ids.push(String((await provider.getTreeItem(child)).id));
      }
      const twice = ids.filter((id) => id.includes('dataset_twiceaspect_v1'));
      assert.equal(twice.length, 3);
      assert.equal(new Set(ids).size, ids.length, `every id is unique: ${ids.join(', ')}`);
    } finally {
      await run(Commands.removeConnection, { name: 'twice' });
      await useSandboxConnection({ token: 'admin' });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a damaged history file is kept aside under another name, and a new history starts', async () => {
    const api = await activateExtension();
    const history = api.insights.history;
    assert.ok(history, 'the insights seam exposes the history file');
    await history.flush();
    await vscode.workspace.fs.writeFile(history.uri, new TextEncoder().encode('{"version":1,"connections":[ damaged'));
    await run(Commands.refreshIndexSizes, {});
    await history.flush();
    const folder = vscode.Uri.joinPath(history.uri, '..');
    const names = (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
    const aside = names.find((n) => n.startsWith('index-size-history.json.unreadable-'));
    assert.ok(aside, `no file kept aside among ${names.join(', ')}`);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, aside))), '{"version":1,"connections":[ damaged');
    const fresh = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(history.uri))) as { version: number; connections: unknown[] };
    assert.equal(fresh.version, 1);
    assert.equal(fresh.connections.length, 1);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, aside));
  });

  it('a truncation confirmed while the token changed is sent with the new client, not dropped', async () => {
    await sandbox.control('POST', '/auth', { enabled: false });
    const api = await activateExtension();
    const connection = api.services.connections.active();
    assert.ok(connection);
    await run(Commands.refreshIndexSizes, {});
    await sandbox.clearRequests();
    const s = await screen();
    try {
      api.screen.answerModals(async () => {
        // Another window stores a new token while this modal is open: the client is replaced.
        await api.services.connections.setToken(connection, 'replaced-token-0123456789');
        return 'Truncate';
      });
      const result = (await vscode.commands.executeCommand(Commands.truncateTimeseriesAspect, {
        ...DASHBOARD,
        endTimeMillis: Date.now() - 300 * DAY,
        dryRun: false,
      })) as { kind: string; task?: string };
      assert.equal(result?.kind, 'task', `the truncation was not sent: ${JSON.stringify(result)}`);
      const real = (await sandbox.actionRequests('truncateTimeseriesAspect')).filter((r) => (r.body as { dryRun?: boolean }).dryRun === false);
      assert.equal(real.length, 1);
      assert.equal(real[0].tokenName, 'unknown', 'sent with the new token');
      const saved = api.services.context.globalState.get<Record<string, Array<{ task: string }>>>('datahub.watchedTasks');
      assert.ok(
        saved?.[connection.name]?.some((t) => t.task === result.task),
        'the task is kept for the next window',
      );
    } finally {
      s.stop();
      await useSandboxConnection({ token: 'admin' });
    }
  });
});
