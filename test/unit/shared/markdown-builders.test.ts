// The Markdown builders exercised by markdown-inert.test.ts are every builder in src/: a module that
// writes Markdown through src/shared/markdown.ts and is not listed in markdownBuilders.ts fails here,
// and nothing else in src/ may make a vscode.MarkdownString, open a Markdown document or use the
// string escapers directly.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { BUILDERS, NOT_BUILDERS } from './markdownBuilders';

const ROOT = join(__dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(path) : e.name.endsWith('.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

const SOURCES = sourceFiles(join(ROOT, 'src')).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
const HELPER = 'src/shared/markdown.ts';

describe('the builders of markdownBuilders.ts are every Markdown builder in src/', () => {
  const importsHelper = (text: string): boolean => /from '(\.\.\/)+shared\/markdown'|from '\.\/markdown'/.test(text);

  it('every module that writes Markdown through the helper is exercised (or says why it need not be)', () => {
    const covered = new Set([...BUILDERS.map((b) => b.module), HELPER]);
    const users = SOURCES.filter((s) => s.file !== HELPER && importsHelper(s.text)).map((s) => s.file);
    assert.ok(users.length >= 10, `found ${users.length}`);
    for (const file of users)
      assert.ok(covered.has(file) || file in NOT_BUILDERS, `${file} writes Markdown: add its builders to BUILDERS in markdownBuilders.ts`);
    for (const file of [...covered, ...Object.keys(NOT_BUILDERS)])
      assert.ok(
        SOURCES.some((s) => s.file === file),
        `${file} is gone: update this test`,
      );
  });

  it('the modules that only show or join Markdown put no value into a template', () => {
    for (const file of Object.keys(NOT_BUILDERS)) {
      const text = SOURCES.find((s) => s.file === file)?.text ?? '';
      for (const m of text.matchAll(/mdown`([^`]*)`/g)) assert.ok(!m[1].includes('${'), `${file}: ${m[0]}`);
    }
  });

  it('nothing else makes a MarkdownString, appends raw Markdown, opens a Markdown document or escapes by hand', () => {
    for (const { file, text } of SOURCES) {
      if (file !== 'src/platform/markdownTooltip.ts')
        assert.ok(!/new vscode\.MarkdownString\b|\bMarkdownString\(/.test(text), `${file} makes a MarkdownString: use markdownTooltip`);
      assert.ok(!/\.append(Markdown|Codeblock|Text)\(/.test(text), `${file} appends to a MarkdownString: build it with mdown`);
      assert.ok(!/language:\s*['"]markdown['"]/.test(text), `${file} opens a Markdown document: use ReadOnlyDocuments`);
      if (/markdown\.showPreview/.test(text)) assert.ok(/ReadOnlyDocuments/.test(text), `${file} previews something ReadOnlyDocuments did not make`);
      if (file !== HELPER) {
        const named = /import\s*\{([^}]*)\}\s*from\s*'[./]*shared\/markdown'/.exec(text)?.[1] ?? '';
        for (const escaper of ['escapeMarkdown', 'markdownTableCell', 'markdownTableCellInert', 'markdownCode', 'inertText'])
          assert.ok(!new RegExp(`\\b${escaper}\\b`).test(named), `${file} uses ${escaper}, which returns a string: use mdown and its pieces`);
      }
    }
  });

  it('every place that previews a document hands it a Markdown', () => {
    const add = SOURCES.find((s) => s.file === 'src/platform/readOnlyDocuments.ts')?.text ?? '';
    assert.match(add, /add\(title: string, document: Markdown\)/);
    assert.match(add, /private readonly gone: Markdown/);
  });
});
