// Reading mcp-failed page by page: the window of kept messages, the page cap, and every way the loop
// ends on its own (no more, a repeated cursor, an empty page, the signal); messages outside what was
// asked are left out and counted.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { readFailedPages, slim, LISTED_ERROR_MAX } from '../../../src/doctor/failedPages';
import type { KafkaMessage, MessagePage, MessagePageRequest } from '../../../src/gms/types';

const message = (partition: number, offset: number, error = 'boom'): KafkaMessage => ({
  partition,
  offset,
  value: { big: 'x'.repeat(1000) },
  valueTruncated: false,
  replayable: true,
  failed: { entityUrn: `urn:li:corpuser:u${offset}`, aspectName: 'status', error, errorSummary: error },
});

/** A topic of `total` messages on partition 0, pages of `count`; `shape` bends the answer. */
function topic(total: number, shape: (page: MessagePage, asked: MessagePageRequest) => MessagePage = (p) => p) {
  const asked: MessagePageRequest[] = [];
  return {
    asked,
    doctor: {
      messages: (_alias: string, page: MessagePageRequest = {}) => {
        asked.push(page);
        const from = page.offset ?? 0;
        const count = page.count ?? 20;
        const messages: KafkaMessage[] = [];
        for (let o = from; o < Math.min(total, from + count); o++) messages.push(message(0, o));
        const hasMore = from + count < total;
        return Promise.resolve(
          shape({ endpoint: 'GET x', alias: 'mcp-failed', messages, hasMore, nextOffset: hasMore ? from + count : undefined, requested: count }, page),
        );
      },
    },
  };
}

const options = (o: Partial<Parameters<typeof readFailedPages>[3]> = {}) => ({
  pages: 5,
  keep: 1000,
  timeMs: 30_000,
  signal: new AbortController().signal,
  ...o,
});

describe('failed writes, page by page', () => {
  it('reads up to the page cap and says where more starts', async () => {
    const t = topic(10_000);
    const r = await readFailedPages(t.doctor, { partition: 0, offset: 0 }, [], options());
    assert.equal(r.pages, 5);
    assert.equal(r.messages.length, 500);
    assert.equal(r.hasMore, true);
    assert.deepEqual(r.next, { partition: 0, offset: 500 });
  });

  it('keeps only the newest window, slim (no value, the error cut)', async () => {
    const t = topic(3000);
    let kept: KafkaMessage[] = [];
    let at = { partition: 0, offset: 0 };
    for (let i = 0; i < 10; i++) {
      const r = await readFailedPages(t.doctor, at, kept, options({ keep: 1000 }));
      kept = r.messages;
      at = r.next;
      if (!r.hasMore) break;
    }
    assert.equal(kept.length, 1000);
    assert.equal(kept[0].offset, 2000);
    assert.equal(kept[999].offset, 2999);
    assert.ok(kept.every((m) => m.value === undefined));
    const long = slim(message(0, 1, 'e'.repeat(LISTED_ERROR_MAX + 50)));
    assert.equal(long.failed?.error?.length, LISTED_ERROR_MAX + 1);
    assert.equal(long.failed?.errorTruncated, true);
  });

  it('ends on a repeated cursor, an empty page, and the signal', async () => {
    const stuck = topic(1000, (p) => ({ ...p, nextOffset: 0, messages: p.messages.map((m) => ({ ...m, offset: 0 })) }));
    const a = await readFailedPages(stuck.doctor, { partition: 0, offset: 0 }, [], options({ pages: 50 }));
    assert.ok(a.pages <= 2, `${a.pages} pages on a cursor that does not move`);
    assert.equal(a.hasMore, false);
    const empty = topic(1000, (p) => ({ ...p, messages: [], hasMore: true }));
    const b = await readFailedPages(empty.doctor, { partition: 0, offset: 0 }, [], options({ pages: 50 }));
    assert.equal(b.pages, 1);
    const controller = new AbortController();
    controller.abort();
    const c = await readFailedPages(topic(1000).doctor, { partition: 0, offset: 0 }, [], options({ signal: controller.signal }));
    assert.equal(c.pages, 0);
  });

  it('leaves out messages of another partition or before the offset asked, and counts them', async () => {
    const hostile = topic(1000, (p, asked) => ({ ...p, messages: [message(3, 7), message(0, Math.max(0, (asked.offset ?? 0) - 5)), ...p.messages] }));
    const r = await readFailedPages(hostile.doctor, { partition: 0, offset: 100 }, [], options({ pages: 1 }));
    assert.equal(r.ignored, 2);
    assert.ok(r.messages.every((m) => m.partition === 0 && m.offset >= 100));
  });
});
