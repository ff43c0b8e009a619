// A run's report document (src/ingestion/logic/report.ts): the structured figures, failures and warnings, the
// log's tail within its caps; hostile server text (a link, an image, HTML, a fence) stays inert text; a run
// without a result says so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOG_TAIL_LINES, logTail, renderReport, summarise } from '../../../src/ingestion/logic/report';
import { codeBlock } from '../../../src/shared/markdown';
import type { ExecutionRequestDetail } from '../../../src/gms/types';

const base = { urn: 'urn:li:dataHubExecutionRequest:r1', id: 'r1', sourceUrn: 'urn:li:dataHubIngestionSource:s', requestedAt: 1_800_000_000_000 };
const HOSTILE = '[click](command:workbench.action.terminal.new) ![x](https://evil.example/x.png) <img src=x onerror=alert(1)> https://evil.example';

describe('ingestion report document', () => {
  it('summarises source and sink figures, failures and warnings', () => {
    const s = summarise(
      JSON.stringify({
        source: { report: { events_produced: 12, failures: [{ title: 'T', message: 'M', context: ['a'] }], warnings: { key: ['w1'] } } },
        sink: { report: { total_records_written: 12 } },
      }),
    );
    assert.deepEqual(s.figures, [
      ['source.events_produced', '12'],
      ['sink.total_records_written', '12'],
    ]);
    assert.deepEqual([s.failureCount, s.warningCount], [1, 1]);
    assert.equal(summarise('not json').unreadable, 'the structured report is not JSON');
    assert.equal(summarise(undefined).unreadable, 'the run has no structured report');
  });

  it('keeps the last lines of a long log, within the character cap', () => {
    const log = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const tail = logTail(log);
    assert.equal(tail.cut, true);
    assert.equal(tail.text.split('\n').length, LOG_TAIL_LINES);
    assert.ok(tail.text.endsWith('line 999'));
    assert.ok(logTail('x'.repeat(100_000)).text.length <= 32_000);
  });

  it('renders hostile server text inert: no link, image or HTML outside code', () => {
    const detail: ExecutionRequestDetail = {
      ...base,
      result: {
        status: 'FAILURE',
        durationMs: 60_000,
        report: `${HOSTILE}\n\`\`\`\n# not a heading\n\`\`\`\n`,
        structuredReport: {
          type: 'INGESTION_REPORT',
          contentType: 'application/json',
          serializedValue: JSON.stringify({ source: { report: { failures: [{ title: HOSTILE, message: HOSTILE, context: [HOSTILE] }] } } }),
        },
      },
    };
    const md = renderReport(detail, HOSTILE).text;
    // Outside code spans and the fenced log, nothing of the hostile text is left.
    const fence = md.match(/^(`{3,})text$/m)?.[1] ?? '```';
    const withoutLog = md.slice(0, md.indexOf(`${fence}text`));
    const outsideCode = withoutLog.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');
    assert.doesNotMatch(outsideCode, /\]\(|<img|https:\/\//);
    assert.ok(fence.length > 3, 'the fence is longer than the backtick run in the log');
    assert.ok(md.includes(`${fence}text\n${HOSTILE}`));
    assert.equal(codeBlock('a ```` b', 'text').text.split('\n')[0], '`````text');
  });

  it('a run without a result says there is no report yet', () => {
    const md = renderReport({ ...base, result: null }, 'S').text;
    assert.match(md, /has not picked this request up, so there is no report yet/);
  });
});
