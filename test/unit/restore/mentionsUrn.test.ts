// The test behind the editor menu's file, selection and search-check entries: a text
// mentions a URN when the URN finder accepts one, raw or URL-encoded; "urn:li:" alone,
// in code that is not a URN, or past the bound of a big file does not count.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MENTION_SCAN_CHARS, mentionsUrn } from '../../../src/restore/logic/mentionsUrn';

/**
 * The least CPU time (user and system, ms) of three runs: what the scan costs, not how long the test
 * process waited for a core beside the other stages of npm test.
 */
function cpuMs(work: () => unknown): number {
  let least = Infinity;
  for (let i = 0; i < 3; i++) {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

describe('mentionsUrn', () => {
  it('finds a URN anywhere in a document, raw or URL-encoded', () => {
    assert.equal(mentionsUrn('# notes\n\nowner: urn:li:corpuser:jdoe\n'), true);
    assert.equal(mentionsUrn('see https://datahub/dataset/urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Cdb.t%2CPROD%29/Schema'), true);
    assert.equal(mentionsUrn(`${'x'.repeat(10_000)}\n`.repeat(50) + 'urn:li:tag:pii'), true);
  });

  it('no URN: ordinary code, a bare prefix, a prefix glued to a word, an empty text', () => {
    assert.equal(mentionsUrn('export function add(a: number, b: number) {\n  return a + b;\n}\n'), false);
    assert.equal(mentionsUrn('const PREFIX = "urn:li:";\nconst other = "urn:li:";\n'), false);
    assert.equal(mentionsUrn('myurn:li:corpuser:x'), false);
    assert.equal(mentionsUrn(''), false);
  });

  it('a big file is read up to its bound; many lines with "urn:li:" that never parse end the scan', () => {
    const past = `${'a'.repeat(MENTION_SCAN_CHARS)}\nurn:li:corpuser:late\n`;
    assert.equal(mentionsUrn(past), false, 'past the bound: not read');
    const noisy = 'prefix urn:li: only\n'.repeat(1000) + 'urn:li:corpuser:jdoe\n';
    assert.equal(mentionsUrn(noisy), false, 'after 200 lines that do not parse the answer is no');
    const ms = cpuMs(() => mentionsUrn(noisy));
    assert.ok(ms < 200, `${ms.toFixed(0)} ms of CPU`);
  });

  it('stays quick on a large text without URNs', () => {
    const big = 'const value = compute(input, options);\n'.repeat(100_000);
    assert.equal(mentionsUrn(big), false);
    const ms = cpuMs(() => mentionsUrn(big));
    assert.ok(ms < 200, `${ms.toFixed(0)} ms of CPU`);
  });
});
