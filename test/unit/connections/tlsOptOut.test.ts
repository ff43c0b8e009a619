// Certificate checks can be turned off per connection only, never on a production
// connection or a DataHub Cloud host; the old global switch moves to the
// connections that may have it.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConnections } from '../../../src/shared/connections';
import { isDataHubCloudHost, planGlobalTlsMigration, tlsOptOutRefusal } from '../../../src/shared/tlsOptOut';

describe('TLS opt-out per connection', () => {
  it('a development connection keeps "rejectUnauthorized": false and its own caFile', () => {
    const { connections, problems } = parseConnections([
      { name: 'dev', gmsUrl: 'https://dev.internal:8080', rejectUnauthorized: false },
      { name: 'ca', gmsUrl: 'https://ca.internal', caFile: ' ~/ca.pem ' },
      { name: 'on', gmsUrl: 'https://on.internal', rejectUnauthorized: true },
    ]);
    assert.deepEqual(problems, []);
    assert.equal(connections[0].rejectUnauthorized, false);
    assert.equal(connections[1].caFile, '~/ca.pem');
    assert.equal(connections[1].rejectUnauthorized, undefined);
    assert.equal(connections[2].rejectUnauthorized, undefined);
  });

  it('refused on production and on DataHub Cloud hosts, with a reason in the log; checks stay on', () => {
    const { connections, problems } = parseConnections([
      { name: 'prod', gmsUrl: 'https://prod.internal', environment: 'production', rejectUnauthorized: false },
      { name: 'cloud', gmsUrl: 'https://tenant.acryl.io/gms', rejectUnauthorized: false },
      { name: 'odd', gmsUrl: 'https://odd.internal', rejectUnauthorized: 'no' },
    ]);
    assert.deepEqual(
      connections.map((c) => c.rejectUnauthorized),
      [undefined, undefined, undefined],
    );
    assert.equal(problems.length, 3);
    assert.match(problems[0], /"prod" is a production connection: its certificate checks cannot be turned off/);
    assert.match(problems[1], /"cloud" is a DataHub Cloud host/);
    assert.match(problems[2], /"rejectUnauthorized" must be true or false, not "no"; certificate checks stay on/);
  });

  it('knows DataHub Cloud hosts', () => {
    assert.equal(isDataHubCloudHost('https://tenant.acryl.io/gms'), true);
    assert.equal(isDataHubCloudHost('https://TENANT.ACRYL.IO./gms'), true);
    assert.equal(isDataHubCloudHost('https://acryl.io.evil.example'), false);
    assert.equal(isDataHubCloudHost('not a url'), false);
    assert.equal(tlsOptOutRefusal({ name: 'x', gmsUrl: 'https://dev.internal', environment: 'staging' }), undefined);
  });

  it('the old global switch moves to every connection that may have it', () => {
    const plan = planGlobalTlsMigration([
      { name: 'dev', gmsUrl: 'https://dev.internal' },
      { name: 'prod', gmsUrl: 'https://prod.internal', environment: 'production' },
      { name: 'cloud', gmsUrl: 'https://t.acryl.io/gms' },
    ]);
    assert.deepEqual(plan, { optOut: ['dev'], refused: ['prod', 'cloud'] });
  });
});
