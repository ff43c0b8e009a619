// Export contents: what lands in a spreadsheet, a script or a ticket.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from '../fc';
import type { IndexSize } from '../../../src/gms/types';
import { markdownTableCell as markdownCell } from '../../../src/shared/markdown';
import { csvCell, defaultExportFileName, exportRows, toCsv, toJson, toMarkdown, type ExportRow } from '../../../src/insights/logic/export';

const FETCHED_AT = Date.UTC(2025, 10, 21, 8, 30, 5, 123);

const indices: IndexSize[] = [
  { indexName: 'dataset_datasetusagestatisticsaspect_v1', entityName: 'dataset', aspectName: 'datasetUsageStatistics', sizeMb: 0.208, sizeSource: 'current' },
  { indexName: 'dataset_datasetprofileaspect_v1', entityName: 'dataset', aspectName: 'datasetProfile', sizeMb: 1532.771, sizeSource: 'current' },
  { indexName: 'chart_chartusagestatisticsaspect_v1', entityName: 'chart', aspectName: 'chartUsageStatistics', sizeMb: 12, sizeSource: 'current' },
  { indexName: 'weird_index', entityName: 'unknown', aspectName: '', sizeMb: null, sizeSource: 'unknown' },
];
const source = { connection: 'prod', fetchedAt: FETCHED_AT, indices };

/** RFC 4180 reader, strict enough to catch a broken writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        cell += c;
        i++;
      }
    } else if (c === '"') {
      assert.equal(cell, '', 'a quote may only open a cell');
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else {
      assert.notEqual(c, '\n', 'bare LF outside quotes');
      assert.notEqual(c, '\r', 'bare CR outside quotes');
      cell += c;
      i++;
    }
  }
  assert.equal(quoted, false, 'unterminated quote');
  assert.equal(cell, '', 'the file ends with CRLF');
  return rows;
}

describe('export rows', () => {
  it('has one row per index in the tree order: largest entity, largest index first, unknown size last', () => {
    const rows = exportRows(source);
    assert.deepEqual(
      rows.map((r) => [r.entityName, r.indexName, r.sizeMb]),
      [
        ['dataset', 'dataset_datasetprofileaspect_v1', 1532.771],
        ['dataset', 'dataset_datasetusagestatisticsaspect_v1', 0.208],
        ['chart', 'chart_chartusagestatisticsaspect_v1', 12],
        ['unknown', 'weird_index', null],
      ],
    );
    assert.ok(rows.every((r) => r.connection === 'prod' && r.fetchedAt === '2025-11-21T08:30:05.123Z'));
  });
});

describe('CSV', () => {
  it('has the documented header, CRLF line ends and raw numbers', () => {
    const csv = toCsv(exportRows(source));
    assert.equal(
      csv,
      'connection,fetchedAt,entityName,aspectName,indexName,sizeMb\r\n' +
        'prod,2025-11-21T08:30:05.123Z,dataset,datasetProfile,dataset_datasetprofileaspect_v1,1532.771\r\n' +
        'prod,2025-11-21T08:30:05.123Z,dataset,datasetUsageStatistics,dataset_datasetusagestatisticsaspect_v1,0.208\r\n' +
        'prod,2025-11-21T08:30:05.123Z,chart,chartUsageStatistics,chart_chartusagestatisticsaspect_v1,12\r\n' +
        'prod,2025-11-21T08:30:05.123Z,unknown,,weird_index,\r\n',
    );
  });

  it('quotes cells with quotes, commas and line breaks', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell('cr\r'), '"cr\r"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    assert.equal(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
    assert.equal(csvCell('+1'), "'+1");
    assert.equal(csvCell('-2+3'), "'-2+3");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('\tcmd'), "'\tcmd");
    assert.equal(csvCell('a=b'), 'a=b', 'only a leading character is a formula');
    const rows = parseCsv(toCsv(exportRows({ ...source, connection: '=cmd|x', indices: [{ ...source.indices[0], indexName: '@evil' }] })));
    assert.equal(rows[1][0], "'=cmd|x");
    assert.equal(rows[1][4], "'@evil");
  });

  it('round-trips any text through an RFC 4180 reader (with the formula guard)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string({ unit: 'binary' }), entity: fc.string(), size: fc.option(fc.double({ min: 0, max: 1e9, noNaN: true })) }), {
          maxLength: 8,
        }),
        (items) => {
          const rows = exportRows({
            connection: 'c',
            fetchedAt: FETCHED_AT,
            indices: items.map((x): IndexSize => ({ indexName: x.name, entityName: x.entity, aspectName: 'a,"b"', sizeMb: x.size, sizeSource: 'current' })),
          });
          const parsed = parseCsv(toCsv(rows));
          assert.equal(parsed.length, rows.length + 1);
          rows.forEach((r, i) => {
            const cells = parsed[i + 1];
            assert.equal(cells.length, 6);
            const guard = (t: string) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t);
            assert.equal(cells[2], guard(r.entityName));
            assert.equal(cells[3], 'a,"b"');
            assert.equal(cells[4], guard(r.indexName));
            assert.equal(cells[5] === '' ? null : Number(cells[5]), r.sizeMb);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('JSON', () => {
  it('is an array of rows with the CSV columns in order, null for an unknown size', () => {
    const text = toJson(exportRows(source));
    const parsed = JSON.parse(text) as ExportRow[];
    assert.equal(parsed.length, 4);
    assert.deepEqual(Object.keys(parsed[0]), ['connection', 'fetchedAt', 'entityName', 'aspectName', 'indexName', 'sizeMb']);
    assert.deepEqual(parsed[0], {
      connection: 'prod',
      fetchedAt: '2025-11-21T08:30:05.123Z',
      entityName: 'dataset',
      aspectName: 'datasetProfile',
      indexName: 'dataset_datasetprofileaspect_v1',
      sizeMb: 1532.771,
    });
    assert.equal(parsed[3].sizeMb, null);
  });

  it('keeps hostile names as plain strings', () => {
    const name = '</script><script>alert("x")</script>\u2028';
    const parsed = JSON.parse(toJson(exportRows({ ...source, indices: [{ ...source.indices[0], indexName: name }] })));
    assert.equal(parsed[0].indexName, name);
  });
});

/** Splits a GFM table row on unescaped pipes (what GitHub does before inline parsing). */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  for (let i = 1; i < line.length - 1; i++) {
    if (line[i] === '\\') {
      cell += line[i] + line[i + 1];
      i++;
    } else if (line[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += line[i];
  }
  cells.push(cell.trim());
  return cells;
}

describe('Markdown', () => {
  it('is a table with human sizes, raw MB right-aligned and a total', () => {
    const md = toMarkdown(exportRows(source)).text;
    const lines = md.trimEnd().split('\n');
    assert.equal(lines[0], '| Entity | Aspect | Index | Size | MB |');
    assert.equal(lines[1], '| --- | --- | --- | ---: | ---: |');
    assert.equal(lines[2], '| dataset | datasetProfile | dataset_datasetprofileaspect_v1 | 1.53 GB | 1532.771 |');
    assert.equal(lines[5], '| unknown |  | weird_index | unknown size |  |');
    assert.equal(lines[6], '| **Total** | | 4 indices | 1.54 GB | 1544.979 |');
  });

  it('escapes | and the backslash so a name stays in its cell', () => {
    assert.equal(markdownCell('a|b'), 'a\\|b');
    assert.equal(markdownCell('a\\|b'), 'a\\\\\\|b');
    assert.equal(markdownCell('<img src=x onerror=alert(1)>'), '\\<img src=x onerror=alert(1)\\>');
    assert.equal(markdownCell('line\nbreak'), 'line break');
    const md = toMarkdown(exportRows({ ...source, indices: [{ ...source.indices[0], indexName: 'x|y\\|z|', aspectName: '`a`|' }] })).text;
    const row = md.split('\n')[2];
    assert.equal(splitRow(row).length, 5, row);
    assert.equal(splitRow(row)[2], 'x\\|y\\\\\\|z\\|');
  });
});

describe('file name', () => {
  it('names the connection and the day, and is safe on every OS', () => {
    assert.equal(defaultExportFileName('prod', FETCHED_AT, 'csv'), 'datahub-index-sizes-prod-2025-11-21.csv');
    assert.equal(defaultExportFileName('my: prod/EU', FETCHED_AT, 'json'), 'datahub-index-sizes-my-prod-EU-2025-11-21.json');
    assert.equal(defaultExportFileName('../..', FETCHED_AT, 'csv'), 'datahub-index-sizes-..-..-2025-11-21.csv');
  });
});
