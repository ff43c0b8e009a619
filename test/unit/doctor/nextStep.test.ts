// Take Next Step's choice (src/doctor/logic/nextStep.ts): only a command of the fixed set a fact may
// name, with the arguments the line carries; anything else offers no step at all.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { nextStepOf } from '../../../src/doctor/logic/nextStep';
import type { DoctorLine } from '../../../src/doctor/logic/report';
import { Commands } from '../../../src/shared/commandIds';
import { NEXT_COMMANDS } from '../../../src/shared/statusFact';

const line = (over: Partial<DoctorLine> | Record<string, unknown>): DoctorLine =>
  ({ id: 'x', title: 'X', verdict: 'warning', summary: 's', figures: {}, source: 'GET /x', ...over }) as DoctorLine;

describe('the Doctor next step', () => {
  it('a command outside the fixed set offers no step, whatever the line says', () => {
    for (const id of [
      Commands.clearAccessToken,
      Commands.removeConnection,
      Commands.truncateTimeseriesAspect,
      'workbench.action.terminal.new',
      'datahub.nope',
    ]) {
      assert.equal(nextStepOf(line({ nextCommand: id })), undefined, id);
    }
    assert.equal(nextStepOf(line({})), undefined);
    assert.ok(!(NEXT_COMMANDS as readonly string[]).includes(Commands.clearAccessToken));
  });

  it("a watched job's line carries the job: the step acts on it", () => {
    assert.deepEqual(nextStepOf(line({ nextCommand: Commands.resumeClusterJob, nextArgs: { job: 'stuck-1' } })), {
      command: Commands.resumeClusterJob,
      args: { job: 'stuck-1' },
    });
    assert.deepEqual(nextStepOf(line({ nextCommand: Commands.showUpgradeReindexLog, nextArgs: { job: 'datahub-system-update' } })), {
      command: Commands.showUpgradeReindexLog,
      args: { job: 'datahub-system-update' },
    });
  });

  it('a stuck consumer names its group, topic and strategy from its figures; a line without arguments asks for them itself', () => {
    const reset = line({ nextCommand: Commands.resetConsumerOffsets, figures: { groupId: 'g', topic: 't', resetStrategy: 'earliest' } });
    assert.deepEqual(nextStepOf(reset), { command: Commands.resetConsumerOffsets, args: { group: 'g', topic: 't', strategy: 'earliest' } });
    assert.deepEqual(nextStepOf(line({ nextCommand: Commands.setAccessToken })), { command: Commands.setAccessToken });
    assert.deepEqual(nextStepOf(line({ nextCommand: Commands.showClusterJobLog, nextArgs: { job: 3 } })), { command: Commands.showClusterJobLog });
  });
});
