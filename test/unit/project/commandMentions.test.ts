// Declaring a command stays cheap: the median number of src files that name a contributed
// command (test/arch/commandMentions.ts, `npm run commands:mentions` lists them) does not grow.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandMentions } from '../../arch/commandMentions';

/** The most src files the median command may be named in. */
const MEDIAN_MAX = 4;

describe('command declarations', () => {
  it(`the median command is named in at most ${MEDIAN_MAX} src files`, () => {
    const { commands, median } = commandMentions();
    assert.ok(commands.length > 50, `read ${commands.length} contributed commands`);
    const worst = commands.slice(-3).map((c) => `${c.name}: ${c.files.join(', ')}`);
    assert.ok(median <= MEDIAN_MAX, `median ${median} > ${MEDIAN_MAX}; the most named:\n${worst.join('\n')}`);
  });
});
