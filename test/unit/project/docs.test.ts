// The documents keep up with the product: every contributed command is in the
// README's command table, every setting in its settings table, every typed API
// method in docs/api.md; the README keeps the two from-source commands and
// packages (no relative links); the changelog keeps its Keep a Changelog form.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { END, PERFORMANCE_DOC, START } from '../../bench/readme';
import { API_COMMANDS } from '../../../src/shared/commandIds';
import { API_PAGE, rewrite } from '../../arch/apiArgs';

const root = path.join(__dirname, '..', '..', '..');
const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

interface Manifest {
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[];
  };
}

const manifest = JSON.parse(read('package.json')) as Manifest;

/** The text of one "## " section of a Markdown document, without the next section. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  assert.notEqual(start, -1, `the document has a "## ${heading}" section`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** The table rows (lines starting with "|") of a section, header and separator left out. */
function tableRows(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
}

/** The typed API's methods: API_COMMANDS itself (src/shared/commandIds.ts has no vscode import). */
function apiCommands(): readonly string[] {
  return API_COMMANDS;
}

describe('README', () => {
  const readme = read('README.md');

  it('lists every contributed command in its command table', () => {
    const rows = tableRows(section(readme, 'Commands')).join('\n');
    const missing = manifest.contributes.commands.map((c) => (c.category ? `${c.category}: ${c.title}` : c.title)).filter((title) => !rows.includes(title));
    assert.deepEqual(missing, [], `commands missing from the README's "Commands" table: ${missing.join(', ')}`);
  });

  it('lists every setting in its settings table, with its default', () => {
    const rows = tableRows(section(readme, 'Settings'));
    const sections = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
    const problems: string[] = [];
    for (const [key, schema] of sections.flatMap((s) => Object.entries(s.properties))) {
      const row = rows.find((r) => r.startsWith(`| \`${key}\` |`));
      if (!row) {
        problems.push(`${key}: no row`);
        continue;
      }
      const documented = row.split('|')[2]?.trim();
      const expected = `\`${JSON.stringify((schema as { default?: unknown }).default)}\``;
      if (documented !== expected) problems.push(`${key}: default ${documented}, package.json says ${expected}`);
    }
    assert.deepEqual(problems, [], `the README's "Settings" table: ${problems.join('; ')}`);
  });

  it('keeps the two from-source commands near the top', () => {
    const fromSource = section(readme, 'From source');
    assert.match(fromSource, /^npm ci && npm test\b/m);
    assert.match(fromSource, /^npm ci && npm start\b/m);
    assert.ok(readme.indexOf('## From source') < readme.indexOf('## Getting started'), '"From source" comes before "Getting started"');
    assert.match(fromSource, /CONTRIBUTING\.md/);
  });

  it('has no relative Markdown links (the packaged README could not resolve them)', () => {
    const relative = [...readme.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]).filter((target) => !/^(https?:|#)/.test(target));
    assert.deepEqual(relative, []);
  });
});

describe('docs/api.md', () => {
  it('describes every typed API method and its command id', () => {
    const api = read('docs/api.md');
    const missing = apiCommands().filter((name) => !api.includes(`datahub.${name}`));
    assert.deepEqual(missing, [], `API_COMMANDS entries missing from docs/api.md: ${missing.join(', ')}`);
  });

  it('shows the argument tables the schemas give (npm run docs:api rewrites them)', () => {
    const page = fs.readFileSync(API_PAGE, 'utf8');
    assert.equal(rewrite(page), page, 'docs/api.md is stale: run `npm run docs:api`.');
  });
});

describe('docs/performance.md', () => {
  it('holds the markers the bench rewrites between', () => {
    const text = read(PERFORMANCE_DOC);
    const from = text.indexOf(START);
    assert.ok(from !== -1 && text.indexOf(END) > from, `${PERFORMANCE_DOC} has ${START} … ${END}`);
  });
});

describe('CHANGELOG.md', () => {
  const changelog = read('CHANGELOG.md');

  it('follows Keep a Changelog: an Unreleased section and only its kinds of change', () => {
    assert.match(changelog, /^## \[Unreleased\]$/m);
    const kinds = [...changelog.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    assert.ok(kinds.length > 0, 'at least one "### " kind of change');
    const allowed = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];
    assert.deepEqual(
      kinds.filter((k) => !allowed.includes(k)),
      [],
    );
  });

  it('has one line per entry', () => {
    const lines = changelog.split('\n');
    const body = lines.slice(lines.findIndex((l) => l.startsWith('## [')));
    const strays = body.filter((l) => l.trim() !== '' && !/^(## \[|### |- )/.test(l));
    assert.deepEqual(strays, [], 'every line under a version is a heading or a "- " entry');
  });
});
