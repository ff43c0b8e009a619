// Who may skip the confirmations through the typed API: in a Production host only
// the user's own setting; Test and Development hosts unless a test asks for
// Production behaviour.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiSkipsConfirmations, type HostMode } from '../../../src/model/shared/apiTrust';

describe('apiSkipsConfirmations', () => {
  it('Production asks unless the user allowed unconfirmed calls', () => {
    assert.equal(apiSkipsConfirmations({ host: 'production', productionLike: false, allowUnconfirmed: false }), false);
    assert.equal(apiSkipsConfirmations({ host: 'production', productionLike: false, allowUnconfirmed: true }), true);
  });

  it('Test and Development skip, unless the seam makes them Production-like', () => {
    for (const host of ['test', 'development'] as HostMode[]) {
      assert.equal(apiSkipsConfirmations({ host, productionLike: false, allowUnconfirmed: false }), true, host);
      assert.equal(apiSkipsConfirmations({ host, productionLike: true, allowUnconfirmed: false }), false, host);
      assert.equal(apiSkipsConfirmations({ host, productionLike: true, allowUnconfirmed: true }), true, host);
    }
  });
});
