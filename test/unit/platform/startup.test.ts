// The step after activation (src/platform/startup.ts): the features' first draw runs once, in the
// turn after activate() returned, or sooner when a command arrives first; a step that throws is
// logged and the others still run; an extension deactivated before that turn draws nothing.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { runStartup, scheduleStartup } from '../../../src/platform/startup';

function fakeLog(): { log: vscode.LogOutputChannel; errors: string[] } {
  const errors: string[] = [];
  const log = { error: (text: string) => errors.push(text) } as unknown as vscode.LogOutputChannel;
  return { log, errors };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the step after activation', () => {
  it('runs every step once, after the current turn, and times each', async () => {
    const ran: string[] = [];
    const { log, errors } = fakeLog();
    const startup = scheduleStartup(
      [
        { name: 'views', run: () => ran.push('views') },
        { name: 'status bar', run: () => ran.push('status bar') },
      ],
      log,
    );
    assert.deepEqual(ran, [], 'nothing runs while activate() is still running');
    const timings = await startup.done;
    assert.deepEqual(ran, ['views', 'status bar']);
    assert.deepEqual(Object.keys(timings.parts), ['views', 'status bar']);
    assert.ok(timings.ms >= 0 && timings.cpuMs >= 0);
    runStartup();
    await turn();
    assert.deepEqual(ran, ['views', 'status bar'], 'a later command does not run them again');
    assert.deepEqual(errors, []);
  });

  it('runs them at once for a command that arrives first, and not again in the turn after', async () => {
    let runs = 0;
    const { log } = fakeLog();
    const startup = scheduleStartup([{ name: 'views', run: () => runs++ }], log);
    runStartup();
    assert.equal(runs, 1, 'the command sees the views drawn');
    await turn();
    await turn();
    assert.equal(runs, 1);
    await startup.done;
  });

  it('logs a step that throws and still runs the others', async () => {
    const ran: string[] = [];
    const { log, errors } = fakeLog();
    const timings = await scheduleStartup(
      [
        {
          name: 'truncate features',
          run: () => {
            throw new Error('saved tasks unreadable');
          },
        },
        { name: 'status bar', run: () => ran.push('status bar') },
      ],
      log,
    ).done;
    assert.deepEqual(ran, ['status bar']);
    assert.equal(errors.length, 1);
    assert.match(errors[0], /truncate features.*saved tasks unreadable/s);
    assert.ok('truncate features' in timings.parts);
  });

  it('draws nothing for an extension deactivated before the turn came', async () => {
    let runs = 0;
    const { log } = fakeLog();
    const startup = scheduleStartup([{ name: 'views', run: () => runs++ }], log);
    startup.dispose();
    await turn();
    runStartup();
    assert.equal(runs, 0);
  });

  it('keeps two schedules apart: each runs its own steps once, neither is lost', async () => {
    const ran: string[] = [];
    const { log } = fakeLog();
    const first = scheduleStartup([{ name: 'first', run: () => ran.push('first') }], log);
    const second = scheduleStartup([{ name: 'second', run: () => ran.push('second') }], log);
    await Promise.all([first.done, second.done]);
    runStartup();
    assert.deepEqual(ran.sort(), ['first', 'second']);
  });
});
