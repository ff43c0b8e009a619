// The Doctor's report as Markdown: heading, counts, one table row per line, hostile server text inert.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { reportMarkdown } from '../../../src/doctor/logic/markdown';
import { buildReport, type DoctorLine } from '../../../src/doctor/logic/report';

const AT = Date.UTC(2026, 10, 26, 12, 30);

describe('report Markdown', () => {
  it('a heading with the connection, time and GMS version, counts, and a row per line', () => {
    const lines: DoctorLine[] = [
      {
        id: 'systemInfo',
        title: 'System info',
        verdict: 'ok',
        summary: 'GMS v1.2.0',
        figures: { gmsVersion: 'v1.2.0' },
        source: 'GET /openapi/v1/system-info',
      },
      {
        id: 'searchCluster',
        title: 'Search cluster',
        verdict: 'failing',
        summary: 'red: primary shard(s) unassigned',
        figures: {},
        nextStep: 'check the nodes',
        nextCommand: 'datahub.checkSearchHealth',
        source: 'GET /debug/elastic',
      },
    ];
    const md = reportMarkdown(buildReport('prod', AT, lines)).text;
    const rows = md.split('\n');
    assert.equal(rows[0], '## DataHub Doctor: prod');
    assert.equal(rows[2], '2026-11-26T12:30:00.000Z · GMS v1.2.0');
    assert.equal(rows[4], 'Failing: 1 · OK: 1');
    assert.ok(rows.includes('| Verdict | Line | Summary | Next step | Source |'));
    assert.ok(
      rows.includes(
        '| Failing | Search cluster | red: primary shard(s) unassigned | check the nodes (command datahub.checkSearchHealth) | GET /debug/elastic |',
      ),
    );
  });

  it('hostile server text cannot break the table, start HTML, code or a link', () => {
    const hostile = 'Empty | injected | cell\n## heading `code` <img src=x onerror=alert(1)> [click](command:datahub.truncateIndex)';
    const md = reportMarkdown(
      buildReport('a|b\n# c', AT, [{ id: 'consumer:x', title: hostile, verdict: 'warning', summary: hostile, figures: {}, source: 'GET /x' }]),
    ).text;
    const row = md.split('\n').find((r) => r.startsWith('| Warning'));
    assert.ok(row);
    // Exactly six unescaped pipes: the five cells' borders.
    assert.equal(row.match(/(?<!\\)\|/g)?.length, 6);
    assert.ok(!/(?<!\\)[`<[]/.test(row), row);
    assert.ok(!md.includes('\n## heading'));
    // One line: the "#" after the line break is mid-line now, so it starts no heading.
    assert.equal(md.split('\n')[0], '## DataHub Doctor: a\\|b # c');
  });

  it('a bare address in server text stays inert once pasted: in a code span, never plain text a reader links', () => {
    const phishing =
      'Maintenance: sign in again at https://evil.example/login?next=|x| or www.evil.example, write to help@evil.example, mailto:a@b.c, ftp://x.y/`z`';
    const md = reportMarkdown(
      buildReport('p', AT, [{ id: 'maintenance', title: 'Maintenance', verdict: 'warning', summary: phishing, figures: {}, source: 'GET /x' }]),
    ).text;
    const row = md.split('\n').find((r) => r.startsWith('| Warning'));
    assert.ok(row);
    assert.equal(row.match(/(?<!\\)\|/g)?.length, 6, row);
    // Take out every code span (a fence of n backticks to the next fence of n): what is left links nothing.
    const outside = row.replace(/(`+)[\s\S]*?\1/g, ' ');
    assert.ok(!/[a-z]+:\/\/|www\.|mailto:|@evil/i.test(outside), outside);
    for (const address of ['`https://evil.example/login?next=`', 'www.evil.example,', 'help@evil.example', 'mailto:a@b.c,', 'ftp://x.y/`z`'])
      assert.ok(row.includes(address), `${address} kept whole in ${row}`);
  });

  it('a very long cell is cut', () => {
    const md = reportMarkdown(buildReport('p', AT, [{ id: 'x', title: 't', verdict: 'ok', summary: 'x'.repeat(5000), figures: {}, source: 's' }])).text;
    assert.ok(md.length < 1000);
  });
});
