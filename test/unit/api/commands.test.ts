// Every contributed command that takes an argument object is reachable through the
// typed API activate() returns; the few left out are interactive by design.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.join(__dirname, '..', '..', '..');

/** Commands that always prompt (a tree element or a picker): their programmatic form is another command. */
const INTERACTIVE_ONLY: Record<string, string> = {
  truncateIndex: 'the tree and chart entry; programs call truncateTimeseriesAspect with { indexName }',
  watchTask: 'the DataHub Tasks entry; programs call showTaskStatus or getTaskStatus',
};

function apiCommands(): string[] {
  const text = fs.readFileSync(path.join(root, 'src', 'api', 'index.ts'), 'utf8');
  const list = /export const API_COMMANDS = \[([\s\S]*?)\] as const/.exec(text);
  assert.ok(list, 'src/api/index.ts declares API_COMMANDS');
  return [...list[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
}

describe('typed API: one method per command', () => {
  it('covers every contributed command except the interactive-only ones', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
    const contributed = manifest.contributes.commands.map((c) => c.command.replace(/^datahub\./, ''));
    const api = apiCommands();
    const missing = contributed.filter((id) => !api.includes(id) && !(id in INTERACTIVE_ONLY));
    assert.deepEqual(missing, [], `commands missing from API_COMMANDS in src/api/index.ts: ${missing.join(', ')}`);
    const stale = api.filter((id) => !contributed.includes(id));
    assert.deepEqual(stale, [], `API_COMMANDS names commands package.json does not contribute: ${stale.join(', ')}`);
  });
});
