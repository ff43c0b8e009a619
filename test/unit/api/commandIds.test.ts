// Command ids are written once (src/shared/commandIds.ts) and match what package.json
// contributes; every contributed command that takes an argument object is reachable
// through the typed API activate() returns; the few left out are interactive by design.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { API_COMMANDS, Commands, INTERACTIVE_ONLY } from '../../../src/shared/commandIds';

const root = path.join(__dirname, '..', '..', '..');

function contributed(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
  return manifest.contributes.commands.map((c) => c.command);
}

describe('command ids: one typed list', () => {
  it('names exactly the commands package.json contributes, each under its own name', () => {
    const ids = Object.values(Commands);
    const missing = contributed().filter((id) => !ids.includes(id as (typeof ids)[number]));
    assert.deepEqual(missing, [], `contributed commands missing from Commands in src/shared/commandIds.ts: ${missing.join(', ')}`);
    const stale = ids.filter((id) => !contributed().includes(id));
    assert.deepEqual(stale, [], `Commands names ids package.json does not contribute: ${stale.join(', ')}`);
    for (const [name, id] of Object.entries(Commands)) assert.equal(id, `datahub.${name}`);
  });

  it('no source file writes a contributed command id as a string literal', () => {
    const literal = new RegExp(
      `['"\`](${contributed()
        .map((id) => id.replace('.', '\\.'))
        .join('|')})['"\`]`,
    );
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (rel.endsWith('.ts') && rel !== path.join('src', 'shared', 'commandIds.ts')) {
          fs.readFileSync(path.join(root, rel), 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (literal.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk('src');
    assert.deepEqual(offenders, [], `use Commands.<name> from src/shared/commandIds.ts:\n${offenders.join('\n')}`);
  });
});

describe('typed API: one method per command', () => {
  it('covers every contributed command except the interactive-only ones', () => {
    const names = contributed().map((id) => id.replace(/^datahub\./, ''));
    const missing = names.filter((name) => !(API_COMMANDS as readonly string[]).includes(name) && !(name in INTERACTIVE_ONLY));
    assert.deepEqual(missing, [], `commands missing from API_COMMANDS: ${missing.join(', ')}`);
    const stale = API_COMMANDS.filter((name) => !names.includes(name));
    assert.deepEqual(stale, [], `API_COMMANDS names commands package.json does not contribute: ${stale.join(', ')}`);
    for (const name of Object.keys(INTERACTIVE_ONLY)) assert.ok(!(API_COMMANDS as readonly string[]).includes(name), `${name} is interactive only`);
  });
});
