// What keybindings, tasks, tests and other extensions pass a command.

/** A plain argument object (what keybindings, tasks, tests and other extensions pass). */
export function isArgObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Arguments our own code wrote for a step the person chose in one of our notifications (the
// "Hand to DataHub's GC…" button beside a cleanup's or a retention plan's figures). Such a call is
// the person's, as a palette call with no arguments is: its modal does not say a program asked, and
// the journal records `person`. Only identity counts, as for tree rows (treeRows.ts): an object a
// caller writes, even equal to one of these, is not in the set and stays a program's arguments.
const personsSteps = new WeakSet<object>();

/** Marks arguments our code wrote for the step a person just chose; returns them. */
export function personsStep<T extends Record<string, unknown>>(args: T): T {
  personsSteps.add(args);
  return args;
}

/** True only for arguments marked by personsStep. */
export function isPersonsStep(value: unknown): boolean {
  return personsSteps.has(value as object);
}
