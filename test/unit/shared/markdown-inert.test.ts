// Server text is inert in every Markdown the extension generates: each builder (the documents it
// opens or previews, the reports it copies, the tooltips and the hover; markdownBuilders.ts) is fed
// hostile strings in every server or caller field, rendered by markdown-it configured as VS Code's
// preview (linkify and HTML on), and must come out with the same structure as with a harmless value:
// no heading, link, image, HTML, list, quote or table cell more, and no address linkify finds outside code.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import { renderInspectDocument } from '../../../src/health/logic/inspectDocument';
import { Markdown, plain } from '../../../src/shared/markdown';
import { ALL, BUILDERS, HOSTILE, inspectUnreadable } from './markdownBuilders';

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
