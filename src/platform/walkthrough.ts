// The context keys the walkthrough's steps complete on (package.json contributes.walkthroughs,
// "onContext:<key>"): each is set when the thing happened (a report read, a check run, a dry
// run answered), never when a command merely started, so a cancelled prompt completes nothing.
import * as vscode from 'vscode';

export const WALKTHROUGH_KEYS = {
  doctorReported: 'datahub.walkthrough.doctorReported',
  healthChecked: 'datahub.walkthrough.healthChecked',
  restored: 'datahub.walkthrough.restored',
  dryRunAnswered: 'datahub.walkthrough.dryRunAnswered',
} as const;

const set = new Set<string>();

/** Marks a walkthrough step's event as happened in this window (once: later calls cost nothing). */
export function walkthroughDone(key: (typeof WALKTHROUGH_KEYS)[keyof typeof WALKTHROUGH_KEYS]): void {
  if (set.has(key)) return;
  set.add(key);
  void vscode.commands.executeCommand('setContext', key, true);
}
