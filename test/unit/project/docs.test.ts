// The documents keep up with the product: every contributed command is in the
// README's command table, every setting in its settings table, every typed API
// method in docs/api.md; the README opens with a picture, keeps the two from-source
// commands, a Troubleshooting section and its pictures; the changelog keeps its form.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { END, PERFORMANCE_DOC, START } from '../../bench/readme';
import { API_COMMANDS } from '../../../src/shared/commandIds';
import { API_PAGE, rewrite } from '../../arch/apiArgs';
import { PICTURES } from '../../ui/readmePictures';

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

  it('opens with the pitch and a picture, then how to install; keeps the two from-source commands after the features', () => {
    const firstScreen = readme.slice(0, readme.indexOf('## Install'));
    assert.match(firstScreen, /^!\[[^\]]+\]\(media\/readme\/[\w-]+\.jpg\)$/m, 'a picture before "## Install"');
    assert.ok(firstScreen.split('\n').length <= 14, 'the pitch and the picture fit the first screen');
    assert.match(section(readme, 'Install'), /Install from VSIX…/);
    const fromSource = section(readme, 'Build from source');
    assert.match(fromSource, /^npm ci && npm test\b/m);
    assert.match(fromSource, /^npm ci && npm start\b/m);
    assert.ok(readme.indexOf('## Build from source') > readme.indexOf('## What it does'), '"Build from source" comes after the features');
    assert.match(fromSource, /CONTRIBUTING\.md/);
  });

  it('has a Troubleshooting section for proxies, a corporate CA, a GMS inside the cluster, no Access Tokens page and the log', () => {
    const trouble = section(readme, 'Troubleshooting');
    for (const needle of [
      'http.proxyAuthorization',
      'http.proxy',
      'PAC',
      'datahub.tls.caFile',
      'kubectl -n datahub port-forward',
      'Access Tokens',
      'DataHub: Show Log',
    ]) {
      assert.ok(trouble.includes(needle), `Troubleshooting does not mention ${needle}`);
    }
  });

  it('links only to addresses and its own sections; its pictures are the ones npm run readme:images writes, all on disk', () => {
    const targets = [...readme.matchAll(/(!?)\[[^\]]*\]\(([^)]*)\)/g)].map((m) => ({ image: m[1] === '!', target: m[2] }));
    const relative = targets.filter((t) => !t.image && !/^(https?:|#)/.test(t.target)).map((t) => t.target);
    assert.deepEqual(relative, [], 'relative links (the packaged README could not resolve them)');
    const images = targets.filter((t) => t.image).map((t) => t.target);
    assert.deepEqual(
      images.filter((i) => !/^media\/readme\/[\w-]+\.jpg$/.test(i)),
      [],
      'a picture outside media/readme/ (the package includes that folder)',
    );
    const written = PICTURES.map((p) => `media/readme/${p.out}`);
    assert.deepEqual([...new Set(images)].sort(), [...written].sort(), 'the README names exactly the pictures readmePictures.ts lists');
    for (const image of images) assert.ok(fs.existsSync(path.join(root, image)), `${image} is missing: run npm run test:ui, then npm run readme:images`);
    const onDisk = fs.readdirSync(path.join(root, 'media', 'readme')).map((f) => `media/readme/${f}`);
    assert.deepEqual(
      onDisk.filter((f) => !written.includes(f)),
      [],
      'files in media/readme/ that no picture writes (they would be packaged for nothing)',
    );
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
