// The one Markdown escaper: server text in a tooltip with supportThemeIcons cannot draw an icon.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { escapeMarkdown } from '../../../src/shared/markdown';

describe('escapeMarkdown', () => {
  it('escapes "$" so a server\'s "$(alert)" stays text where theme icons are on', () => {
    assert.equal(escapeMarkdown('$(alert) index'), '\\$\\(alert\\) index');
    // VS Code draws an icon only for an unescaped "$(" (its escapeIcons leaves "\\$(" as text).
    assert.doesNotMatch(escapeMarkdown('a$(zap)b $(x)'), /(^|[^\\])\$\(/);
  });

  it('keeps the escapes it had: a backslash first, line breaks as spaces', () => {
    assert.equal(escapeMarkdown('a\\*b\nc'), 'a\\\\\\*b c');
  });
});
