// A fix plan in words, for the view and the confirmation. Pure.
import type { FixPlan } from './fix';

const n = (v: number) => v.toLocaleString('en-US');
const entities = (v: number) => `${n(v)} entit${v === 1 ? 'y' : 'ies'}`;

/** The lines of the confirmation: exactly what the fix will do, from the dry run. */
export function describePlan(plan: FixPlan): string[] {
  const lines: string[] = [];
  if (plan.restore.length > 0)
    lines.push(`Restore the search documents of ${entities(plan.restore.length)} in the database only (restoreIndices; adds, never removes).`);
  if (plan.restoreBeyondList > 0)
    lines.push(
      `${entities(plan.restoreBeyondList)} more in the database only are not in this fix (past the ${n(plan.restore.length)} listed); check again after it.`,
    );
  if (plan.remove.length > 0) {
    const d = plan.dryRun;
    lines.push(
      `Remove ${n(plan.remove.length)} search document${plan.remove.length === 1 ? '' : 's'} whose entity is gone (consistency fix, orphan-index-document; dry run: ${n(d?.entitiesFixed ?? plan.remove.length)} would be removed, ${n(d?.entitiesFailed ?? 0)} would fail).`,
    );
  }
  if (plan.removeRefused.length > 0)
    lines.push(`${entities(plan.removeRefused.length)} in search only are left alone: the dry run would not fix them (${plan.removeRefused[0].reason}).`);
  if (plan.removeUnsupported > 0)
    lines.push(`${entities(plan.removeUnsupported)} in search only cannot be removed on this server: see the log for the rebuild command.`);
  return lines;
}
