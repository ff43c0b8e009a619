// Export of a real fetch: the client asks the sandbox over HTTP, the export
// must carry every index it served, hostile names included, unchanged.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGmsClient } from '../../../src/gms';
import { exportRows, toCsv, toJson, toMarkdown } from '../../../src/insights/logic/export';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/server';

const HOSTILE = ['=cmd|"/c calc"!A1', '<script>alert(1)</script>', 'pipe|name', 'line\nbreak', '-2+3'];

describe('export of a sandbox fetch', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ extraIndices: HOSTILE.map((indexName, i) => ({ indexName, sizeInMb: i + 0.25 })) });
  });
  after(() => sandbox.stop());

  async function fetchRows() {
    const client = createGmsClient({ gmsUrl: sandbox.url, token: SANDBOX_TOKENS.reader, timeoutMs: 5000 });
    try {
      const { indices } = await client.getIndexSizes();
      return { indices, rows: exportRows({ connection: 'sandbox', fetchedAt: Date.UTC(2025, 0, 2), indices }) };
    } finally {
      await client.close();
    }
  }

  it('JSON has one row per served index with its exact size', async () => {
    const { indices, rows } = await fetchRows();
    const parsed = JSON.parse(toJson(rows)) as Array<{ indexName: string; sizeMb: number | null; fetchedAt: string }>;
    assert.equal(parsed.length, indices.length);
    assert.equal(parsed.length, 10 + HOSTILE.length);
    for (const index of indices) {
      const row = parsed.find((r) => r.indexName === index.indexName);
      assert.equal(row?.sizeMb, index.sizeMb, index.indexName);
      assert.equal(row?.fetchedAt, '2025-01-02T00:00:00.000Z');
    }
    assert.equal(parsed.find((r) => r.indexName === 'dataset_datasetprofileaspect_v1')?.sizeMb, 18342.113);
  });

  it('CSV quotes and defuses the hostile names, one record per index', async () => {
    const { indices, rows } = await fetchRows();
    const csv = toCsv(rows);
    assert.ok(csv.includes(`,"'=cmd|""/c calc""!A1",0.25\r\n`), csv);
    assert.ok(csv.includes(',"line\nbreak",3.25\r\n'));
    assert.ok(csv.includes(",'-2+3,4.25\r\n"));
    assert.ok(csv.includes(',<script>alert(1)</script>,1.25\r\n'));
    // Records end with CRLF; a bare LF appears only inside the quoted name.
    assert.equal(csv.split('\r\n').length, indices.length + 2);
  });

  it('Markdown keeps each name in its cell', async () => {
    const { indices, rows } = await fetchRows();
    const lines = toMarkdown(rows).text.trimEnd().split('\n');
    assert.equal(lines.length, indices.length + 3, 'header, rule, a row each, total');
    assert.ok(lines.some((l) => l.includes('| pipe\\|name |')));
    assert.ok(lines.some((l) => l.includes('| line break |')));
    assert.ok(lines.some((l) => l.includes('| \\<script\\>alert(1)\\</script\\> |')));
  });
});
