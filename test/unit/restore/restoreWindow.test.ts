// The restore time window: what goes on the wire for each combination of bounds,
// local dates, and the check (against the sandbox's server generations) that a
// server reads the window before a single row is restored.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { GmsClient } from '../../../src/gms';
import {
  formatInstant,
  normaliseWindow,
  parseLocalDateTime,
  supportProbeRequest,
  unsupportedOptions,
  WINDOW_PRESETS,
} from '../../../src/restore/logic/restoreWindow';
import type { Sandbox } from '../../sandbox';
import { clientFor, useSandbox } from '../helpers';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

describe('restore window: what is sent', () => {
  it('both bounds go out as given', () => {
    assert.deepEqual(normaliseWindow({ gePitEpochMs: NOW - HOUR, lePitEpochMs: NOW - 1 }, NOW), { gePitEpochMs: NOW - HOUR, lePitEpochMs: NOW - 1 });
  });

  it('an upper bound alone still filters: gePitEpochMs 1 (the server ignores the window at 0)', () => {
    assert.deepEqual(normaliseWindow({ lePitEpochMs: NOW - HOUR }, NOW), { gePitEpochMs: 1, lePitEpochMs: NOW - HOUR });
    assert.deepEqual(normaliseWindow({ gePitEpochMs: 0, lePitEpochMs: NOW - HOUR }, NOW), { gePitEpochMs: 1, lePitEpochMs: NOW - HOUR });
  });

  it('a lower bound alone sends lePitEpochMs = now explicitly', () => {
    assert.deepEqual(normaliseWindow({ gePitEpochMs: NOW - HOUR }, NOW), { gePitEpochMs: NOW - HOUR, lePitEpochMs: NOW });
  });

  it('no bound: no window; unusable bounds are refused with the field named', () => {
    assert.equal(normaliseWindow({}, NOW), undefined);
    assert.throws(() => normaliseWindow({ gePitEpochMs: '2026-01-01' }, NOW), /"gePitEpochMs" must be epoch milliseconds/);
    assert.throws(() => normaliseWindow({ lePitEpochMs: 1.5 }, NOW), /"lePitEpochMs" must be epoch milliseconds/);
    assert.throws(() => normaliseWindow({ gePitEpochMs: -5 }, NOW), /"gePitEpochMs"/);
    assert.throws(() => normaliseWindow({ gePitEpochMs: NOW, lePitEpochMs: NOW - HOUR }, NOW), /The window is empty: gePitEpochMs .* is after lePitEpochMs/);
    assert.throws(() => normaliseWindow({ gePitEpochMs: NOW + HOUR, lePitEpochMs: NOW + 2 * HOUR }, NOW), /in the future/);
  });

  it('presets end now', () => {
    for (const preset of WINDOW_PRESETS) assert.equal(preset.window(NOW).lePitEpochMs, NOW);
    assert.equal(WINDOW_PRESETS.find((p) => p.id === 'day')?.window(NOW).gePitEpochMs, NOW - 24 * HOUR);
  });
});

describe('restore window: local dates', () => {
  it('reads a date and time as local time', () => {
    assert.equal(parseLocalDateTime('2026-11-20 14:30'), new Date(2026, 10, 20, 14, 30).getTime());
    assert.equal(parseLocalDateTime(' 2026-11-20T14:30:15 '), new Date(2026, 10, 20, 14, 30, 15).getTime());
    assert.equal(parseLocalDateTime('2026-11-20'), new Date(2026, 10, 20).getTime());
  });

  it('refuses what is not a date, or not a real one', () => {
    assert.match(String(parseLocalDateTime('yesterday')), /YYYY-MM-DD HH:MM/);
    assert.match(String(parseLocalDateTime('2026-02-30')), /not a date and time that exists/);
    assert.match(String(parseLocalDateTime('2026-11-20 25:00')), /not a date and time that exists/);
  });

  it('shows an instant in the one date-time format: local time with its offset', () => {
    const ms = Date.UTC(2026, 10, 20, 13, 30);
    assert.match(formatInstant(ms), /^2026-11-2\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)$/);
  });
});

describe('restore window: does the server read it?', () => {
  let sb: Sandbox;
  let client: GmsClient;
  useSandbox((sandbox) => {
    sb = sandbox;
    client = clientFor(sandbox.url);
  });
  after(() => client.close());

  const window = { gePitEpochMs: Date.now() - 24 * HOUR, lePitEpochMs: Date.now() };

  it('newer: the probe matches no row and its echo shows the window, limit and createDefaultAspects', async () => {
    const options = { window, maxRows: 100, createDefaultAspects: true };
    const answer = await client.restoreIndices(supportProbeRequest('urn:li:%', options));
    assert.equal(answer.rowsMigrated + answer.ignored, 0);
    assert.deepEqual(sb.restoreCounts(), {}, 'nothing restored');
    assert.equal(unsupportedOptions(answer, options), undefined);
  });

  it('legacy: the probe restores nothing either, and the missing echo is worded', async () => {
    sb.setVersion('legacy');
    const answer = await client.restoreIndices(supportProbeRequest('urn:li:%', { window }));
    assert.equal(answer.rowsMigrated + answer.ignored, 0);
    assert.deepEqual(sb.restoreCounts(), {}, 'a server that ignores the window still matched nothing');
    assert.equal(
      unsupportedOptions(answer, { window }),
      'This DataHub version does not support a time window (gePitEpochMs / lePitEpochMs) for restoreIndices (its answer does not echo gePitEpochMs=); it would ignore it and restore rows outside what you asked for. Nothing was restored. Run without it, or upgrade DataHub.',
    );
    assert.match(String(unsupportedOptions(answer, { window, maxRows: 5 })), /a time window \(gePitEpochMs \/ lePitEpochMs\) and a row limit \(limit\)/);
  });

  it('an answer that echoes no arguments is not trusted', () => {
    const problem = unsupportedOptions({ args: {}, batches: [], rowsMigrated: 0, ignored: 0, raw: '' }, { createDefaultAspects: true });
    assert.match(String(problem), /creating default aspects \(createDefaultAspects\) .*\(it did not echo its arguments\)/);
  });
});
