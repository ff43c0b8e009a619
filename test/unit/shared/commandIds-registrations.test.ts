// A feature's registrations are checked by the compiler (registrationsOf in
// src/shared/commandIds.ts): each id the feature declares has a handler, none is another
// feature's, and none hides its id behind `string`. The `@ts-expect-error` lines below are the
// test: `npm run check-types` fails if any of them compiles, that is, if the check let it through.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Commands, FEATURE_COMMANDS, registrationsOf, type Registered } from '../../../src/shared/commandIds';

/** A registration as src/platform/lazyCommands.ts hands one out, with the id in its type. */
function registered<I extends string>(id: I): Registered<I> & { id: I } {
  return { id, dispose: () => undefined } as Registered<I> & { id: I };
}
const plain = { dispose: () => undefined };

test('registrationsOf: every id of the feature registered, with other disposables beside them, compiles and returns the list', () => {
  // Each of the feature's ids, whatever it declares (a new command keeps this compiling).
  const all = Object.values(FEATURE_COMMANDS.indices).map((id) => registered(id));
  const list = registrationsOf('indices', plain, ...all);
  assert.equal(list.length, all.length + 1);
  assert.deepEqual(
    list.flatMap((d) => ('id' in d ? [d.id] : [])),
    Object.values(FEATURE_COMMANDS.indices),
  );
  assert.ok(list.some((d) => d === plain));
});

test('registrationsOf: the compiler refuses a declared id without a handler, another feature’s id, and an id typed as string', () => {
  // Retention declares one command; a list without it does not compile.
  // @ts-expect-error datahub.planRetention is declared in FEATURE_COMMANDS but has no handler
  registrationsOf('retention', plain);
  // @ts-expect-error datahub.restoreIndices belongs to the restore feature
  registrationsOf('retention', registered(Commands.planRetention), registered(Commands.restoreIndices));
  const someId: string = Commands.planRetention;
  // @ts-expect-error an id the compiler cannot see would stand for every id
  registrationsOf('retention', registered(someId));
  // A plain disposable in the list does not hide the registrations beside it.
  assert.equal(registrationsOf('retention', plain, registered(Commands.planRetention)).length, 2);
});
