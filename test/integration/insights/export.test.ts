// Export of the index sizes inside a real VS Code against the sandbox: the CSV,
// JSON and Markdown files against what the sandbox serves, hostile names defused.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectSandbox, rejection, removeAllConnections, sandbox, SANDBOX_TOKENS } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import { CONNECTION, exec, HOSTILE, refresh, served, setIndices } from '../support/insights';

describe('insights: export', () => {
  let dir: string;
  before(async () => {
    await sandbox.reset();
    await removeAllConnections();
    await connectSandbox(CONNECTION, SANDBOX_TOKENS.admin);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-export-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => sandbox.reset());

  it('writes CSV with a row per index the sandbox serves, formulas defused', async () => {
    await setIndices(
      HOSTILE.map((indexName, i) => ({ indexName, sizeInMb: i + 0.5 })),
      true,
    );
    const snapshot = await refresh();
    const file = path.join(dir, 'sizes.csv');
    const result = await exec<{ path: string; rows: number }>(Commands.exportIndexSizes, { format: 'csv', path: file });
    const truth = await served();
    assert.deepEqual(result, { path: file, rows: truth.length, message: `Exported ${truth.length} indices of "${CONNECTION}" to sizes.csv.` });
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\r\n');
    assert.equal(lines[0], 'connection,fetchedAt,entityName,aspectName,indexName,sizeMb');
    assert.equal(lines.length, truth.length + 2, 'header, one line per index, final CRLF');
    const fetchedAt = new Date(snapshot.fetchedAt).toISOString();
    for (const index of truth.filter((i) => !HOSTILE.includes(i.indexName))) {
      const cells = lines.map((l) => l.split(',')).find((c) => c[4] === index.indexName);
      assert.ok(cells, `${index.indexName} missing`);
      assert.deepEqual([cells[0], cells[1], cells[5]], [CONNECTION, fetchedAt, String(index.sizeInMb)], index.indexName);
      if (index.entityName) assert.deepEqual([cells[2], cells[3]], [index.entityName, index.aspectName]);
    }
    assert.ok(text.includes(`"'=HYPERLINK(""http://evil"")"`), 'formula cell not defused');
    assert.ok(text.includes(",'@SUM(1),3.5\r\n"));
    assert.ok(text.includes(`,"a|b'""c",2.5\r\n`));
  });

  it('writes JSON rows equal to what the sandbox serves', async () => {
    await setIndices(
      HOSTILE.map((indexName, i) => ({ indexName, sizeInMb: i + 0.5 })),
      true,
    );
    const snapshot = await refresh();
    const file = path.join(dir, 'sizes.json');
    await exec(Commands.exportIndexSizes, { format: 'json', path: file });
    const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
    const truth = await served();
    assert.equal(rows.length, truth.length);
    for (const index of truth) {
      const row = rows.find((r) => r.indexName === index.indexName);
      assert.ok(row, `${index.indexName} missing`);
      assert.equal(row.connection, CONNECTION);
      assert.equal(row.fetchedAt, new Date(snapshot.fetchedAt).toISOString());
      assert.equal(row.sizeMb, index.sizeInMb);
    }
  });

  it('refuses a bad format or a relative path, naming the argument', async () => {
    assert.match((await rejection(exec(Commands.exportIndexSizes, { format: 'xlsx', path: path.join(dir, 'x') }))).message, /"format"/);
    assert.match((await rejection(exec(Commands.exportIndexSizes, { format: 'csv', path: 'relative.csv' }))).message, /absolute/);
  });

  it('copies a Markdown table with | escaped in names', async () => {
    await setIndices([{ indexName: 'a|b', sizeInMb: 1 }], true);
    await refresh();
    const { markdown } = await exec<{ markdown: string }>(Commands.copyIndexSizesMarkdown);
    const lines = markdown.trimEnd().split('\n');
    assert.equal(lines[0], '| Entity | Aspect | Index | Size | MB |');
    assert.equal(lines.length, (await served()).length + 3);
    assert.ok(
      lines.some((l) => l.includes('| a\\|b | 1 MB | 1 |')),
      markdown,
    );
  });
});
