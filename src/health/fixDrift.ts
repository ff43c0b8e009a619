// Fixing drift: always a dry run first (the server's own for search-only documents,
// the list of URNs for restores), its figures in a modal (the connection's name typed
// on production; refused on read-only before any request), then exactly what the dry
// run showed, with progress and cancel between requests, then the same check again. Under the write
// discipline (src/shared/writePlan.ts): the check the plan came from is checked again after the modal
// (connection, server, age), one fix of a connection at a time (applyLock.ts), and each batch is read
// again from search right before it is sent: an entity search now has, or a document search no longer
// has, is left out (the drift was fixed meanwhile), counted and named.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import { confirmDestructive, askedByProgram } from '../platform/confirmGate';
import type { ActiveClient, Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRunner';
import { assertWritable } from '../shared/connections';
import { SearchLagWatch, budgetFor, stalledReason } from '../shared/searchLagWatch';
import { chunk } from '../restore/logic/urnList';
import { checkScope, DRIFT_CONCURRENCY, type DriftReport } from './logic/check';
import { CLEAN_REBUILD_COMMAND, NO_REMOVAL_ON_SERVER, orphanIssues, planIsEmpty, removableFrom, sumFixResults, type FixPlan } from './logic/fix';
import { describePlan } from './logic/fixText';
import type { FixOutcome, HealthStore } from './healthStore';
import { describeScope } from './logic/scope';
import type { FixNotDone, HealthFix } from './checkHealth';
import { pause } from '../gms/sleep';
import { LeftOutTally, planOrigin, type LeftOut } from '../shared/writePlan';
import { withApplyLock } from '../shared/applyLock';
import { checkPlanNow, planLockDir, planLockId } from '../platform/planApply';

const ACTION = 'Fix Search Drift';

/** The dry run: what a fix would do, asked of the server where it can answer. Sends nothing that writes. */
export async function planFix(services: Services, active: ActiveClient, report: DriftReport, signal?: AbortSignal): Promise<FixPlan> {
  const t = report.tally;
  const plan: FixPlan = {
    restore: [...t.urns.databaseOnly],
    restoreBeyondList: Math.max(0, t.counts.databaseOnly - t.urns.databaseOnly.length),
    remove: [],
    removeRefused: [],
    removeUnsupported: 0,
  };
  const searchOnly = report.orphanIssues.length > 0 ? report.orphanIssues.map((i) => i.entityUrn) : [...t.urns.searchOnly];
  if (searchOnly.length === 0) return plan;
  if (!report.consistency) {
    plan.removeUnsupported = t.counts.searchOnly;
    services.log.warn(`${t.counts.searchOnly} search document(s) whose entity is gone: ${NO_REMOVAL_ON_SERVER}`);
    return plan;
  }
  const results = [];
  for (const part of chunk(searchOnly, 1000)) {
    results.push(await active.client.fixConsistencyIssues({ issues: orphanIssues(part), dryRun: true }, signal));
  }
  Object.assign(plan, removableFrom(searchOnly, results));
  plan.dryRun = sumFixResults(results);
  return plan;
}

/** Exactly the plan, nothing else; progress per request, cancel between requests. */
async function applyPlan(
  active: ActiveClient,
  plan: FixPlan,
  signal: AbortSignal,
  report: (message: string) => void,
  tally: LeftOutTally,
): Promise<FixOutcome> {
  const outcome: FixOutcome = { at: Date.now(), restored: 0, removed: 0, failed: [] };
  // A batch read again from search right before it is sent: keep only what is still inconsistent.
  const still = async (part: string[], inSearchNow: boolean, why: string): Promise<string[]> => {
    const found = await active.client.search.inSearchIndex(part, signal);
    const left: LeftOut[] = part.filter((u) => found.has(u) === inSearchNow).map((target) => ({ target, why }));
    tally.add(left);
    return part.filter((u) => found.has(u) !== inSearchNow);
  };
  const { transport } = await active.client.transport();
  const restoreParts = transport === 'openapi' ? chunk(plan.restore, 100) : plan.restore.map((u) => [u]);
  let next = 0;
  const restoreOne = async () => {
    while (next < restoreParts.length && !signal.aborted) {
      const part = await still(restoreParts[next++], true, 'already in search');
      if (part.length === 0) continue;
      if (transport === 'openapi') await active.client.restoreUrns({ urns: part }, signal);
      else await active.client.restoreIndices({ urn: part[0] }, signal);
      outcome.restored += part.length;
      report(`restored ${outcome.restored} of ${plan.restore.length}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DRIFT_CONCURRENCY, restoreParts.length) }, restoreOne));
  for (const planned of chunk(plan.remove, 1000)) {
    if (signal.aborted) break;
    const part = await still(planned, false, 'no longer in search');
    if (part.length === 0) continue;
    // async false: the server answers once the documents are gone, so the check after it sees the result.
    const result = await active.client.fixConsistencyIssues({ issues: orphanIssues(part), dryRun: false, async: false }, signal);
    outcome.removed += result.entitiesFixed;
    for (const d of result.fixDetails) if (!d.success) outcome.failed.push({ urn: d.urn, reason: d.errorMessage ?? 'failed on the server' });
    report(`removed ${outcome.removed} of ${plan.remove.length}`);
  }
  outcome.cancelled = signal.aborted;
  if (tally.count) outcome.leftOut = tally.toJSON();
  return outcome;
}

/**
 * After restores, search shows them once the indexing consumer has caught up: poll search for the
 * restored URNs only (by the lag where the server reports it: 30 s to 10 min, not past a stalled
 * consumer), then check the scope once again.
 */
async function waitForIndexing(
  active: ActiveClient,
  report: DriftReport,
  restored: string[],
  signal: AbortSignal,
  say: (m: string) => void,
  afterCancel: AbortSignal,
): Promise<DriftReport> {
  const watch = new SearchLagWatch(active.client);
  const started = Date.now();
  let budget = 30_000;
  let pending = [...restored];
  for (let delay = 1000; pending.length > 0 && !signal.aborted; delay = Math.min(delay * 2, 8000)) {
    const found = new Set<string>();
    for (const part of chunk(pending, 100)) for (const urn of await active.client.search.inSearchIndex(part, signal)) found.add(urn);
    pending = pending.filter((urn) => !found.has(urn));
    if (pending.length === 0) break;
    const view = await watch.read(signal);
    if (stalledReason(view) || Date.now() - started >= budget) break;
    budget = budgetFor(view, Date.now() - started);
    say(`waiting for search to index the restored entities (${pending.length} left)…`);
    await pause(delay, signal);
  }
  // After a cancel too (with the connection's own scan signal then): the view shows what the part that ran changed.
  return checkScope(active.client, report.scope, { signal: signal.aborted ? afterCancel : signal, sampleLimit: report.sample?.checked });
}

/** The fix step of a check: dryRun returns the plan; apply asks, applies, checks again. */
export async function fixStep(
  services: Services,
  store: HealthStore,
  active: ActiveClient,
  report: DriftReport,
  mode: 'dryRun' | 'apply',
  run: CommandRun,
): Promise<HealthFix | undefined> {
  // Read-only connections may look, not fix: refused before the dry run sends anything.
  if (mode === 'apply') assertWritable(active.connection, ACTION);
  if (mode === 'dryRun') return fixPlanned(services, store, active, report, mode, run);
  // One fix of this connection's drift at a time, in any window: a second sends nothing, not even its dry run.
  const name = active.connection.name;
  const locked = await withApplyLock(planLockDir(services), planLockId('driftFix', name, active.connection.gmsUrl), `a drift fix on "${name}"`, () =>
    fixPlanned(services, store, active, report, mode, run),
  );
  if (!locked.ran) return { plan: emptyPlan(), message: locked.message, notDone: { reason: 'busy' } };
  return locked.value;
}

const emptyPlan = (): FixPlan => ({ restore: [], restoreBeyondList: 0, remove: [], removeRefused: [], removeUnsupported: 0 });

async function fixPlanned(
  services: Services,
  store: HealthStore,
  active: ActiveClient,
  report: DriftReport,
  mode: 'dryRun' | 'apply',
  run: CommandRun,
): Promise<HealthFix | undefined> {
  // The plan relies on the check's reads, from when it started.
  const origin = planOrigin('driftFix', active.connection, report.startedAt);
  const interactive = run.mode === 'ui';
  const plan = await safeWindow.runCancellable(
    interactive ? { location: vscode.ProgressLocation.Notification, title: 'Dry run of the fix…' } : undefined,
    undefined,
    (signal) => planFix(services, active, report, signal),
  );
  store.setPlan(plan);
  if (plan.dryRun) run.noteDryRun({ ...plan.dryRun });
  // Search-only documents no operation of this server removes: said, with the rebuild, whatever else the fix does.
  const unremovable: FixNotDone | undefined =
    plan.removeUnsupported > 0 ? { reason: 'noRemovalOnServer', searchOnly: plan.removeUnsupported, rebuildCommand: CLEAN_REBUILD_COMMAND } : undefined;
  const lines = describePlan(plan);
  if (mode === 'dryRun') {
    const said = lines.length ? `Dry run of the fix: ${lines.join(' ')}` : 'Dry run of the fix: nothing to fix.';
    return { plan, message: unremovable ? `${said} ${NO_REMOVAL_ON_SERVER}` : said };
  }
  if (planIsEmpty(plan)) {
    const why = unremovable ? NO_REMOVAL_ON_SERVER : 'The dry run found nothing this server can fix.';
    if (interactive) void safeWindow.showInformationMessage(why);
    return { plan, message: why, notDone: unremovable ?? { reason: 'nothingToFix' } };
  }
  const go = await confirmDestructive(run, {
    apiClass: 'replaysAndFixes',
    message: `Fix search drift of ${describeScope(report.scope)} on "${active.connection.name}"?`,
    detail: `${lines.join('\n')}\nOnly what this dry run lists is changed.${askedByProgram(run)}`,
    go: 'Fix Drift',
    typed: { connection: active.connection, action: ACTION, expected: active.connection.name, consequence: lines.join(' ') },
  });
  if (go !== 'Fix Drift') return { plan, message: 'Not fixed: the confirmation was dismissed; nothing was sent.', notDone: { reason: 'declined' } };
  // The modal may have waited: the check is checked again (its age, the connection's address now).
  const late = checkPlanNow(services, origin, 'driftFix', active.connection.name, 'the check this fix was planned from');
  if (late)
    return {
      plan,
      message: late.message.replace(/Plan again on "([^"]*)"; nothing was sent\.$/, 'Check search health on "$1" again; nothing was fixed.'),
      notDone: { reason: late.reason },
    };
  const tally = new LeftOutTally();
  const outcome = await safeWindow.runCancellable(
    { location: vscode.ProgressLocation.Notification, title: `Fixing search drift on ${active.connection.name}` },
    undefined,
    async (signal, say) => {
      const applied = await store.busyWith('fixing…', () => applyPlan(active, plan, signal, say, tally));
      const after = await store.busyWith('checking again…', () =>
        waitForIndexing(active, report, applied.cancelled ? [] : plan.restore, signal, say, store.signal()),
      );
      return { applied, after };
    },
  );
  outcome.applied.driftAfter = outcome.after.tally.drift;
  // The lag after the fix's own restores, for the view.
  void store.readLag(active).catch(() => undefined);
  store.setFixed(outcome.after, outcome.applied);
  const a = outcome.applied;
  const done = `Search drift of ${describeScope(report.scope)}: ${a.restored} restored, ${a.removed} removed${a.failed.length ? `, ${a.failed.length} failed` : ''}${a.cancelled ? ' (cancelled)' : ''}; drift now ${a.driftAfter}.`;
  const left = tally.count ? ` ${tally.sentence('entity', 'entities')}` : '';
  const message = `${unremovable ? `${done} ${NO_REMOVAL_ON_SERVER}` : done}${left}`;
  services.log.info(message);
  for (const f of a.failed) services.log.warn(`Fix failed for ${f.urn}: ${f.reason}`);
  if (interactive || run.mode === 'link')
    void (a.driftAfter === 0 && a.failed.length === 0 ? safeWindow.showInformationMessage : safeWindow.showWarningMessage)(message);
  return { plan, message, applied: a, countsAfter: outcome.after.tally.counts, ...(unremovable ? { notDone: unremovable } : {}) };
}
