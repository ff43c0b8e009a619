// Every scan over server pages ends on its own: a scroll id seen before, a page cap, a time cap.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScanGuard } from '../../../src/health/logic/scanBounds';

describe('ScanGuard', () => {
  it('goes on while the scroll ids are new, and stops at the first one seen before (also one given pages earlier)', () => {
    const guard = new ScanGuard('the scan');
    assert.equal(guard.next('a'), undefined);
    assert.equal(guard.next('b'.repeat(5000)), undefined);
    assert.equal(guard.next('c'), undefined);
    const stop = guard.next('b'.repeat(5000));
    assert.equal(stop?.reason, 'repeatedScrollId');
    assert.equal(stop?.pages, 4);
    assert.match(stop?.text ?? '', /already given \(after 4 pages\); the scan stopped there/);
  });

  it('stops at the page cap and at the time cap', () => {
    const pages = new ScanGuard('the scan', { maxPages: 3 });
    assert.equal(pages.next('1'), undefined);
    assert.equal(pages.next('2'), undefined);
    assert.equal(pages.next('3')?.reason, 'pageCap');
    let now = 0;
    const time = new ScanGuard('the scan', { maxMs: 60_000, now: () => now });
    assert.equal(time.next('1'), undefined);
    now = 61_000;
    assert.equal(time.next('2')?.reason, 'timeCap');
  });
});
