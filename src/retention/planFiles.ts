// The planner's Copy as GC Recipe and Save Plan… actions: the plan's rows in, the
// clipboard or a JSON plan file out (src/retention/logic/{recipe,planFile}.ts make the text).
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import { personsStep } from '../platform/argObject';
import { offerFollowUp } from '../platform/followUp';
import type { Services } from '../platform/services';
import { gcRecipe } from './logic/recipe';
import { MAX_PLAN_FILE_BYTES, parsePlanFile, planFileText, type PlanFileParse } from './logic/planFile';
import type { RetentionRow } from './logic/plan';
import { writeFileAtomic } from '../shared/applyLock';
import { Commands } from '../shared/commandIds';

/** The button that hands a plan's settings to DataHub's GC (datahub.applyGarbageCollection plans, asks, then writes). */
export const HAND_TO_GC = "Hand to DataHub's GC…";

/** Copies the plan as a datahub-gc recipe; its hand-off to DataHub's GC is bound to `connection` (the one planned on) for 10 minutes. */
export async function copyRecipe(services: Services, rows: readonly RetentionRow[], connection: { name: string; gmsUrl: string }): Promise<void> {
  if (!rows.length) {
    void safeWindow.showInformationMessage('Choose a cutoff for at least one index first; the recipe is made from the plan.');
    return;
  }
  const recipe = gcRecipe(rows, connection.name);
  const offer = offerFollowUp(services, connection, 'Copy the GC recipe again from the retention planner');
  await vscode.env.clipboard.writeText(recipe.text);
  const what =
    recipe.days === undefined
      ? 'none of the planned indices is one the datahub-gc source truncates, so the recipe changes nothing (its comments say why).'
      : `truncate_index_older_than_days: ${recipe.days}, the longest retention of the ${recipe.covered.length} planned ${recipe.covered.length === 1 ? 'index' : 'indices'} the datahub-gc source truncates (it takes one retention for all).`;
  const left = recipe.notCovered.length
    ? ` ${recipe.notCovered.length} planned ${recipe.notCovered.length === 1 ? 'index is' : 'indices are'} not covered by that source; the recipe lists ${recipe.notCovered.length === 1 ? 'it' : 'them'} in a comment.`
    : '';
  // The same setting, handed to DataHub's own GC source: its change is planned (DataHub's dry run), listed and asked first.
  const days = recipe.days;
  void safeWindow.showInformationMessage(`GC recipe copied: ${what}${left}`, ...(days !== undefined ? [HAND_TO_GC] : [])).then((choice) => {
    if (choice === HAND_TO_GC && days !== undefined)
      void offer.run(HAND_TO_GC, () =>
        vscode.commands.executeCommand(Commands.applyGarbageCollection, personsStep({ truncateIndicesOlderThanDays: days })).then(undefined, () => undefined),
      );
  });
}

export async function savePlan(rows: readonly RetentionRow[], connection: string): Promise<void> {
  if (!rows.length) {
    void safeWindow.showInformationMessage('Choose a cutoff for at least one index first; there is no plan to save.');
    return;
  }
  const target = await vscode.window.showSaveDialog({ filters: { 'Retention plan': ['json'] }, saveLabel: 'Save Plan', title: 'Save the retention plan' });
  if (!target) return;
  const text = planFileText(rows, connection);
  // Through a unique temporary file and a rename: another window saving the same plan never shares a temporary file.
  if (target.scheme === 'file') await writeFileAtomic(target.fsPath, text);
  else await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  void safeWindow.showInformationMessage(`Retention plan saved: ${rows.length} ${rows.length === 1 ? 'cutoff' : 'cutoffs'} in ${target.fsPath}.`);
}

/** Reads and checks a plan file; rejects with what is wrong (nothing is loaded then). */
export async function readPlanFile(file: vscode.Uri): Promise<Extract<PlanFileParse, { ok: true }>> {
  const stat = await vscode.workspace.fs.stat(file);
  if (stat.size > MAX_PLAN_FILE_BYTES)
    throw new Error(`${file.fsPath} is ${stat.size.toLocaleString('en-US')} bytes, larger than a retention plan can be; nothing was loaded.`);
  const parsed = parsePlanFile(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
  if (!parsed.ok) throw new Error(`${file.fsPath}: ${parsed.message} Nothing was loaded.`);
  return parsed;
}

/** The plan file the person picks in an open dialog (JSON), or undefined when they dismiss it. */
export async function pickPlanFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    filters: { 'Retention plan': ['json'] },
    openLabel: 'Open Plan',
    title: 'Open a retention plan',
  });
  return picked?.[0];
}
