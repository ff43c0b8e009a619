// Settings a workspace could set: restricted in untrusted folders, and numeric
// values clamped into their documented range.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { clampSetting, TIMEOUT_SECONDS } from '../../../src/shared/settings';
import { matchesEveryUrn } from '../../../src/restore/logic/urnPattern';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations?: string[] } };
  contributes: { configuration: Array<{ title: string; properties: Record<string, { scope?: string }> }> };
};

describe('workspace settings', () => {
  it('every setting a workspace may set is restricted in untrusted folders (application ones cannot be set there at all)', () => {
    const restricted = new Set(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? []);
    const properties = Object.assign({}, ...manifest.contributes.configuration.map((block) => block.properties)) as Record<string, { scope?: string }>;
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

describe('settings in the Settings editor', () => {
  it('come in titled blocks in order, each described in Markdown, the API switch last and alone with its warning', () => {
    const blocks = manifest.contributes.configuration as Array<{ title: string; order: number; properties: Record<string, Record<string, unknown>> }>;
    assert.deepEqual(
      blocks.map((b) => b.order),
      blocks.map((_, i) => i + 1),
    );
    for (const block of blocks) {
      assert.ok(block.title.length > 0);
      for (const [key, schema] of Object.entries(block.properties)) {
        assert.equal(typeof schema.markdownDescription, 'string', `${key} has no markdownDescription`);
        assert.equal(schema.description, undefined, `${key} has a plain description`);
        assert.equal(typeof schema.order, 'number', `${key} has no order`);
      }
    }
    const last = blocks.at(-1);
    assert.deepEqual(Object.keys(last?.properties ?? {}), ['datahub.api.allowUnconfirmedCalls']);
    assert.match(String(last?.properties['datahub.api.allowUnconfirmedCalls'].markdownDescription), /without asking you/);
  });
});

describe('patterns that match every URN (they always ask through a command id)', () => {
  it('recognises the catch-all forms', () => {
    for (const p of ['%', '%%', 'urn:li:%', 'urn:%', 'URN:LI:%', '___%', 'u%']) assert.equal(matchesEveryUrn(p), true, p);
    for (const p of ['urn:li:dataset:%', 'urn:li:corpuser:%', '%dataset%', 'urn:li:', 'x%']) assert.equal(matchesEveryUrn(p), false, p);
  });
});
