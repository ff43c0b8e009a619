// The Search Health tree's texts come from servers (consumer group and topic names, check
// ids, URNs, error text): a heading, a link, an image, HTML and a command link planted in
// each stay inert text, control and bidi characters go, and long text is capped.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_TREE_LINE, MAX_TREE_TOOLTIP, treeTexts } from '../../../src/health/logic/treeText';

const PLANTS = [
  '# heading\nsecond line',
  '[open](https://evil.example/x)',
  '![beacon](https://evil.example/b.png)',
  '<img src="https://evil.example/b.png">',
  '[run](command:workbench.action.terminal.new)',
  'group\u202etxt.exe',
  'x'.repeat(5000),
];

describe('Search Health tree texts', () => {
  it('labels and descriptions are one line, capped, with no link, control or bidi character', () => {
    for (const plant of PLANTS) {
      const t = treeTexts({ label: `Consumer ${plant}`, description: plant, tooltip: `${plant} reading topic ${plant}` });
      for (const text of [t.label, t.description ?? '', t.tooltip ?? '']) {
        assert.ok(!text.includes(']('), `no "](" left to form a link: ${text.slice(0, 80)}`);
        // eslint-disable-next-line no-control-regex
        assert.ok(!/[\u202a-\u202e\u2066-\u2069\u0000-\u0008]/.test(text), 'no bidi or control character');
      }
      assert.ok(!t.label.includes('\n') && !(t.description ?? '').includes('\n'), 'one line');
      assert.ok(t.label.length <= MAX_TREE_LINE && (t.description ?? '').length <= MAX_TREE_LINE);
      assert.ok((t.tooltip ?? '').length <= MAX_TREE_TOOLTIP);
    }
  });

  it('ordinary text is kept as it is', () => {
    assert.deepEqual(treeTexts({ label: 'MCL: 12,400 behind, about 40 s', description: 'generic-mae-consumer-job-client' }), {
      label: 'MCL: 12,400 behind, about 40 s',
      description: 'generic-mae-consumer-job-client',
    });
  });
});
