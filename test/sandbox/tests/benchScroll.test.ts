// The scans over 100,000 extra datasets (--bench-rows 100000): GraphQL scrollAcrossEntities and the
// consistency check page in a few ms, with no per-request scan or sort of the whole type.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Sandbox } from '..';
import { callOperations, graphql } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { benchRows: 100_000 });

const SCROLL =
  'query s($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn } } } }';

interface ScrollAnswer {
  nextScrollId: string | null;
  count: number;
  total: number;
  searchResults: Array<{ entity: { urn: string } }>;
}

async function page(scrollId: string | null, count: number): Promise<ScrollAnswer> {
  const a = await graphql(sb.url, SCROLL, { input: { types: ['DATASET'], query: '*', count, scrollId } });
  return (a.json as { data: { scrollAcrossEntities: ScrollAnswer } }).data.scrollAcrossEntities;
}

describe('scans over --bench-rows 100000', () => {
  it('scrollAcrossEntities pages all 101,501 datasets by 10,000 (the cap) quickly, each page a few ms', async () => {
    await page(null, 10); // builds the per-type lists once
    const started = performance.now();
    let scrollId: string | null = null;
    let seen = 0;
    let pages = 0;
    let total: number | undefined;
    const times: number[] = [];
    do {
      const t = performance.now();
      const p: ScrollAnswer = await page(scrollId, 50_000);
      times.push(performance.now() - t);
      assert.ok(p.count <= 10_000, 'count is cut to 10,000');
      seen += p.count;
      total = p.total;
      scrollId = p.nextScrollId;
      pages++;
    } while (scrollId !== null && pages < 50);
    assert.equal(total, 101_501);
    assert.equal(seen, 101_501);
    const small: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await page(null, 100);
      small.push(performance.now() - t);
    }
    assert.ok(Math.min(...small) < 100, `a page of 100: ${small.map((m) => m.toFixed(1)).join(', ')} ms`);
    assert.ok(
      performance.now() - started < 10_000,
      `whole scroll ${(performance.now() - started).toFixed(0)} ms, pages ${times.map((m) => m.toFixed(0)).join(' ')}`,
    );
  });

  it('a consistency check page of 1000 key documents deep in the type is quick', async () => {
    const body = { entityType: 'dataset', checkIds: ['orphan-index-document'], batchSize: 1000, filter: { keyAspectOnly: true } };
    let scrollId: string | undefined;
    for (let i = 0; i < 3; i++) {
      const a = await callOperations(sb.url, 'consistency/check', { body: { ...body, ...(scrollId ? { scrollId } : {}) } });
      scrollId = (a.json as { scrollId?: string }).scrollId;
    }
    // CPU time of this process (client and sandbox both run here): the page's cost, not the machine's load.
    const cpu = process.cpuUsage();
    const a = await callOperations(sb.url, 'consistency/check', { body: { ...body, scrollId } });
    const used = process.cpuUsage(cpu);
    const ms = (used.user + used.system) / 1000;
    assert.equal((a.json as { entitiesScanned: number }).entitiesScanned, 1000);
    assert.ok(ms < 250, `${ms.toFixed(1)} ms of CPU`);
  });
});
