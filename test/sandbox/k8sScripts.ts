// The pod log of a scripted DataHub upgrade job, advancing with time: what
// datahub-upgrade prints while it runs RestoreIndices, one batch report per step.
//
// DataHub sources (datahub-upgrade/src/main/java/com/linkedin/datahub/upgrade/):
//   impl/DefaultUpgradeManager.java        "Starting upgrade with id %s...", and at the end
//                                          "Upgrade %s completed with result %s. Exiting..."
//   restoreindices/SendMAEStep.java        "batchSize is %d", "Found %s latest aspects in aspects table in %.2f minutes.",
//                                          "Getting next batch of urns + aspects, starting with %s - %s" (urnBasedPagination),
//                                          per batch "Successfully sent MAEs for %s/%s rows (%.2f%% of total). %s rows ignored (%.2f%% of total)"
//                                          and "%.2f mins taken. %.2f est. mins to completion. Total mins est. = %.2f.",
//                                          then "Failed to send MAEs for %d rows (%.2f%% of total)." when the rows sent by this run
//                                          (from startingOffset on) fall short of every row found; the step still SUCCEEDS.
// The scripts:
//   succeed       every row sent; result SUCCEEDED, the Job Complete.
//   failAfter100  the reports reach 100.00% (a few rows short of the total), "Failed to send MAEs", then the upgrade
//                 reports FAILED and the Job fails (operators' reports: DataHub issues 11276, 14833).
//   stall         the reports stop part-way and the pod keeps running with nothing more in its log (11305).
//   rowsMissing   the reports stop 3% short of the rows found, "Failed to send MAEs for N rows", and yet the step
//                 and the upgrade report SUCCEEDED and the Job is Complete (SendMAEStep.java does not fail on it).
//   oomThenSucceed the first pod is killed part-way (OOMKilled, exit 137); the Job's backoffLimit (Kubernetes'
//                 default 6) makes a new pod of a new name, which starts the job again from its arguments and succeeds.
// Each line carries the time it was printed (the container runtime's timestamp), which is what
// Kubernetes' sinceSeconds filters on.

export type K8sScript = 'succeed' | 'failAfter100' | 'stall' | 'rowsMissing' | 'oomThenSucceed';
export const K8S_SCRIPTS: readonly K8sScript[] = ['succeed', 'failAfter100', 'stall', 'rowsMissing', 'oomThenSucceed'];

export interface ScriptedRun {
  script: K8sScript;
  /** Rows the job finds (getRowCount). */
  totalRows: number;
  /** ms between two batch reports. */
  stepMs: number;
  /** The job's arguments (-u RestoreIndices -a k=v ...). */
  args: string[];
  startedAt: number;
  /** Batch reports at most (default 40): a step stands for as many whole batches as that needs. */
  maxReports?: number;
}

/** -a name=value pairs of the job's arguments. */
export function jobArgs(args: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] !== '-a') continue;
    const a = args[i + 1];
    const eq = a.indexOf('=');
    out.set(eq < 0 ? a : a.slice(0, eq), eq < 0 ? '' : a.slice(eq + 1));
  }
  return out;
}

const STALL_AT = 0.42;

export function syntheticUrn(n: number): string {
  return `urn:li:dataset:(urn:li:dataPlatform:hive,db.t${String(n).padStart(7, '0')},PROD)`;
}

/** What a run has printed, and how it stands, `now`. */
export function scriptState(run: ScriptedRun, now: number): { lines: string[]; at: number[]; done: boolean; failed: boolean } {
  const a = jobArgs(run.args);
  const batchSize = Number(a.get('batchSize') ?? 1000) || 1000;
  const urnPaging = a.get('urnBasedPagination') === 'true';
  const lastUrnNumber = /db\.t(\d{7}),PROD\)$/.exec(a.get('lastUrn') ?? '')?.[1];
  const offset = urnPaging ? (lastUrnNumber === undefined ? 0 : Number(lastUrnNumber) + 1) : Number(a.get('startingOffset') ?? 0) || 0;
  const total = run.totalRows;
  // At most maxReports reports: a step stands for as many whole batches as that needs.
  const perStep = Math.max(batchSize, Math.ceil((total - offset) / (run.maxReports ?? 40) / batchSize) * batchSize);
  const upgrade = 'RestoreIndices';
  const lines = [`Starting upgrade with id ${upgrade}...`, 'Executing Step 1/3: ClearSearchServiceStep...', 'Executing Step 3/3: SendMAEStep...'];
  lines.push(`batchSize is ${batchSize}`, `limit is ${batchSize}`, `numThreads is ${a.get('numThreads') ?? 1}`);
  if (a.has('urnLike')) lines.push(`urnLike is ${a.get('urnLike')}`);
  lines.push('Sending MAE from local DB', `Found ${total} latest aspects in aspects table in 0.01 minutes.`);
  const at: number[] = lines.map(() => run.startedAt);
  const stamp = (t: number) => {
    while (at.length < lines.length) at.push(t);
  };
  const elapsed = Math.max(0, now - run.startedAt);
  const steps = Math.floor(elapsed / run.stepMs);
  // failAfter100: a few rows not sent, few enough that the report still says 100.00%.
  const short = Math.max(1, Math.floor(total / 25_000));
  const target =
    run.script === 'failAfter100' ? total - offset - short : run.script === 'rowsMissing' ? total - offset - Math.ceil(total * 0.03) : total - offset;
  const stallRows = Math.floor((total - offset) * STALL_AT);
  let sent = 0;
  let step = 0;
  for (; step < steps && sent < target; step++) {
    if (run.script === 'stall' && sent >= stallRows) return { lines, at, done: false, failed: false };
    if (urnPaging) {
      const last = offset + sent - 1;
      lines.push(
        `Getting next batch of urns + aspects, starting with ${last < offset ? (a.get('lastUrn') ?? 'null') : syntheticUrn(last)} - ${last < offset ? (a.get('lastAspect') ?? 'null') : 'schemaMetadata'}`,
      );
    }
    sent = Math.min(target, sent + perStep);
    const mins = ((step + 1) * run.stepMs) / 60_000;
    const pct = (sent * 100) / total;
    const est = pct > 0 ? (mins * (100 - pct)) / pct : -1;
    lines.push(`Successfully sent MAEs for ${sent}/${total} rows (${pct.toFixed(2)}% of total). 0 rows ignored (0.00% of total)`);
    lines.push(`${mins.toFixed(2)} mins taken. ${est.toFixed(2)} est. mins to completion. Total mins est. = ${(mins + est).toFixed(2)}.`);
    stamp(run.startedAt + (step + 1) * run.stepMs);
  }
  if (sent < target || step >= steps) return { lines, at, done: false, failed: false };
  if (sent !== total) lines.push(`Failed to send MAEs for ${total - sent} rows (${(((total - sent) * 100) / total).toFixed(2)}% of total).`);
  const failed = run.script === 'failAfter100';
  if (failed) lines.push('Failed Step 3/3: SendMAEStep. Failed after 0 retries.');
  lines.push(`Upgrade ${upgrade} completed with result ${failed ? 'FAILED' : 'SUCCEEDED'}. Exiting...`);
  stamp(run.startedAt + step * run.stepMs);
  return { lines, at, done: true, failed };
}

/**
 * The lines as logback prints them (datahub-upgrade's default pattern: time, thread, level, logger).
 * `at` gives each line's time; with `since`, only the lines printed then or later (Kubernetes' sinceSeconds).
 */
export function asLog(lines: readonly string[], startedAt: number, at?: readonly number[], since?: number): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    const t = at?.[i] ?? startedAt + i;
    if (since !== undefined && t < since) continue;
    // The millisecond keeps lines of one step apart (logback prints them a little apart too).
    out += `${new Date(t + (i % 1000)).toISOString().replace('T', ' ').replace('Z', '')} [main] INFO  c.l.d.u.impl.DefaultUpgradeReport:16 - ${lines[i]}\n`;
  }
  return out;
}
