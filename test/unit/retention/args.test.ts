// datahub.planRetention's argument schema: the list and each entry's shape, in the messages of old.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseArgs } from '../../../src/shared/args';
import { planRetentionArgs } from '../../../src/retention/logic/args';

const fails = (arg: unknown, message: RegExp) => assert.throws(() => parseArgs('cmd', planRetentionArgs, arg), message);

describe('retention argument schema', () => {
  it('refuses what is not a list of cutoffs, naming the entry', () => {
    fails({}, /^Error: cmd: "cutoffs" must be a list such as .* Nothing was sent\.$/);
    fails({ cutoffs: [] }, /^Error: cmd: "cutoffs" is empty; give at least one index and its cutoff\. Nothing was sent\.$/);
    fails({ cutoffs: Array.from({ length: 1001 }, () => ({ indexName: 'i', days: 1 })) }, /"cutoffs" has 1001 entries; at most 1000\./);
    fails({ cutoffs: [{ indexName: 'i', days: 1 }, 3] }, /^Error: cmd: cutoffs\[1\] must be an object such as /);
    fails({ cutoffs: [{ indexName: 'i', days: -5 }] }, /^Error: cmd: cutoffs\[0\]: "days" must be from 1 to 36500; -5 is not\. Nothing was sent\.$/);
    fails({ cutoffs: [{ indexName: 'i', days: '90' }] }, /cutoffs\[0\]: "days" must be a whole number of days, e\.g\. 90\./);
    fails({ cutoffs: [{ indexName: 'i', days: 1 }], apply: 'yes' }, /^Error: cmd: "apply" must be true or false\. Nothing was sent\.$/);
  });

  it('passes a well-formed plan on to the checks that need more than its shape', () => {
    assert.deepEqual(parseArgs('cmd', planRetentionArgs, { cutoffs: [{ entityType: 'dataset', aspect: 'p', days: 90, extra: 1 }] }), {
      cutoffs: [{ entityType: 'dataset', aspect: 'p', days: 90 }],
    });
  });
});
