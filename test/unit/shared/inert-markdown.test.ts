// Server text is inert in every Markdown the extension generates: each builder (the documents it
// opens or previews, the reports it copies, the tooltips and the hover) is fed hostile strings in every
// server or caller field, rendered by markdown-it configured as VS Code's preview (linkify and HTML on),
// and must come out with the same structure as with a harmless value: no heading, link, image, HTML,
// list, quote or table cell more. The list of builders is checked against src/: a module that writes
// Markdown through src/shared/markdown.ts and is not exercised here fails the test, and nothing else in
// src/ may make a vscode.MarkdownString, open a Markdown document or use the string escapers directly.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import type { ExplanationNode } from '../../../src/gms/types';
import type { DoctorLine } from '../../../src/doctor/logic/report';
import { buildReport } from '../../../src/doctor/logic/report';
import { reportMarkdown } from '../../../src/doctor/logic/markdown';
import { failedGroupTooltipMarkdown, lineTooltipMarkdown } from '../../../src/doctor/logic/tooltips';
import { renderExplainDocument, type ExplainReport } from '../../../src/health/logic/explainReport';
import { renderInspectDocument, type InspectReport } from '../../../src/health/logic/inspectDocument';
import { groupTooltipMarkdown, indexTooltipMarkdown } from '../../../src/indices/logic/tooltipText';
import { entitiesToMarkdown, toMarkdown } from '../../../src/insights/logic/export';
import { hoverMarkdown } from '../../../src/restore/logic/hoverText';
import {
  Markdown,
  mdown,
  plain,
  rawCell,
  rawText,
  code,
  codeCell,
  codeBlock,
  htmlText,
  link,
  type Markdown as MarkdownType,
} from '../../../src/shared/markdown';

const ROOT = join(__dirname, '..', '..', '..');

/** What a server (or a caller) could send, one attack each, and all of them at once. */
const HOSTILE = [
  '# Planted heading',
  '## x\n# y',
  '[a](https://evil.example/a)',
  '![i](https://evil.example/x.png)',
  '<img src=x onerror=alert(1)>',
  '<a href="https://evil.example">a</a>',
  '<b>bold</b><script>alert(1)</script>',
  'https://evil.example/x',
  'www.evil.example',
  'evil.com',
  'see evil.com. Or sub.evil.co.uk/path?q=1, now',
  'help@evil.example',
  'mailto:help@evil.example',
  '[Fix it](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)',
  'command:workbench.action.reloadWindow',
  '[x](javascript:alert(1))',
  '<javascript:alert(1)>',
  '<https://evil.example/auto>',
  '`code` ``two`` ```fence',
  'a | b | c',
  '| cell | cell |\n|---|---|\n| x | y |',
  'line one\n\n# after a blank line\n- list\n> quote\n1. ordered',
  '    indented code',
  '***\n---\n===',
  '$(alert) $(zap)',
  '&lt;img src=x&gt; &#60;b&#62;',
  '\\[escaped\\](https://evil.example/e)',
  '[ref]\n\n[ref]: https://evil.example/ref',
  'a\u202Eb\u200Bc\u0007d',
];
const ALL = HOSTILE.join(' ');

const renderer = new MarkdownIt({ html: true, linkify: true });

/** Token types that make structure: a hostile value must not add any. */
const STRUCTURE = [
  'heading_open',
  'link_open',
  'image',
  'html_inline',
  'html_block',
  'table_open',
  'tr_open',
  'th_open',
  'td_open',
  'bullet_list_open',
  'ordered_list_open',
  'list_item_open',
  'blockquote_open',
  'hr',
  'fence',
  'code_block',
  'paragraph_open',
  'strong_open',
  'em_open',
  's_open',
];

/** The hover's own links: our commands, the connection's DataHub page. */
const OUR_LINK = /^(command:datahub\.|http:\/\/127\.0\.0\.1:9002\/)/;

/** The text outside code (fenced blocks, code spans, <pre>) and outside our link targets, with its backslash escapes removed. */
function unescapedProse(markdown: string): string {
  return (
    markdown
      .replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, ' ')
      // An HTML block of ours (<pre><code>, its text escaped): markdown-it passes it through, unlinked.
      .replace(/^<pre><code>[\s\S]*?<\/code><\/pre>$/gm, ' ')
      .replace(/(?<![\\`])(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, ' ')
      .replace(/(?<!\\)\]\([^)\s]*(?: "(?:[^"\\]|\\.)*")?\)/g, '] ')
      .replace(/\\(.)/g, '$1')
  );
}

function structure(markdown: string): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(STRUCTURE.map((t) => [t, 0]));
  const walk = (tokens: ReturnType<MarkdownIt['parse']>): void => {
    for (const t of tokens) {
      if (t.type in counts) counts[t.type] += 1;
      if (t.children) walk(t.children);
    }
  };
  walk(renderer.parse(markdown, {}));
  return counts;
}

/** One builder: what it makes from a value in every server field. */
interface Builder {
  name: string;
  /** The source module, relative to the repository root. */
  module: string;
  make: (value: string) => MarkdownType;
  /** A tooltip or hover shown with theme icons on: a server's "$(…)" must stay escaped. */
  themeIcons?: boolean;
}

function inspectReport(v: string): InspectReport {
  return {
    urn: `urn:li:dataset:(urn:li:dataPlatform:hive,${v},PROD)`,
    connection: v,
    verdict: 'searchStale',
    database: {
      exists: true,
      aspects: [
        { name: v, value: { name: v }, systemMetadata: { lastObserved: 1, runId: v, version: v } },
        { name: 'status', value: { removed: false } },
      ],
    },
    search: { found: true, index: v, document: { name: v, description: v, platform: v, origin: v, removed: false, tags: [v], owners: [v], runId: v } },
    checks: { indexed: true, issues: [{ entityUrn: v, checkId: v, fixType: v, description: v }] },
    timeline: { changes: [{ timestamp: 1, actor: v, events: [{ category: v, operation: v, description: v }] }] },
    differences: [{ field: 'description', database: v, search: v }],
    nextSteps: [{ title: 'Restore Indices for this URN', command: 'datahub.restoreIndices', args: { urn: v, verify: true }, why: 'writes it again' }],
  } as InspectReport;
}

/** Every side unreadable: the reasons hold the server's error text (a 500's message). */
function inspectUnreadable(v: string): InspectReport {
  const why = { unreadable: `The database read (GET /openapi/v3/entity) failed: DataHub answered 500: ${v}` };
  return { ...inspectReport(v), verdict: 'unknown', database: why, search: why, checks: why, timeline: why, differences: [], nextSteps: [] };
}

const node = (match: boolean, value: number, description: string, details: ExplanationNode[] = []): ExplanationNode => ({ match, value, description, details });

function explainReport(v: string, over: Partial<ExplainReport> = {}): ExplainReport {
  return {
    urn: `urn:li:dataset:(urn:li:dataPlatform:hive,${v},PROD)`,
    query: v,
    entityName: v,
    connection: v,
    explanation: {
      index: v,
      id: v,
      exists: true,
      match: false,
      explanation: node(false, 0, v, [node(false, 0, `no match on required clause (name.delimited:${v})`), node(false, 0, v)]),
    },
    raw: { state: 'present', document: { name: v, description: v, owners: [v] } },
    firstMatch: { urn: `urn:li:corpuser:${v}`, score: 1.5, diff: v, note: v },
    ...over,
  };
}

const doctorLine = (v: string): DoctorLine => ({
  id: 'consumer:x',
  title: v,
  verdict: 'warning',
  summary: v,
  figures: { [v]: v, lag: 3 },
  nextStep: v,
  nextCommand: 'datahub.checkSearchHealth',
  source: v,
  details: [v],
});

const indexSize = (v: string, named: boolean | undefined) => ({
  indexName: `dataset_${v}aspect_v1`,
  entityName: v,
  aspectName: v,
  sizeMb: 12.5,
  sizeSource: 'legacy' as const,
  named,
});

const BUILDERS: Builder[] = [
  { name: 'Inspect URN document', module: 'src/health/logic/inspectDocument.ts', make: (v) => renderInspectDocument(inspectReport(v)) },
  {
    name: 'Inspect URN document, every side unreadable (error text)',
    module: 'src/health/logic/inspectDocument.ts',
    make: (v) => renderInspectDocument(inspectUnreadable(v)),
  },
  { name: 'Explain Search document', module: 'src/health/logic/explainReport.ts', make: (v) => renderExplainDocument(explainReport(v)) },
  {
    name: 'Explain Search document, raw read failed, no first match',
    module: 'src/health/logic/explainReport.ts',
    make: (v) => renderExplainDocument(explainReport(v, { raw: { state: 'unknown', reason: v }, firstMatch: undefined, firstMatchNote: v })),
  },
  {
    name: 'Explain Search document, matched',
    module: 'src/health/logic/explainReport.ts',
    make: (v) => {
      const r = explainReport(v);
      return renderExplainDocument({
        ...r,
        explanation: { ...r.explanation, match: true, explanation: node(true, 2, v, [node(true, 2, `weight(name:${v} in 1)`)]) },
      });
    },
  },
  {
    name: 'Doctor report (Copy as Markdown)',
    module: 'src/doctor/logic/markdown.ts',
    make: (v) => reportMarkdown(buildReport(v, 0, [doctorLine(v), { ...doctorLine(v), id: 'systemInfo', figures: { gmsVersion: v } }])),
  },
  { name: 'Doctor line tooltip', module: 'src/doctor/logic/tooltips.ts', make: (v) => lineTooltipMarkdown(doctorLine(v), 'Warning') },
  {
    name: 'Doctor failed-write group tooltip',
    module: 'src/doctor/logic/tooltips.ts',
    make: (v) =>
      failedGroupTooltipMarkdown({
        error: v,
        count: 7,
        first: { partition: 0, offset: 1 },
        last: { partition: 1, offset: 9 },
        urns: [v, v, v, v, v, v],
        urnCount: 6,
        aspects: [v, v],
        aspectCount: 2,
      }),
  },
  {
    name: 'index sizes Markdown table',
    module: 'src/insights/logic/export.ts',
    make: (v) => toMarkdown([{ connection: v, fetchedAt: v, entityName: v, aspectName: v, indexName: v, sizeMb: 1 }]),
  },
  {
    name: 'entity counts Markdown table',
    module: 'src/insights/logic/export.ts',
    make: (v) =>
      entitiesToMarkdown([
        {
          connection: v,
          countedAt: v,
          source: 'search',
          entityType: v,
          active: 1,
          softDeleted: 0,
          documents: 1,
          changeSincePrevious: -2,
          previousAt: v,
          perDay: 1,
        },
      ]),
  },
  {
    name: 'index group tooltip',
    module: 'src/indices/logic/tooltipText.ts',
    themeIcons: true,
    make: (v) =>
      groupTooltipMarkdown({
        kind: 'group',
        entityName: v,
        group: { entityName: v, indices: [indexSize(v, true)], totalMb: 12.5, unknownCount: 1 },
        connection: v,
        snapshotTotalMb: 100,
        overThreshold: true,
        thresholdGb: 1,
      }),
  },
  {
    name: 'index tooltip (named)',
    module: 'src/indices/logic/tooltipText.ts',
    themeIcons: true,
    make: (v) =>
      indexTooltipMarkdown(
        { kind: 'index', index: indexSize(v, true), entityName: v, connection: v, snapshotTotalMb: 100, overThreshold: true, thresholdGb: 1 },
        v,
      ),
  },
  {
    name: 'index tooltip (not named by the server)',
    module: 'src/indices/logic/tooltipText.ts',
    themeIcons: true,
    make: (v) =>
      indexTooltipMarkdown({
        kind: 'index',
        index: indexSize(v, false),
        entityName: v,
        connection: v,
        snapshotTotalMb: 100,
        overThreshold: false,
        thresholdGb: 0,
      }),
  },
  {
    name: 'URN hover',
    module: 'src/restore/logic/hoverText.ts',
    themeIcons: true,
    make: (v) =>
      hoverMarkdown(
        { urn: `urn:li:dataset:(urn:li:dataPlatform:hive,${v},PROD)`, entityType: v, encoded: true },
        `http://127.0.0.1:9002/dataset/${encodeURIComponent(v)}`,
      ),
  },
  // The helper's own pieces, each on its own.
  { name: 'mdown string value', module: 'src/shared/markdown.ts', make: (v) => mdown`Text ${v} and a cell:\n\n| a | b |\n|---|---|\n| ${v} | x |` },
  {
    name: 'plain (tooltips: theme icons on)',
    module: 'src/shared/markdown.ts',
    themeIcons: true,
    make: (v) => mdown`${plain(v)}\n\n**${plain(v)}**: ${plain(v)}`,
  },
  {
    name: 'code / codeCell / rawCell / rawText',
    module: 'src/shared/markdown.ts',
    make: (v) => mdown`${code(v)}\n\n${rawText(v)}\n\n| ${codeCell(v)} | ${rawCell(v)} |\n|---|---|`,
  },
  {
    name: 'codeBlock / htmlText / link',
    module: 'src/shared/markdown.ts',
    make: (v) => mdown`${codeBlock(v, v)}\n\n<pre><code>${htmlText(v)}</code></pre>\n\n${link(plain(v), `command:datahub.inspectUrn?${v}`, v)}`,
  },
];

/** Modules that use the helper without building a document of their own (sinks, our literal texts, a join). */
const NOT_BUILDERS: Record<string, string> = {
  'src/health/readOnlyDocuments.ts': 'the sink of the previewed documents: takes a Markdown',
  'src/platform/markdownTooltip.ts': 'the one place a vscode.MarkdownString is made: takes a Markdown',
  'src/insights/exportIndexSizes.ts': 'joins the two tables of export.ts',
  'src/health/inspectUrn.ts': 'its "gone" text, a literal without values',
  'src/health/explainSearch.ts': 'its "gone" text, a literal without values',
  'src/doctor/doctorTree.ts': 'shows logic/tooltips.ts through markdownTooltip',
  'src/indices/indexTreeItems.ts': 'shows logic/tooltipText.ts through markdownTooltip',
  'src/restore/editor/hover.ts': 'shows logic/hoverText.ts through markdownTooltip',
  'src/doctor/commands.ts': 'copies reportMarkdown',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(path) : e.name.endsWith('.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

const SOURCES = sourceFiles(join(ROOT, 'src')).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
const HELPER = 'src/shared/markdown.ts';

describe('server text is inert in every generated Markdown', () => {
  for (const builder of BUILDERS) {
    it(`${builder.name} (${builder.module})`, () => {
      const baseline = structure(builder.make('harmless').text);
      for (const value of [...HOSTILE, ALL]) {
        const out = builder.make(value);
        assert.ok(out instanceof Markdown, 'a Markdown value');
        const text = out.text;
        assert.deepEqual(structure(text), baseline, `${JSON.stringify(value)} changed the structure:\n${text}`);
        const html = renderer.render(text);
        assert.ok(
          !/<(a|img|script|b)[\s>]/i.test(html.replace(/<a href="(command:datahub\.[a-zA-Z]+\?|http:\/\/127\.0\.0\.1:9002\/)[^"]*"[^>]*>/g, '')),
          `${JSON.stringify(value)}:\n${html}`,
        );
        assert.ok(!/href="(?:https:\/\/evil|javascript:|command:workbench|mailto:|www\.)/i.test(html), `${JSON.stringify(value)}:\n${html}`);
        assert.ok(!/src="/i.test(html), `no image source: ${html}`);
        // Some renderers (VS Code's preview) link an address whose ":" and "." are backslash-escaped: outside
        // code, and with the escapes taken out, linkify finds nothing of the value.
        const naked = unescapedProse(text);
        const found = (renderer.linkify.match(naked) ?? []).filter((l) => !OUR_LINK.test(l.url));
        assert.deepEqual(
          found.map((l) => l.url),
          [],
          `${JSON.stringify(value)}: an address outside code:\n${naked}`,
        );
        // Theme icons are drawn in text, not in code (a fenced block or a code span).
        const prose = text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
        if (builder.themeIcons) assert.doesNotMatch(prose, /(^|[^\\])\$\((alert|zap)\)/, `a server's theme icon stays escaped:\n${text}`);
      }
    });
  }

  it('the value is still there to read', () => {
    const html = renderer.render(renderInspectDocument(inspectUnreadable('[a](https://evil.example/a) boom')).text);
    assert.match(html, /Not read: <code>The database read .*\[a\]\(https:\/\/evil\.example\/a\) boom<\/code>/);
    assert.equal(
      renderer.render(plain('see https://evil.example/x or www.evil.example').text),
      '<p>see <code>https://evil.example/x</code> or <code>www.evil.example</code></p>\n',
    );
  });

  it('a Markdown value is made by the helper only', () => {
    assert.throws(() => new Markdown(undefined as never, '# made elsewhere'), /built through mdown/);
  });
});

describe('the builders above are every builder in src/', () => {
  const importsHelper = (text: string): boolean => /from '(\.\.\/)+shared\/markdown'|from '\.\/markdown'/.test(text);

  it('every module that writes Markdown through the helper is exercised (or says why it need not be)', () => {
    const covered = new Set([...BUILDERS.map((b) => b.module), HELPER]);
    const users = SOURCES.filter((s) => s.file !== HELPER && importsHelper(s.text)).map((s) => s.file);
    assert.ok(users.length >= 10, `found ${users.length}`);
    for (const file of users) assert.ok(covered.has(file) || file in NOT_BUILDERS, `${file} writes Markdown: add its builders to BUILDERS in this test`);
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
    const add = SOURCES.find((s) => s.file === 'src/health/readOnlyDocuments.ts')?.text ?? '';
    assert.match(add, /add\(title: string, document: Markdown\)/);
    assert.match(add, /private readonly gone: Markdown/);
  });
});
