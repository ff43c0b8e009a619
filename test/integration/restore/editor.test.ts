// "Restore Indices for This URN" and the URN hover on real documents of several
// languages: which URN the sandbox received for a cursor or selections.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection, workspaceFile } from '../../host/inHost';
import { SAMPLE_URNS } from '../../sandbox/data';
import type { AtCursorResult as AtCursor } from '../../../src/restore/editor/restoreAtCursor';
import { Commands } from '../../../src/shared/commandIds';

const exec = <T>(command: string, ...args: unknown[]): Promise<T> => Promise.resolve(vscode.commands.executeCommand<T>(command, ...args));

const JOB = SAMPLE_URNS.loadOrdersJob; // urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load_orders)
const ORDERS = SAMPLE_URNS.ordersDataset;

async function openAt(language: string, content: string, needle: string, offsetInNeedle = 0): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language, content });
  const editor = await vscode.window.showTextDocument(document);
  for (let i = 0; i < 100 && vscode.window.activeTextEditor?.document !== document; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(vscode.window.activeTextEditor?.document, document, 'the new document is in the active editor');
  const at = document.positionAt(content.indexOf(needle) + offsetInNeedle);
  editor.selection = new vscode.Selection(at, at);
  return editor;
}

/**
 * Closes every editor without a save prompt (the untitled test documents are dirty).
 * Only after a whole describe: closing an untitled document frees its name, and a
 * new one opened right after under the same name can briefly show the old text.
 */
async function closeEditors(): Promise<void> {
  for (let i = 0; i < 30 && vscode.window.visibleTextEditors.length > 0; i++) {
    await vscode.window.showTextDocument(vscode.window.visibleTextEditors[0].document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

async function sentUrns(): Promise<unknown[]> {
  return (await sandbox.actionRequests('restoreIndices')).map((r) => r.params);
}

describe('editor: Restore Indices for This URN', () => {
  /** The "Restore N URNs?" questions a command id with arguments asks (answered with its button). */
  const asked: string[] = [];
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    (await activateExtension()).screen.answerModals((message, _detail, buttons) => {
      asked.push(message);
      return buttons.find((b) => /^Restore \d+ URNs$/.test(b));
    });
  });
  beforeEach(() => sandbox.reset());
  after(async () => {
    (await activateExtension()).screen.answerModals(undefined);
    await closeEditors();
  });

  const cases: Array<{ language: string; content: string; needle: string; offset: number; urn: string }> = [
    { language: 'json', content: `{\n  "jobs": [{"urn": "${JOB}"}]\n}\n`, needle: 'daily_etl', offset: 3, urn: JOB },
    { language: 'yaml', content: `owners:\n  - urn:li:corpuser:jdoe\n  - ${ORDERS}\n`, needle: 'db.orders', offset: 0, urn: ORDERS },
    { language: 'python', content: `LOAD = "${JOB}"\nprint(LOAD)\n`, needle: 'load_orders', offset: 11, urn: JOB },
    {
      language: 'sql',
      content: `SELECT * FROM t WHERE urn = '${ORDERS}' AND x LIKE 'urn:li:dataset:%';\n`,
      needle: 'urn:li:dataset:(',
      offset: 0,
      urn: ORDERS,
    },
    { language: 'markdown', content: `Owner: \`urn:li:corpuser:jdoe\`, see foo(urn:li:tag:pii).\n`, needle: 'tag:pii', offset: 7, urn: 'urn:li:tag:pii' },
    {
      language: 'plaintext',
      content: `link: https://datahub.example.com/dataset/${encodeURIComponent(ORDERS)}/Schema?is_lineage_mode=false\n`,
      needle: '%2Cdb.orders',
      offset: 4,
      urn: ORDERS,
    },
  ];
  for (const c of cases) {
    it(`${c.language}: the whole URN around the cursor is restored`, async () => {
      await openAt(c.language, c.content, c.needle, c.offset);
      const result = await exec<AtCursor>(Commands.restoreUrnAtCursor, {});
      assert.deepEqual(
        result.results.map((r) => [r.urn, r.ok]),
        [[c.urn, true]],
      );
      assert.deepEqual(await sentUrns(), [{ urn: c.urn }]);
      assert.equal((await sandbox.actionRequests('restoreIndices'))[0].tokenName, 'admin');
    });
  }

  it('several selections: several URNs restored one by one, in order, no repeats', async () => {
    const content = `owner: urn:li:corpuser:jdoe\ntags: [urn:li:tag:pii]\nchart: ${SAMPLE_URNS.lookerChart}\nagain: urn:li:corpuser:jdoe\n`;
    const editor = await openAt('yaml', content, 'jdoe');
    const doc = editor.document;
    const pos = (needle: string, from = 0) => doc.positionAt(content.indexOf(needle, from));
    editor.selections = [
      new vscode.Selection(pos('jdoe'), pos('jdoe')),
      new vscode.Selection(pos('urn:li:tag'), pos(']')), // the whole tag selected
      new vscode.Selection(pos('dashboard_elements'), pos('dashboard_elements')),
      new vscode.Selection(pos('jdoe', content.indexOf('again')), pos('jdoe', content.indexOf('again'))),
    ];
    asked.length = 0;
    const result = await exec<AtCursor>(Commands.restoreUrnAtCursor, {});
    assert.deepEqual(asked, ['Restore indices for 3 URNs? · sandbox'], 'more than one URN asks with the count');
    assert.deepEqual(
      result.results.map((r) => r.urn),
      ['urn:li:corpuser:jdoe', 'urn:li:tag:pii', SAMPLE_URNS.lookerChart],
    );
    assert.equal(result.restored, 3);
    assert.deepEqual(await sentUrns(), [{ urn: 'urn:li:corpuser:jdoe' }, { urn: 'urn:li:tag:pii' }, { urn: SAMPLE_URNS.lookerChart }]);
  });

  it('a failure on one URN does not stop the others', async () => {
    await sandbox.addFault({ action: 'restoreIndices', skip: 1, times: 1, fault: { kind: 'restliError', status: 500, message: 'search engine unavailable' } });
    const result = await exec<AtCursor>(Commands.restoreUrnAtCursor, ['urn:li:corpuser:jdoe', 'urn:li:tag:pii', ORDERS]);
    assert.deepEqual(
      result.results.map((r) => r.ok),
      [true, false, true],
    );
    const failed = result.results[1];
    assert.ok(!failed.ok && /search engine unavailable|500/.test(failed.error), JSON.stringify(failed));
    assert.equal(result.failed, 1);
    assert.equal((await sandbox.actionRequests('restoreIndices')).length, 3);
  });

  it('a workspace file by uri and positions, without opening an editor', async () => {
    const uri = workspaceFile('lineage.json');
    const document = await vscode.workspace.openTextDocument(uri);
    const text = document.getText();
    const at = document.positionAt(text.indexOf('urn:li:tag:pii') + 8);
    const owner = document.positionAt(text.indexOf('urn:li:corpuser:jdoe'));
    const result = await exec<AtCursor>(Commands.restoreUrnAtCursor, { uri: uri.toString(), positions: [at, owner] });
    assert.deepEqual(
      result.results.map((r) => r.urn),
      ['urn:li:tag:pii', 'urn:li:corpuser:jdoe'],
    );
    assert.deepEqual(await sentUrns(), [{ urn: 'urn:li:tag:pii' }, { urn: 'urn:li:corpuser:jdoe' }]);
  });

  it('the context menu passes the document Uri: the cursor URN is restored (no confirmation for one)', async () => {
    const editor = await vscode.window.showTextDocument(workspaceFile('orders.sql'));
    const text = editor.document.getText();
    const at = editor.document.positionAt(text.indexOf('urn:li:dataJob') + 30);
    editor.selection = new vscode.Selection(at, at);
    const result = await exec<AtCursor>(Commands.restoreUrnAtCursor, editor.document.uri);
    assert.deepEqual(
      result.results.map((r) => [r.urn, r.ok]),
      [[JOB, true]],
    );
    assert.deepEqual(await sentUrns(), [{ urn: JOB }]);
  });

  it('no URN at the cursor: a clear message, nothing sent', async () => {
    await openAt('python', 'print("hello")\nurn = f"urn:li:corpuser:{user}"\n', 'hello');
    await assert.rejects(exec(Commands.restoreUrnAtCursor, {}), (error: Error) => {
      assert.equal(error.message, 'No DataHub URN at the cursor. Place the cursor inside a URN such as urn:li:corpuser:jdoe, or select one.');
      return true;
    });
    assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
  });
});

describe('editor: URN hover', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(closeEditors);

  function hoverText(hovers: vscode.Hover[]): string {
    return hovers
      .flatMap((h) => h.contents)
      .map((c) => (typeof c === 'string' ? c : c.value))
      .join('\n');
  }

  it('shows the entity type and a restore link carrying the URN; the link restores it', async () => {
    const editor = await openAt('json', `{"flow": "${SAMPLE_URNS.dailyEtlFlow}"}`, 'airflow');
    const hovers = await exec<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, editor.selection.active);
    const text = hoverText(hovers);
    assert.match(text, /DataHub dataFlow/);
    const link = /\(command:datahub\.restoreIndices\?([^ )]+)/.exec(text);
    assert.ok(link, `a restore link in: ${text}`);
    const args = JSON.parse(decodeURIComponent(link[1])) as unknown[];
    assert.deepEqual(args, [{ urn: SAMPLE_URNS.dailyEtlFlow, notify: true }]);
    // What clicking the link runs.
    const result = await exec<{ rowsMigrated: number }>(Commands.restoreIndices, ...args);
    assert.equal(result.rowsMigrated, 4);
    assert.deepEqual(await sentUrns(), [{ urn: SAMPLE_URNS.dailyEtlFlow }]);
  });

  it('no hover away from a URN, and none for a LIKE pattern', async () => {
    const editor = await openAt('sql', "WHERE urn LIKE 'urn:li:dataset:%' -- done", 'LIKE');
    const away = await exec<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, editor.selection.active);
    assert.doesNotMatch(hoverText(away), /restoreIndices/);
    const onPattern = editor.document.positionAt(editor.document.getText().indexOf('dataset'));
    const pattern = await exec<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, onPattern);
    assert.doesNotMatch(hoverText(pattern), /restoreIndices/);
  });
});
