// Who may skip the confirmations through the typed API: in a Production host only
// the user's own setting, once the person acknowledged it in the extension's own
// modal for the class of the step; Test and Development hosts unless a test asks
// for Production behaviour.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  API_CLASSES,
  API_CLASSES_VERSION,
  API_CLASS_NAMES,
  acknowledgedClasses,
  apiConfirmation,
  apiMaySkipAny,
  classLines,
  withClass,
  type ApiClass,
  type HostMode,
} from '../../../src/shared/apiTrust';

const none = new Set<ApiClass>();
const restores = new Set<ApiClass>(['restoreAndTruncate']);

describe('apiConfirmation', () => {
  it('Production asks unless the user allowed unconfirmed calls and acknowledged the class of the step', () => {
    const production = { host: 'production' as const, productionLike: false };
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: false, acknowledged: none }, 'restoreAndTruncate'), 'ask');
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: false, acknowledged: restores }, 'restoreAndTruncate'), 'ask');
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: true, acknowledged: none }, 'restoreAndTruncate'), 'acknowledge');
    assert.equal(apiConfirmation({ ...production, allowUnconfirmed: true, acknowledged: restores }, 'restoreAndTruncate'), 'skip');
  });

  it('an acknowledgement of one class does not cover another: that one asks for its own', () => {
    const trust = { host: 'production' as const, productionLike: false, allowUnconfirmed: true, acknowledged: restores };
    for (const cls of API_CLASS_NAMES.filter((c) => c !== 'restoreAndTruncate')) assert.equal(apiConfirmation(trust, cls), 'acknowledge', cls);
  });

  it('a declined class asks like a person (no second acknowledgement), the others are unaffected', () => {
    const trust = {
      host: 'production' as const,
      productionLike: false,
      allowUnconfirmed: true,
      acknowledged: restores,
      declined: new Set<ApiClass>(['entityDeletes']),
    };
    assert.equal(apiConfirmation(trust, 'entityDeletes'), 'ask');
    assert.equal(apiConfirmation(trust, 'consumerOffsets'), 'acknowledge');
    assert.equal(apiConfirmation(trust, 'restoreAndTruncate'), 'skip');
  });

  it('Test and Development skip, unless the seam makes them Production-like', () => {
    for (const host of ['test', 'development'] as HostMode[]) {
      assert.equal(apiConfirmation({ host, productionLike: false, allowUnconfirmed: false, acknowledged: none }, 'entityDeletes'), 'skip', host);
      assert.equal(apiConfirmation({ host, productionLike: true, allowUnconfirmed: false, acknowledged: none }, 'entityDeletes'), 'ask', host);
      assert.equal(apiConfirmation({ host, productionLike: true, allowUnconfirmed: true, acknowledged: none }, 'entityDeletes'), 'acknowledge', host);
    }
  });

  it('apiMaySkipAny: mode api only where some class could skip', () => {
    assert.equal(apiMaySkipAny({ host: 'production', productionLike: false, allowUnconfirmed: false }), false);
    assert.equal(apiMaySkipAny({ host: 'production', productionLike: false, allowUnconfirmed: true }), true);
    assert.equal(apiMaySkipAny({ host: 'test', productionLike: false, allowUnconfirmed: false }), true);
    assert.equal(apiMaySkipAny({ host: 'test', productionLike: true, allowUnconfirmed: false }), false);
  });
});

describe('the stored acknowledgement', () => {
  it('is the set of classes with the version of the class list; another version covers nothing', () => {
    assert.deepEqual(
      [...acknowledgedClasses({ version: API_CLASSES_VERSION, classes: ['entityDeletes', 'restoreAndTruncate'] })],
      ['entityDeletes', 'restoreAndTruncate'],
    );
    assert.deepEqual([...acknowledgedClasses({ version: API_CLASSES_VERSION + 1, classes: ['entityDeletes'] })], []);
    assert.deepEqual([...acknowledgedClasses({ version: API_CLASSES_VERSION - 1, classes: ['entityDeletes'] })], []);
    assert.deepEqual([...acknowledgedClasses({ classes: ['entityDeletes'] })], []);
  });

  it('names it does not know, and malformed values, cover nothing', () => {
    assert.deepEqual(
      [...acknowledgedClasses({ version: API_CLASSES_VERSION, classes: ['everything', 42, 'toString', 'consumerOffsets'] })],
      ['consumerOffsets'],
    );
    for (const stored of [undefined, null, false, 'restoreAndTruncate', 1, [], { version: API_CLASSES_VERSION, classes: 'entityDeletes' }])
      assert.equal(acknowledgedClasses(stored).size, 0, JSON.stringify(stored));
  });

  it('the acknowledgement before classes (true, after a modal that named truncate, restore and retention) covers restoreAndTruncate only', () => {
    assert.deepEqual([...acknowledgedClasses(true)], ['restoreAndTruncate']);
  });

  it('allowing a class adds it to what was allowed, in the order of the list, at the current version', () => {
    assert.deepEqual(withClass(new Set(['replaysAndFixes']), 'restoreAndTruncate'), {
      version: API_CLASSES_VERSION,
      classes: ['restoreAndTruncate', 'replaysAndFixes'],
    });
    assert.deepEqual(withClass(none, 'entityDeletes'), { version: API_CLASSES_VERSION, classes: ['entityDeletes'] });
    assert.deepEqual([...acknowledgedClasses(withClass(restores, 'entityDeletes'))], ['restoreAndTruncate', 'entityDeletes']);
  });

  it("the modal's lines list every class it would cover, the new one marked", () => {
    const lines = classLines(restores, 'entityDeletes');
    assert.equal(lines.length, 2);
    assert.equal(lines[0], `• ${API_CLASSES.restoreAndTruncate.label}`);
    assert.equal(lines[1], `• ${API_CLASSES.entityDeletes.label} (NEW: asked for now)`);
  });

  it('the classes in use are not marked for a feature still to come', () => {
    assert.equal('forFeature' in API_CLASSES.garbageCollector, false);
    assert.match(API_CLASSES.garbageCollector.label, /garbage collection source/);
    assert.equal('forFeature' in API_CLASSES.ingestion, false);
    assert.match(API_CLASSES.ingestion.label, /cancel or roll back ingestion runs/);
  });
});
