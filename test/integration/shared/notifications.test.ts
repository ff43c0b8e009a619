// One notification per operation, read from what actually reached the screen
// (safeWindow's recorder): each operation ends in exactly one toast, shown only
// once its progress notification has closed, so a result never appears beside a
// stale progress toast and never queues behind one.
import * as assert from 'node:assert/strict';
import { activateExtension, run, sandbox, useSandboxConnection } from '../../host/inHost';
import { SAMPLE_URNS } from '../../sandbox/data';
import { SEARCH_SAMPLES } from '../../sandbox/searchIndex';
import type { ShownText } from '../../../src/platform/safeWindow';
import type { TruncateCommandResult } from '../../../src/truncate';
import { waitFor } from '../support/core';

const DAY = 86_400_000;
const DASHBOARD_INDEX = 'dashboard_dashboardusagestatisticsaspect_v1';
const TOASTS = new Set<ShownText['surface']>(['information', 'warning', 'error']);

async function record(): Promise<{ shown: ShownText[]; stop: () => void }> {
  const api = await activateExtension();
  const shown: ShownText[] = [];
  api.screen.record(shown);
  // Nothing here may open a modal; one that did would be answered "dismiss" and show up as modal: true.
  api.screen.answerModals(() => undefined);
  return { shown, stop: () => (api.screen.record(undefined), api.screen.answerModals(undefined)) };
}

const toastsOf = (shown: ShownText[]) => shown.filter((s) => TOASTS.has(s.surface) && !s.modal);

/** Exactly one toast, no modal, and every progress notification had closed before the toast was shown. */
function assertOneNotification(shown: ShownText[], what: string): ShownText {
  const describe = shown.map((s) => `${s.surface}${s.modal ? ' (modal)' : ''} @${s.at}${s.closedAt ? `-${s.closedAt}` : ''}: ${s.text}`).join('\n');
  assert.equal(shown.filter((s) => s.modal).length, 0, `${what}: no modal expected\n${describe}`);
  const toasts = toastsOf(shown);
  assert.equal(toasts.length, 1, `${what}: one notification expected\n${describe}`);
  const [toast] = toasts;
  const progress = shown.filter((s) => s.surface === 'progress');
  assert.ok(progress.length > 0, `${what}: the operation showed progress first\n${describe}`);
  for (const p of progress) {
    assert.ok(p.closedAt !== undefined, `${what}: the progress "${p.text}" closed\n${describe}`);
    assert.ok((toast.at ?? 0) >= p.closedAt, `${what}: the result was shown after the progress closed\n${describe}`);
  }
  return toast;
}

describe('notifications: one per operation', function () {
  this.timeout(60_000);
  let screen: { shown: ShownText[]; stop: () => void } | undefined;
  before(async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/task-duration', { ms: 800 });
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(async () => {
    await sandbox.reset();
    screen = await record();
  });
  afterEach(() => screen?.stop());
  after(async () => {
    await sandbox.control('POST', '/task-duration', { ms: 3000 });
    await sandbox.reset();
  });

  it('restore of one URN: the progress turns into one result, which explains ignored rows', async () => {
    await run('datahub.restoreIndices', { urn: SAMPLE_URNS.ordersDataset, notify: true });
    const toast = assertOneNotification(screen!.shown, 'restore URN');
    assert.match(
      toast.text,
      /^Restored 7 rows for urn:li:dataset:.*db\.orders.*, 1 ignored, (under 0\.1 s|\d+\.\d s)\. Ignored rows are rows DataHub read but did not index/,
    );
    assert.doesNotMatch(toast.text, /0\.0 s/);
  });

  it('restore of a URN search was missing: the restore result and the search confirmation are one message', async () => {
    await run('datahub.restoreIndices', { urn: SEARCH_SAMPLES.missingFromSearch, notify: true });
    const toast = assertOneNotification(screen!.shown, 'restore URN + search confirmation');
    assert.match(toast.text, /^Restored \d+ rows? for .*db_orders.*\. .*(is now searchable after|still not in search)/);
  });

  it('restore by pattern: one result after the progress', async () => {
    await run('datahub.restoreIndicesByPattern', { urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,%', batchSize: 10, notify: true });
    const toast = assertOneNotification(screen!.shown, 'pattern restore');
    assert.match(toast.text, /^Restored \d+ rows/);
  });

  it('search check: "Checking DataHub search…" closes before the verdict appears', async () => {
    await run('datahub.checkSearchIndex', { urn: SAMPLE_URNS.ordersDataset, notify: true });
    const toast = assertOneNotification(screen!.shown, 'search check');
    assert.doesNotMatch(toast.text, /^Checking/);
  });

  it('truncation with the reindex fallback: one result, numbers first, the fallback in words, no separate warning', async () => {
    const result = await run<TruncateCommandResult>('datahub.truncateTimeseriesAspect', {
      indexName: DASHBOARD_INDEX,
      endTimeMillis: Date.now() - 180 * DAY,
      dryRun: false,
      watch: true,
    });
    assert.equal(result.kind, 'task');
    assert.equal(result.kind === 'task' && result.fallback, 'deleteByQuery', 'more than half the rows go: the sandbox refuses the reindex');
    await waitFor(() => toastsOf(screen!.shown).length > 0, 'the truncation result', 30_000);
    // A second toast would come right after the first (nothing else runs): give it the time to.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const toast = assertOneNotification(screen!.shown, 'truncation');
    assert.match(toast.text, new RegExp(`^Deleted \\d+ rows from ${DASHBOARD_INDEX}\\.`));
    assert.match(toast.text, /The server could not reindex this index, so the rows were deleted in place instead/);
    assert.doesNotMatch(toast.text, /forceDeleteByQuery|Truncation of/);
    const progress = screen!.shown.filter((s) => s.surface === 'progress').map((s) => s.text);
    assert.ok(
      progress.some((t) => /could not reindex this index, so it deletes the rows in place/.test(t)),
      `the progress says how: ${progress.join(' | ')}`,
    );
  });
});
