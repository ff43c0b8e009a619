// What keybindings, tasks, tests and other extensions pass a command.

/** A plain argument object (what keybindings, tasks, tests and other extensions pass). */
export function isArgObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
