// Who may skip the confirmations through the typed API: in a Production host only
// the user's own setting, once the person acknowledged it in the extension's own
// modal; Test and Development hosts unless a test asks for Production behaviour.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiConfirmation, type HostMode } from '../../../src/shared/apiTrust';

describe('apiConfirmation', () => {
  it('Production asks unless the user allowed unconfirmed calls and acknowledged it', () => {
    const production = { host: 'production' as const, productionLike: false };
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: false, acknowledged: false }), 'ask');
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: false, acknowledged: true }), 'ask');
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: true, acknowledged: false }), 'acknowledge');
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: true, acknowledged: true }), 'skip');
  });

  it('Test and Development skip, unless the seam makes them Production-like', () => {
    for (const host of ['test', 'development'] as HostMode[]) {
      assert.equal(apiConfirmation({ host, productionLike: false, allowUnconfirmed: false, acknowledged: false }), 'skip', host);
      assert.equal(apiConfirmation({ host, productionLike: true, allowUnconfirmed: false, acknowledged: false }), 'ask', host);
      assert.equal(apiConfirmation({ host, productionLike: true, allowUnconfirmed: true, acknowledged: false }), 'acknowledge', host);
    }
  });
});
