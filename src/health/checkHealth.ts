// datahub.checkSearchHealth: where DataHub's search disagrees with its database.
//   palette: pick a scope (an entity type, a URN pattern, the URNs in this file or the
//     selection, pasted URNs), then a progress notification (cancellable) and the result
//     in the Search Health view, with Fix Drift… when there is something to fix
//   programmatic: { entityType | urnLike | urns, fix?: 'dryRun' | 'apply', sampleSize? }
//     -> the groups and counts (and the dry run / the fix), no prompts; apply asks first.
import { activeClient } from '../platform/activeClient';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import { activeTitle } from '../platform/titles';
import type { ActiveClient, Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { Commands } from '../shared/commandIds';
import { checkUrnLikeInput } from '../shared/inputChecks';
import { urnsInText } from '../restore/logic/urnList';
import { checkScope, type DriftReport, type HealthScope } from './logic/check';
import { describeScope, scopeOf } from './logic/scope';
import { checkSearchHealthArgs, MAX_HEALTH_URNS } from './logic/args';
import { DRIFT_GROUPS, GROUP_LABELS, describeSample, type DriftGroup } from './logic/drift';
import { entityTypeOfPattern } from './logic/like';
import type { FixOutcome, HealthStore } from './healthStore';
import type { Outcome } from '../shared/outcome';
import type { ScanStop } from './logic/scanBounds';
import type { FixPlan } from './logic/fix';
import { WALKTHROUGH_KEYS, walkthroughDone } from '../platform/walkthrough';

const COMMAND = Commands.checkSearchHealth;

export interface SearchHealthResult extends Outcome {
  connection: string;
  /** What was checked; a list of URNs by its count (the URNs are in the groups). */
  scope: Exclude<HealthScope, { kind: 'urns' }> | { kind: 'urns'; count: number };
  /** consistency: the server's checks; sample: search read, the database asked; urns: each URN asked both ways. */
  method: DriftReport['method'];
  counts: Record<DriftGroup, number>;
  /** Per group, the URNs (at most 1,000 each; counts go on). */
  urns: Record<DriftGroup, string[]>;
  softDeleted: string[];
  /** What was read from search, and whether it was all of it. */
  sample?: { checked: number; total: number; complete: boolean; description: string };
  /** The server has the consistency operations. */
  consistency: boolean;
  otherIssues: Record<string, number>;
  durationMs: number;
  /** With `fix`: the dry run (plan) and, for 'apply', what was done and the counts after it. */
  fix?: HealthFix;
  /** Why the scan ended before the server said it was done: a repeated scroll id, the page cap or the time cap. */
  stopped?: ScanStop;
}

/** Why a fix left something as it was: a caller branches on `reason`. */
export type FixNotDone =
  /** The dry run found nothing this server can fix. */
  | { reason: 'nothingToFix' }
  /** Search-only documents, and no operation on this server removes one: only the full rebuild does. */
  | { reason: 'noRemovalOnServer'; searchOnly: number; rebuildCommand: string }
  /** The modal (or the typed name) was dismissed: nothing was sent. */
  | { reason: 'declined' }
  /** The check the fix was planned from is too old (stale) or was read elsewhere (otherConnection, otherServer); busy: another fix of this connection runs. Check again. */
  | { reason: 'stale' | 'otherConnection' | 'otherServer' | 'unreadable' | 'busy' };

export interface HealthFix extends Outcome {
  plan: FixPlan;
  applied?: FixOutcome;
  countsAfter?: Record<DriftGroup, number>;
  /** With apply: why nothing (or not everything) was fixed. */
  notDone?: FixNotDone;
}

export function resultOf(connection: string, report: DriftReport): SearchHealthResult {
  return {
    message: reportSentence(connection, report),
    ...(report.stopped ? { stopped: report.stopped } : {}),
    connection,
    scope: report.scope.kind === 'urns' ? { kind: 'urns', count: new Set(report.scope.urns).size } : report.scope,
    method: report.method,
    counts: { ...report.tally.counts },
    urns: { ...report.tally.urns },
    softDeleted: report.softDeleted,
    sample: report.sample ? { ...report.sample, description: describeSample(report.sample) } : undefined,
    consistency: report.consistency,
    otherIssues: report.otherIssues,
    durationMs: report.durationMs,
  };
}

/** The scope picked in the palette. */
async function promptScope(services: Services): Promise<HealthScope | undefined> {
  const title = activeTitle(services, 'DataHub: Check Search Health');
  const editor = vscode.window.activeTextEditor;
  const items: Array<vscode.QuickPickItem & { id: string }> = [
    {
      id: 'type',
      label: 'An entity type…',
      detail: 'Every search document of the type (dataset, chart, …): both ways where the server has consistency checks, else a sample',
    },
    { id: 'pattern', label: 'A URN pattern…', detail: 'The documents of one type whose URN matches a SQL LIKE pattern' },
  ];
  if (editor) {
    items.push({ id: 'file', label: 'URNs in This File', detail: 'Each URN in the active editor, asked of the database and of search' });
    if (!editor.selection.isEmpty) items.push({ id: 'selection', label: 'URNs in the Selection' });
  }
  items.push({ id: 'paste', label: 'Paste URNs…', detail: 'A list of URNs, one per line or separated by spaces or commas' });
  const picked = await vscode.window.showQuickPick(items.map(safeWindow.safeItem), { title, placeHolder: 'What to check' });
  if (!picked) return undefined;
  if (picked.id === 'type') {
    const known = [...new Set(services.indexSizes.current?.indices.map((i) => i.entityName).filter((e) => e !== 'unknown') ?? [])];
    const types = [...new Set(['dataset', 'chart', 'dashboard', 'dataJob', 'dataFlow', ...known])];
    const type = await vscode.window.showQuickPick(types, { title, placeHolder: 'Entity type (type another name and press Enter)' });
    return type ? scopeOf({ entityType: type }) : undefined;
  }
  if (picked.id === 'pattern') {
    const urnLike = await vscode.window.showInputBox({
      title,
      prompt: 'A SQL LIKE pattern with a concrete entity type, e.g. urn:li:dataset:(urn:li:dataPlatform:hive,%',
      validateInput: (v) => {
        const problem = checkUrnLikeInput(v.trim());
        if (problem?.severity === 'error') return problem.message;
        return entityTypeOfPattern(v.trim()) ? undefined : 'Start with urn:li:<type>: so one entity type is read.';
      },
    });
    return urnLike ? scopeOf({ urnLike: urnLike.trim() }) : undefined;
  }
  let text: string | undefined;
  if (picked.id === 'file') text = editor?.document.getText();
  else if (picked.id === 'selection') text = editor?.selections.map((s) => editor.document.getText(s)).join('\n');
  else text = await vscode.window.showInputBox({ title, prompt: 'URNs to check (one per line, or separated by spaces or commas)' });
  if (text === undefined) return undefined;
  const urns = urnsInText(text);
  if (urns.length === 0) {
    void safeWindow.showWarningMessage('No DataHub URN found there (a URN starts with urn:li:). Nothing was checked.');
    return undefined;
  }
  return scopeOf({ urns: urns.slice(0, MAX_HEALTH_URNS) });
}

/** Runs the check with progress (interactive) or without; the store holds the report for the view. */
export async function runCheck(
  services: Services,
  store: HealthStore,
  active: ActiveClient,
  scope: HealthScope,
  interactive: boolean,
  sampleLimit?: number,
): Promise<DriftReport> {
  store.forConnection(active.connection.name);
  const label = describeScope(scope);
  const work = (signal?: AbortSignal, report?: (m: string) => void) =>
    store.busyWith(`checking ${label}…`, () =>
      checkScope(active.client, scope, {
        signal,
        sampleLimit,
        onProgress: (done, total) => report?.(`${done.toLocaleString('en-US')}${total ? ` of ${total.toLocaleString('en-US')}` : ''} checked`),
      }),
    );
  try {
    const report = interactive
      ? await safeWindow.runCancellable({ location: vscode.ProgressLocation.Notification, title: `Checking search health of ${label}` }, undefined, work)
      : await work(store.signal());
    store.setReport(report);
    walkthroughDone(WALKTHROUGH_KEYS.healthChecked);
    logReport(services, active.connection.name, report);
    return report;
  } catch (error) {
    store.setCheckError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** "Search health of dataset on prod (the server's consistency checks): in both: 12, …." */
function reportSentence(connection: string, report: DriftReport): string {
  const counts = DRIFT_GROUPS.map((g) => `${GROUP_LABELS[g].toLowerCase()}: ${report.tally.counts[g].toLocaleString('en-US')}`).join(', ');
  const how =
    report.method === 'consistency'
      ? "the server's consistency checks"
      : report.method === 'sample'
        ? 'search read, the database asked'
        : 'each URN asked both ways';
  const stopped = report.stopped ? ` Not complete: ${report.stopped.text}; the counts cover what was read.` : '';
  return `Search health of ${describeScope(report.scope)} on ${connection} (${how}${report.sample ? `; ${describeSample(report.sample)}` : ''}): ${counts}.${stopped}`;
}

function logReport(services: Services, connection: string, report: DriftReport): void {
  services.log.info(reportSentence(connection, report));
}

export async function checkSearchHealth(
  services: Services,
  store: HealthStore,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
  fixStep: (active: ActiveClient, report: DriftReport, mode: 'dryRun' | 'apply', run: CommandRun) => Promise<HealthFix | undefined>,
): Promise<SearchHealthResult | undefined> {
  const args = run.mode === 'ui' ? undefined : parseArgs(COMMAND, checkSearchHealthArgs, arg ?? {});
  const scope = args ? scopeOf(args) : undefined;
  // Read-only connections may look, not fix: refused before the check sends anything.
  const active = await activeClient(services, run, { action: 'graphql', writes: args?.fix === 'apply' ? 'Fix Search Drift' : false });
  const chosen = scope ?? (await promptScope(services));
  if (!chosen) return undefined;
  const report = await runCheck(services, store, active, chosen, !args, args?.sampleSize);
  const result = resultOf(active.connection.name, report);
  if (args?.fix) {
    result.fix = await fixStep(active, report, args.fix, run);
    if (result.fix) result.message = `${result.message} ${result.fix.message}`;
  }
  if (!args) void vscode.commands.executeCommand('datahub.searchHealth.focus');
  return result;
}
