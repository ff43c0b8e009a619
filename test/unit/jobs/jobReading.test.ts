// A watch's output channel (src/jobs/cluster/jobReading.ts, WatchedLog): capped, saying so; once
// closed (Stop Watching, the watch disposed), a poll that was still reading writes nowhere, so the
// disposed channel is never written to.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { CHANNEL_CAP_CHARS, WatchedLog } from '../../../src/jobs/cluster/jobReading';

function channel(): { text: string; disposed: boolean; afterDispose: number; append(v: string): void; clear(): void; dispose(): void } {
  return {
    text: '',
    disposed: false,
    afterDispose: 0,
    append(v) {
      if (this.disposed) this.afterDispose++;
      this.text += v;
    },
    clear() {
      if (this.disposed) this.afterDispose++;
      this.text = '';
    },
    dispose() {
      this.disposed = true;
    },
  };
}

describe('a watched job log', () => {
  it('starts over past the cap with a line that says so', () => {
    const c = channel();
    const log = new WatchedLog('restore-indices-1', c);
    log.write('x'.repeat(CHANNEL_CAP_CHARS - 10));
    log.write('y'.repeat(20));
    assert.match(c.text, /^\[The log of Job restore-indices-1 shown here passed 8 MB/);
    assert.ok(c.text.endsWith('y'.repeat(20)));
  });

  it('once closed, writes and restarts from a poll still in flight touch nothing', () => {
    const c = channel();
    const log = new WatchedLog('restore-indices-1', c);
    log.write('first lines\n');
    log.close();
    assert.equal(c.disposed, true);
    log.write('late lines from a read that was in flight\n');
    log.restart();
    assert.equal(c.afterDispose, 0);
    assert.equal(c.text, 'first lines\n');
  });
});
