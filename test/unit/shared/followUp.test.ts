// When an offered follow-up (Apply…, Resume, Restore Indices) may still run: only on the connection it was
// offered for, at the same GMS URL, within 10 minutes; otherwise the sentence says why and what to do.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FOLLOW_UP_TTL_MS, staleFollowUp } from '../../../src/shared/followUp';

const AT = Date.UTC(2026, 11, 3, 12, 0, 0);
const offered = { connection: 'prod', gmsUrl: 'https://datahub.example.com/api/gms', at: AT };
const prod = { name: 'prod', gmsUrl: offered.gmsUrl };

describe('staleFollowUp', () => {
  it('holds on the same connection and URL within 10 minutes', () => {
    assert.equal(staleFollowUp('Apply…', offered, prod, AT, 'Plan again'), undefined);
    assert.equal(staleFollowUp('Apply…', offered, prod, AT + FOLLOW_UP_TTL_MS, 'Plan again'), undefined);
  });

  it('another active connection, or none, runs nothing and says which', () => {
    assert.equal(
      staleFollowUp('Apply…', offered, { name: 'dev', gmsUrl: 'http://localhost:8080' }, AT, 'Plan the cleanup again'),
      'Apply was offered for "prod"; the active connection is now "dev". Nothing was run. Plan the cleanup again on the connection you mean.',
    );
    assert.match(
      staleFollowUp('Resume', offered, undefined, AT, 'Run it again') ?? '',
      /^Resume was offered for "prod"; no connection is active now\. Nothing was run\./,
    );
  });

  it('the same name pointing elsewhere runs nothing', () => {
    assert.equal(
      staleFollowUp('Apply…', offered, { name: 'prod', gmsUrl: 'https://other.example.com/api/gms' }, AT, 'Plan again'),
      'Apply was offered for "prod"; its GMS URL changed since (now https://other.example.com). Nothing was run. Plan again.',
    );
  });

  it('older than 10 minutes (or from a clock that went back) runs nothing', () => {
    assert.equal(
      staleFollowUp('Apply…', offered, prod, AT + FOLLOW_UP_TTL_MS + 1, 'Plan again'),
      'Apply was offered more than 10 minutes ago (follow-ups are good for 10 minutes); what it offered may be out of date. Nothing was run. Plan again.',
    );
    assert.match(staleFollowUp('Apply…', offered, prod, AT + 3_600_000, 'Plan again') ?? '', /^Apply was offered 60 minutes ago/);
    assert.ok(staleFollowUp('Apply…', offered, prod, AT - 1, 'Plan again'));
  });
});
