// datahub.planRetention: the planner webview from the palette, the view title,
// an entity group or several selected indices; with an argument object
// ({ cutoffs, apply? }) the dry-run table, and with apply the truncations too.
// Through the typed API no prompt appears; the apply step asks in its modal through
// the confirmation gate (confirmApply), skipped only for an allowed automation call.
import { registerVscodeCommand, registrationWith } from '../platform/lazyCommands';
import { activeClient } from '../platform/activeClient';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { IndexSize } from '../gms/types';
import type { Services } from '../platform/services';
import { exposeToApi, isArgObject, runCommand, type CommandRun } from '../platform/commandRunner';
import { isOurRow } from '../platform/treeRows';
import { describeError } from '../shared/errors';
import {
  applyModalText,
  checkCutoffs,
  ESTIMATE_NOTE,
  PLAN_RETENTION,
  resolveCutoffs,
  totalsOf,
  type CheckedCutoff,
  type PlanTarget,
  type RetentionRow,
} from './logic/plan';
import { gcRecipe } from './logic/recipe';
import { applyRows, startDryRuns, type RetentionPlanResult } from './planRun';
import type { PlannerPanel } from './panel';
import { confirmApply } from './confirmApply';
import { parseArgs } from '../shared/args';
import { planRetentionArgs } from './logic/args';
import { askedByProgram } from '../platform/confirmGate';
import { planOrigin } from '../shared/writePlan';
import { guardedApply, rechecker } from './applyGuard';

/** Preselected retention when the planner opens on selected indices or a group. */
export const DEFAULT_PRESET_DAYS = 90;

/** The targets of checked cutoffs, against the loaded listing; fetched again once when something is not in it. */
async function resolveAgainstListing(services: Services, cutoffs: CheckedCutoff[]): Promise<PlanTarget[]> {
  const loaded = services.indexSizes.current?.indices;
  if (loaded) {
    try {
      return resolveCutoffs(loaded, cutoffs, PLAN_RETENTION);
    } catch {
      // Not in the loaded listing: the server may list it now.
    }
  }
  return resolveCutoffs((await services.indexSizes.refresh()).indices, cutoffs, PLAN_RETENTION);
}

/** The programmatic path: check, resolve, count (cancellable), and with apply: confirm and truncate. */
export async function planFromArgs(services: Services, given: Record<string, unknown>, run: CommandRun): Promise<RetentionPlanResult> {
  const arg = parseArgs(PLAN_RETENTION, planRetentionArgs, given);
  const cutoffs = checkCutoffs(arg.cutoffs, PLAN_RETENTION);
  const active = await activeClient(services, run, { action: 'truncateTimeseriesAspect', writes: false });
  const targets = await resolveAgainstListing(services, cutoffs);
  // Where and when the plan reads what it relies on (the dry runs): checked before it is applied.
  const origin = planOrigin('retention', active.connection, Date.now());

  const settled = await safeWindow.runCancellable(
    {
      location: vscode.ProgressLocation.Notification,
      title: `DataHub: counting what a retention plan deletes from ${targets.length} ${targets.length === 1 ? 'index' : 'indices'} (dry runs)…`,
    },
    undefined,
    (signal, say) => {
      let done = 0;
      return startDryRuns(active, targets, { signal, onSettled: () => say(`${++done} of ${targets.length} counted`, 100 / targets.length) }).done;
    },
  );
  const rows: RetentionRow[] = [];
  for (const [i, result] of settled.entries()) {
    const name = targets[i].target.indexName;
    if (result.status === 'cancelled') throw new Error(`${PLAN_RETENTION}: the dry runs were cancelled (at ${name}); nothing was deleted.`);
    if (result.status === 'rejected') {
      throw new Error(`${PLAN_RETENTION}: the dry run of ${name} failed: ${describeError(result.reason, run.errorContext).message} Nothing was deleted.`);
    }
    rows.push(result.value);
  }
  const recipe = gcRecipe(rows, active.connection.name);
  const totals = totalsOf(rows);
  const result: RetentionPlanResult = {
    message: `Retention plan on "${active.connection.name}": ${rows.length} ${rows.length === 1 ? 'index' : 'indices'}, ${totals.toDelete.toLocaleString('en-US')} rows to delete, ${totals.label} (estimate). Nothing was deleted.`,
    connection: active.connection.name,
    rows,
    totals,
    note: ESTIMATE_NOTE,
    recipe: { text: recipe.text, ...(recipe.days !== undefined ? { days: recipe.days } : {}), notCovered: recipe.notCovered },
  };
  services.log.info(
    `Retention plan on "${result.connection}": ${rows.length} indices, ${result.totals.toDelete} rows to delete, ${result.totals.label} (estimate).`,
  );
  if (arg.apply !== true) return result;

  if (!rows.some((r) => r.toDelete > 0)) {
    result.applied = rows.map((r) => ({ indexName: r.indexName, outcome: 'skipped', planned: 0 }));
    result.summary = 'Nothing to delete: no planned index has rows at or before its cutoff.';
    result.message = result.summary;
    if (run.mode === 'ui') void safeWindow.showInformationMessage(result.summary);
    return result;
  }
  const { message, detail } = applyModalText(rows, active.connection.name);
  const asked = askedByProgram(run);
  if (!(await confirmApply(run, active.connection, message, `${detail}${asked}`))) {
    services.log.info('Retention plan: apply not confirmed; nothing was deleted.');
    result.notApplied = { reason: 'declined' };
    result.message = `${result.message.replace(/ Nothing was deleted\.$/, '')} Not applied: the confirmation was dismissed; nothing was deleted.`;
    return result;
  }
  const now = services.connections.active();
  if (!now || now.name !== active.connection.name) {
    throw new Error(
      `${PLAN_RETENTION}: the active connection changed while the plan waited (it was counted on "${active.connection.name}"); nothing was deleted. Run it again.`,
    );
  }
  // The dry runs are the plan: this server, within a day, one apply at a time, each index read again before its truncation.
  const applied = await guardedApply(services, origin, (sender) => applyRows(services, rows, undefined, rechecker(services, sender)));
  if (!applied.ran) {
    result.notApplied = { reason: applied.reason };
    result.message = applied.message;
    return result;
  }
  const { outcomes, summary, leftOut } = applied.value;
  result.applied = outcomes;
  result.summary = summary;
  result.message = summary;
  if (leftOut.count) result.leftOut = leftOut.toJSON();
  return result;
}

/** The tree's element kinds this command is offered on. */
function indicesOfTreeArgs(arg: unknown, selected: unknown): IndexSize[] | undefined {
  const nodes = Array.isArray(selected) && selected.length ? selected : [arg];
  const out: IndexSize[] = [];
  let any = false;
  for (const node of nodes) {
    // Only rows the tree handed out: a look-alike from a link or another extension is not a selection.
    if (!isOurRow(node) || !isArgObject(node)) continue;
    if (node.kind === 'index' && isArgObject(node.index)) {
      any = true;
      out.push(node.index as unknown as IndexSize);
    } else if (node.kind === 'group' && isArgObject(node.group) && Array.isArray(node.group.indices)) {
      any = true;
      out.push(...(node.group.indices as IndexSize[]));
    }
  }
  if (!any) return undefined;
  const seen = new Set<string>();
  return out.filter((i) => !seen.has(i.indexName) && seen.add(i.indexName));
}

export function registerPlanCommand(services: Services, panel: PlannerPanel) {
  const handler = async (arg: Record<string, unknown> | undefined, run: CommandRun): Promise<RetentionPlanResult | undefined> => {
    if (run.mode === 'ui' || !arg) {
      await panel.open(undefined);
      return undefined;
    }
    return planFromArgs(services, arg, run);
  };
  const api = exposeToApi(PLAN_RETENTION, (arg) => runCommand(services, PLAN_RETENTION, arg ?? {}, handler, 'api'));
  const command = registerVscodeCommand(PLAN_RETENTION, (arg?: unknown, selected?: unknown) => {
    const fromTree = indicesOfTreeArgs(arg, selected);
    if (fromTree) return runCommand(services, PLAN_RETENTION, undefined, () => panel.open(fromTree, DEFAULT_PRESET_DAYS));
    return runCommand(services, PLAN_RETENTION, arg, handler);
  });
  return registrationWith(command, api);
}
