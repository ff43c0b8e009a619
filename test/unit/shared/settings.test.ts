// Settings a workspace could set: restricted in untrusted folders, and numeric
// values clamped into their documented range.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { clampSetting, TIMEOUT_SECONDS } from '../../../src/shared/settings';
import { matchesEveryUrn } from '../../../src/restore/logic/urnPattern';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations?: string[] } };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
};

describe('workspace settings', () => {
  it('every setting a workspace may set is restricted in untrusted folders (application ones cannot be set there at all)', () => {
    const restricted = new Set(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? []);
    const properties = manifest.contributes.configuration.properties;
    const workspaceSettable = Object.keys(properties).filter((key) => properties[key].scope !== 'application');
    assert.ok(workspaceSettable.length >= 5);
    for (const key of workspaceSettable) assert.ok(restricted.has(key), `${key} is not in restrictedConfigurations`);
  });

  it('a request timeout is clamped to 1 to 600 s; garbage falls back to 30 s', () => {
    assert.equal(clampSetting(0.0005, TIMEOUT_SECONDS), 1);
    assert.equal(clampSetting(-3, TIMEOUT_SECONDS), 1);
    assert.equal(clampSetting(1e9, TIMEOUT_SECONDS), 600);
    assert.equal(clampSetting(45, TIMEOUT_SECONDS), 45);
    assert.equal(clampSetting('5', TIMEOUT_SECONDS), 30);
    assert.equal(clampSetting(Number.NaN, TIMEOUT_SECONDS), 30);
  });
});

describe('patterns that match every URN (they always ask through a command id)', () => {
  it('recognises the catch-all forms', () => {
    for (const p of ['%', '%%', 'urn:li:%', 'urn:%', 'URN:LI:%', '___%', 'u%']) assert.equal(matchesEveryUrn(p), true, p);
    for (const p of ['urn:li:dataset:%', 'urn:li:corpuser:%', '%dataset%', 'urn:li:', 'x%']) assert.equal(matchesEveryUrn(p), false, p);
  });
});
