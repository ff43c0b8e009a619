// What the restore prompts and notifications say: validation messages that name
// the problem and the fix, result lines, resume points, aspect suggestions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkBatchSize, checkStart, checkUrnInput, checkUrnLikeInput, looksLikeRegex, regexToLike } from '../../../src/shared/inputChecks';
import { patternResultMessage, shortenUrn, urnResultMessage } from '../../../src/restore/logic/restoreFormat';
import { IGNORED_MEANING } from '../../../src/restore/logic/restoreText';
import { formatDateTime } from '../../../src/shared/format';
import { entityTypeOfPattern, suggestAspects } from '../../../src/shared/aspects';
import type { RestorePlanResult } from '../../../src/restore/logic/restorePlan';
import { SAMPLE_URNS } from '../../sandbox/data';

describe('URN input', () => {
  it('accepts a URN, and says what a pasted link or encoded URN becomes', () => {
    assert.equal(checkUrnInput(SAMPLE_URNS.loadOrdersJob), undefined);
    const encoded = checkUrnInput(encodeURIComponent(SAMPLE_URNS.ordersDataset));
    assert.deepEqual(encoded, { severity: 'info', message: `Will restore ${SAMPLE_URNS.ordersDataset}` });
    const link = checkUrnInput(`https://dh.example/dataset/${encodeURIComponent(SAMPLE_URNS.ordersDataset)}/Schema`);
    assert.equal(link?.severity, 'info');
  });

  it('explains what is wrong (the parseUrn reason) and blocks', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /Type a URN, e\.g\. urn:li:corpuser:jdoe/],
      ['corpuser:jdoe', /starts with "urn:"/],
      ['urn:li:dataset:(urn:li:dataPlatform:hive,db.t', /parentheses .* do not balance/],
      ['urn:li:dataset:(a,,b)', /empty part/],
      ['urn:li:corpuser', /key is missing/],
      ['urn:li:corpuser:' + 'x'.repeat(600), /longer than 512 bytes/],
    ];
    for (const [input, message] of cases) {
      const check = checkUrnInput(input);
      assert.equal(check?.severity, 'error', input);
      assert.match(check.message, message);
    }
  });
});

describe('urnLike input', () => {
  it('a regular expression is refused with the LIKE form to try', () => {
    assert.deepEqual(checkUrnLikeInput('urn:li:dataset:.*'), {
      severity: 'error',
      message: 'This looks like a regular expression; urnLike is a SQL LIKE pattern (% any run, _ one character): try urn:li:dataset:%',
    });
    const anchored = checkUrnLikeInput('^urn:li:dataset:\\(urn:li:dataPlatform:hive,db\\.orders.*$');
    assert.match(anchored?.message ?? '', /try urn:li:dataset:\(urn:li:dataPlatform:hive,db\.orders%$/);
  });

  it('translates common regex shapes to LIKE', () => {
    assert.equal(regexToLike('urn:li:corpuser:.+'), 'urn:li:corpuser:%');
    assert.equal(regexToLike('dataset.*hive'), '%dataset%hive%');
    assert.equal(regexToLike('^urn:li:tag:pii_\\d+$'), 'urn:li:tag:pii_%');
    assert.equal(regexToLike('^urn:li:chart:\\(looker,dashboard_elements.42\\)$'), 'urn:li:chart:(looker,dashboard_elements_42)');
  });

  it('LIKE escapes and URN characters are not mistaken for regex', () => {
    assert.equal(looksLikeRegex('urn:li:dataset:(urn:li:dataPlatform:hive,db\\_orders%'), false);
    assert.equal(looksLikeRegex('urn:li:dataset:%'), false);
    assert.equal(looksLikeRegex('urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)'), false);
  });

  it('warns, without blocking, when there is no wildcard or it matches everything', () => {
    const exact = checkUrnLikeInput(SAMPLE_URNS.ordersDataset);
    assert.equal(exact?.severity, 'warning');
    assert.match(
      exact.message,
      /No wildcard: only this exact URN matches\. Add % to match more, e\.g\. urn:li:dataset:\(urn:li:dataPlatform:hive,db\.orders,%$/,
    );
    assert.match(checkUrnLikeInput('urn:li:tag:pii_1')?.message ?? '', /"_" stands for any one character/);
    assert.equal(checkUrnLikeInput('%')?.severity, 'warning');
    assert.equal(checkUrnLikeInput('urn:li:dataset:%'), undefined);
  });

  it('a pattern that cannot match a URN is refused with a suggestion', () => {
    assert.deepEqual(checkUrnLikeInput('dataset:%'), {
      severity: 'error',
      message: 'Every URN starts with "urn:", so this matches nothing: try urn:li:dataset:%',
    });
    assert.equal(checkUrnLikeInput(' urn:li:tag:%')?.severity, 'error');
  });

  it('start and batchSize', () => {
    assert.equal(checkStart('0'), undefined);
    assert.match(checkStart('-1')?.message ?? '', /start must be a whole number from 0/);
    assert.match(checkStart('1.5')?.message ?? '', /whole number/);
    assert.equal(checkBatchSize('10000'), undefined);
    assert.match(checkBatchSize('10001')?.message ?? '', /batchSize must be a whole number from 1 to 10000/);
    assert.equal(checkBatchSize('0')?.severity, 'error');
  });
});

describe('messages', () => {
  it('the single-URN result line', () => {
    assert.equal(
      urnResultMessage(SAMPLE_URNS.ordersDataset, undefined, 7, 1, 412),
      `Restored 7 rows for urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD), 1 ignored, 0.4 s. ${IGNORED_MEANING}`,
    );
    assert.equal(urnResultMessage('urn:li:tag:pii', 'tagKey', 1, 0, 50), 'Restored 1 row for urn:li:tag:pii (aspect tagKey), under 0.1 s.');
    assert.equal(urnResultMessage('urn:li:tag:pii', 'tagKey', 1, 0, 150), 'Restored 1 row for urn:li:tag:pii (aspect tagKey), 0.1 s.');
    assert.match(urnResultMessage('urn:li:tag:nope', undefined, 0, 0, 30), /^Nothing to restore for urn:li:tag:nope: DataHub has no aspects/);
  });

  it('shortens very long URNs in the middle, keeping both ends', () => {
    const long = `urn:li:dataset:(urn:li:dataPlatform:s3,${'very/deep/'.repeat(20)}file.parquet,PROD)`;
    const short = shortenUrn(long);
    assert.equal(short.length, 80);
    assert.ok(short.startsWith('urn:li:dataset:(urn:li:dataPlatform:s3,'));
    assert.ok(short.endsWith('file.parquet,PROD)'));
    assert.ok(short.includes('…'));
    assert.equal(shortenUrn('urn:li:tag:pii'), 'urn:li:tag:pii');
  });

  const base: RestorePlanResult = {
    status: 'completed',
    rowsMigrated: 0,
    ignored: 0,
    requests: 0,
    nextStart: 0,
    doneAfterNext: [],
    reachedEnd: false,
    pagesDone: 0,
    incompletePages: [],
    lastPages: [],
    durationMs: 1200,
  };
  const params = { urnLike: 'urn:li:dataset:%', start: 0, batchSize: 10, all: true };

  it('a failed run names the failing start, what was done and where to resume', () => {
    const msg = patternResultMessage(
      params,
      { ...base, status: 'failed', rowsMigrated: 38, ignored: 2, requests: 5, nextStart: 40, failure: { start: 40, error: new Error('x') } },
      'DataHub failed (500): database timeout',
    );
    assert.equal(
      msg,
      `Stopped at start=40: DataHub failed (500): database timeout. Restored 38 rows (2 ignored) in 5 requests. Resume from start=40. ${IGNORED_MEANING}`,
    );
  });

  it('a failed concurrent run names the later batches that are already done, so a resume skips them', () => {
    const failed = { ...base, status: 'failed' as const, rowsMigrated: 50, requests: 7, nextStart: 40, failure: { start: 40, error: new Error('x') } };
    assert.equal(
      patternResultMessage(params, { ...failed, doneAfterNext: [50, 60] }, 'reset'),
      'Stopped at start=40: reset. Restored 50 rows in 7 requests. Resume from start=40, skipping the batches at start=50, 60 (already done; "Resume" skips them).',
    );
    const many = patternResultMessage(params, { ...failed, doneAfterNext: [50, 60, 70, 80, 90, 100, 110] }, 'reset');
    assert.match(many, /skipping the batches at start=50, 60, 70, 80, 90 and 2 more \(already done/);
  });

  it('cancelled and completed runs', () => {
    assert.equal(
      patternResultMessage(params, { ...base, status: 'cancelled', rowsMigrated: 30, requests: 3, nextStart: 30 }),
      'Restore of urn:li:dataset:% cancelled. Restored 30 rows in 3 requests, 1.2 s. Resume from start=30.',
    );
    assert.equal(
      patternResultMessage(params, { ...base, rowsMigrated: 1234, ignored: 5, requests: 125, nextStart: 1239, reachedEnd: true }),
      `Restored 1,234 rows (5 ignored) in 125 requests matching urn:li:dataset:%, 1.2 s. ${IGNORED_MEANING}`,
    );
    assert.match(
      patternResultMessage({ ...params, all: false }, { ...base, rowsMigrated: 10, requests: 1, nextStart: 10 }),
      /More rows may match: the next batch starts at start=10\.$/,
    );
    assert.match(patternResultMessage(params, { ...base, reachedEnd: true, requests: 1 }), /^No rows match urn:li:dataset:%/);
  });

  it('a window restore says which window', () => {
    const window = { gePitEpochMs: new Date(2026, 10, 21, 23, 30).getTime(), lePitEpochMs: new Date(2026, 10, 22, 23, 30).getTime() };
    assert.equal(
      patternResultMessage({ ...params, urnLike: 'urn:li:%', window }, { ...base, rowsMigrated: 38, requests: 2, nextStart: 38, reachedEnd: true }),
      `Restored 38 rows in 2 requests matching urn:li:%, written ${formatDateTime(window.gePitEpochMs)} to ${formatDateTime(window.lePitEpochMs)}, 1.2 s.`,
    );
    assert.match(formatDateTime(window.gePitEpochMs), /^2026-11-21 23:30 \(UTC[+-]\d\d:\d\d\)$/);
  });

  it('a completed run with incomplete pages names them and how to re-run exactly them', () => {
    const r = {
      ...base,
      rowsMigrated: 90,
      requests: 12,
      nextStart: 110,
      reachedEnd: true,
      incompletePages: [
        { start: 30, read: 0 },
        { start: 60, read: 5 },
      ],
    };
    assert.equal(
      patternResultMessage(params, r),
      'Restored 90 rows in 12 requests matching urn:li:dataset:%, 1.2 s. 2 pages came back incomplete (start=30, 60): DataHub failed part of them and left those rows out. "Re-run Incomplete Pages" restores exactly those pages.',
    );
    const many = Array.from({ length: 8 }, (_, i) => ({ start: i * 10, read: 0 }));
    assert.match(patternResultMessage(params, { ...r, incompletePages: many }), /8 pages came back incomplete \(start=0, 10, 20, 30, 40 and 3 more\)/);
  });
});

describe('aspect suggestions', () => {
  it("the entity type's own aspects first, then common ones, no repeats", () => {
    const { own, common } = suggestAspects('corpuser');
    assert.equal(own[0], 'corpUserInfo');
    assert.ok(common.includes('status') && common.includes('ownership'));
    assert.ok(!common.includes('schemaMetadata'), "another entity type's aspect");
    assert.ok(!common.some((a) => own.includes(a)));
    const unknown = suggestAspects(undefined);
    assert.deepEqual(unknown.own, []);
    for (const a of ['status', 'schemaMetadata', 'ownership', 'globalTags', 'datasetProperties', 'upstreamLineage', 'corpUserInfo']) {
      assert.ok(unknown.common.includes(a), a);
    }
    assert.equal(entityTypeOfPattern('urn:li:dataset:(urn:li:dataPlatform:hive,%'), 'dataset');
    assert.equal(entityTypeOfPattern('%hive%'), undefined);
  });
});
