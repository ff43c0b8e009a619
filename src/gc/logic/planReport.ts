// What a GC plan says: its one-line message and its read-only Markdown document (the changes, the dry run's
// figures, limits and failure titles, the truncation figures), and the lines of the apply's confirmation. Every
// server string is inert (mdown's code spans and cells: Markdown, HTML and bare addresses stay text). Pure.
import { code, codeCell, joinMarkdown, mdown, plain, type Markdown } from '../../shared/markdown';
import { uiLine } from '../../shared/uiText';
import type { GcChange } from './settings';
import type { GcDryRun, GcPlan, GcTruncation } from './plan';

const n = (v: number) => v.toLocaleString('en-US');
const shown = (v: unknown) => uiLine(v === undefined ? '(default)' : JSON.stringify(v), 200);

/** One change as a line: `dataprocess_cleanup.enabled: false → true`. */
export function changeLine(c: GcChange): string {
  return `${c.path}: ${shown(c.from)} → ${shown(c.to)}`;
}

/** The entities and run records the dry run says the GC would remove (figures.ts names). */
export function wouldRemove(d: GcDryRun): { entities: number; runRecords: number } {
  const found = d.figures.softDeletedFound ?? 0;
  const kept = d.figures.keptForAge ?? 0;
  return { entities: Math.max(0, found - kept), runRecords: d.figures.runRecordsRemoved ?? 0 };
}

function dryRunText(d: GcDryRun | undefined, pickupSeconds: number): string {
  if (!d) return 'No dry run was made (cancelled before it started).';
  if (d.status === 'notPickedUp')
    return `The executor (datahub-actions) did not pick the dry run up within ${pickupSeconds} s: it is down or busy; no figures. The temporary source was removed.`;
  if (d.status === 'stillRunning') return 'The dry run did not end within the wait; it was sent a KILL and the temporary source removed; no figures.';
  if (d.status === 'cancelled') return 'The dry run was cancelled (sent a KILL); the temporary source was removed; no figures.';
  if (d.status !== 'SUCCESS') return `The dry run ended ${d.status}${d.failures.length > 0 ? ` (${d.failures.slice(0, 3).join('; ')})` : ''}.`;
  const w = wouldRemove(d);
  return `DataHub's dry run: ${n(w.entities)} soft-deleted entities would be hard-deleted (${n(d.figures.keptForAge ?? 0)} kept for age), ${n(w.runRecords)} run records removed; nothing was deleted.`;
}

function truncationText(t: GcTruncation[] | undefined, days: number | undefined): string {
  if (!t) return 'Index truncation stays off.';
  const rows = t.reduce((sum, x) => sum + (x.rowsToDelete ?? 0), 0);
  const failed = t.filter((x) => x.error !== undefined).length;
  return `Truncation at ${days ?? 30} days: ${n(rows)} timeseries rows would go${failed > 0 ? ` (${failed} of ${t.length} dry runs failed)` : ''}.`;
}

/** The plan's message: the changes, the dry run, the truncation, and the temporary source. */
export function planMessage(connection: string, plan: GcPlan, pickupSeconds: number): string {
  const changes =
    plan.changes.length === 0
      ? 'The settings change nothing in the GC source.'
      : `${plan.changes.length} change(s): ${plan.changes.map(changeLine).join('; ')}.`;
  const left =
    plan.temporaryRemoved === true
      ? ''
      : ` The temporary source ${plan.temporaryRemoved} could not be removed: delete it in DataHub's UI (it has no schedule).`;
  return `GC plan on "${connection}": ${changes} ${dryRunText(plan.dryRun, pickupSeconds)} ${truncationText(plan.truncation, plan.cutoffDays)}${left}`;
}

/** The confirmation's lines: each change, what the dry run said, and the SYSTEM marker's fate. */
export function confirmLines(plan: GcPlan, pickupSeconds: number): string[] {
  return [
    ...plan.changes.map((c) => `• ${changeLine(c)}`),
    dryRunText(plan.dryRun, pickupSeconds),
    truncationText(plan.truncation, plan.cutoffDays),
    "DataHub's updateIngestionSource cannot carry the SYSTEM marker: after this change DataHub's UI lists the GC among the ingestion sources. Everything else (name, schedule, executor, version, debug mode, extra args, every other recipe key) is kept as it is.",
  ];
}

function figureRows(figures: Record<string, number>): Markdown[] {
  const keys = Object.keys(figures).sort();
  if (keys.length === 0) return [mdown`The report has no figures.`, mdown``];
  return [mdown`| Figure | Value |`, mdown`|---|---:|`, ...keys.slice(0, 80).map((k) => mdown`| ${codeCell(k, 100)} | ${plain(n(figures[k]))} |`), mdown``];
}

/** The plan as a read-only Markdown document. */
export function planMarkdown(connection: string, plan: GcPlan, pickupSeconds: number, madeAt: string): Markdown {
  const out: Markdown[] = [mdown`# GC plan on ${code(connection, 200)}`, mdown``, mdown`Made ${plain(madeAt)}. Nothing was changed on the GC source.`, mdown``];
  out.push(mdown`## Changes`, mdown``);
  if (plan.changes.length === 0) out.push(mdown`None: the settings are what the GC runs with now.`, mdown``);
  else {
    out.push(mdown`| Recipe key | Now | Proposed |`, mdown`|---|---|---|`);
    for (const c of plan.changes) out.push(mdown`| ${codeCell(c.path, 120)} | ${codeCell(shown(c.from), 200)} | ${codeCell(shown(c.to), 200)} |`);
    out.push(mdown``);
  }
  out.push(mdown`## Dry run`, mdown``, mdown`${plain(dryRunText(plan.dryRun, pickupSeconds), 600)}`, mdown``);
  const d = plan.dryRun;
  if (d) {
    out.push(mdown`- Run: ${code(d.runUrn, 300)}, status ${code(d.status, 100)}`, mdown``);
    if (d.status === 'SUCCESS' || Object.keys(d.figures).length > 0) out.push(...figureRows(d.figures));
    if (d.limitsReached.length > 0)
      out.push(
        mdown`Limits reached: ${joinMarkdown(
          d.limitsReached.map((l) => code(l, 120)),
          ', ',
        )}.`,
        mdown``,
      );
    if (d.failures.length > 0) out.push(mdown`Failures:`, mdown``, ...d.failures.map((f) => mdown`- ${code(f, 200)}`), mdown``);
  }
  out.push(mdown`## Index truncation`, mdown``);
  if (!plan.truncation) out.push(mdown`Off in the proposed recipe: nothing is truncated.`, mdown``);
  else {
    out.push(
      mdown`The server's own truncate dry runs at ${plain(String(plan.cutoffDays ?? 30))} days (the GC truncates these for real even in its dry run, so its dry run had truncation off).`,
      mdown``,
      mdown`| Entity | Aspect | Rows to delete | Of | Error |`,
      mdown`|---|---|---:|---:|---|`,
    );
    for (const t of plan.truncation)
      out.push(
        mdown`| ${codeCell(t.entityType, 100)} | ${codeCell(t.aspect, 100)} | ${plain(t.rowsToDelete === undefined ? '' : n(t.rowsToDelete))} | ${plain(t.total === undefined ? '' : n(t.total))} | ${t.error ? codeCell(t.error, 300) : mdown``} |`,
      );
    out.push(mdown``);
  }
  if (plan.temporaryRemoved !== true)
    out.push(mdown`The temporary source ${code(plan.temporaryRemoved, 300)} could not be removed: delete it in DataHub's UI.`, mdown``);
  return joinMarkdown(out);
}
