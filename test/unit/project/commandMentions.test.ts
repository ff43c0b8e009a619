// Declaring a command stays cheap: the median number of src files that name a contributed
// command (test/arch/commandMentions.ts, `npm run commands:mentions` lists them) does not grow.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandMentions } from '../../arch/commandMentions';

/** The most src files the median command may be named in, in any form (uses included). */
const MEDIAN_MAX = 4;
/** The most src files the median command's id may be written in (`grep -rlw datahub.<name> src`). */
const ID_MEDIAN_MAX = 3;

describe('command declarations', () => {
  it(`the median command is named in at most ${MEDIAN_MAX} src files`, () => {
    const { commands, median } = commandMentions();
    assert.ok(commands.length > 50, `read ${commands.length} contributed commands`);
    const worst = commands.slice(-3).map((c) => `${c.name}: ${c.files.join(', ')}`);
    assert.ok(median <= MEDIAN_MAX, `median ${median} > ${MEDIAN_MAX}; the most named:\n${worst.join('\n')}`);
  });

  it(`the median command's id is written in at most ${ID_MEDIAN_MAX} src files, and each id at least once`, () => {
    const { commands, idMedian } = commandMentions();
    assert.ok(idMedian <= ID_MEDIAN_MAX, `median ${idMedian} > ${ID_MEDIAN_MAX}`);
    const unwritten = commands.filter((c) => c.idFiles.length === 0).map((c) => c.name);
    assert.deepEqual(unwritten, [], 'every contributed id is written in src/shared/commandIds.ts');
  });
});
