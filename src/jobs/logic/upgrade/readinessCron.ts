// The restore CronJobs before an upgrade: a schedule of every minute (the Helm chart's
// datahub-restore-indices-job-template.yml; datahub-helm issues 329 and 457: about 400 pods) and a
// job given one time bound only (DataHub issue 18849: 0 rows restored, SUCCEEDED reported). Pure.
import type { K8sCronJob } from '../../../gms/k8sTypes';
import type { FactVerdict } from '../../../shared/statusFact';
import { uiLine } from '../../../shared/uiText';
import { unread, type Reading, type ReadinessLine } from './readinessLine';

/** Every minute: "* * * * *" or "*\/1 * * * *" (five fields, the first four "*"-like). */
export function everyMinute(schedule: string): boolean {
  const f = schedule.trim().split(/\s+/);
  return f.length === 5 && (f[0] === '*' || f[0] === '*/1') && f.slice(1).every((x) => x === '*');
}

/** The -a name=value arguments of a RestoreIndices command line. */
function jobArgs(args: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] !== '-a') continue;
    const [name, ...rest] = args[i + 1].split('=');
    out.set(name, rest.join('='));
  }
  return out;
}

export function cronLines(r: Reading<K8sCronJob[]>): ReadinessLine[] {
  const source = 'GET /openapi/operations/k8/cronjobs';
  if (!r.ok)
    return [
      unread(
        'restoreCronJobs',
        'Restore CronJobs',
        source,
        r,
        'check the restore CronJob by hand: kubectl get cronjobs (a schedule of * * * * * starts a pod a minute)',
      ),
    ];
  const restore = r.value.filter((c) => /restore-indices/.test(c.name) || (c.args ?? []).includes('RestoreIndices'));
  if (restore.length === 0)
    return [
      {
        id: 'restoreCronJobs',
        title: 'Restore CronJobs',
        source,
        verdict: 'ok',
        summary: 'no restore CronJob is listed',
        figures: { cronJobs: r.value.length },
      },
    ];
  return restore.slice(0, 20).map((c) => {
    const base = { id: `cronJob:${uiLine(c.name, 100)}`, title: `CronJob ${uiLine(c.name, 80)}`, source };
    const figures = { schedule: uiLine(c.schedule ?? '', 60), suspended: c.suspend === true };
    const a = jobArgs(c.args ?? []);
    if (a.has('gePitEpochMs') !== a.has('lePitEpochMs')) {
      return {
        ...base,
        figures,
        verdict: 'failing' as FactVerdict,
        summary: `its job has only ${a.has('gePitEpochMs') ? 'gePitEpochMs' : 'lePitEpochMs'}: DataHub then restores 0 rows and reports SUCCEEDED (issue 18849)`,
        nextStep: 'give its job both -a gePitEpochMs and -a lePitEpochMs, or neither',
      };
    }
    if (c.schedule && everyMinute(c.schedule) && c.suspend !== true) {
      return {
        ...base,
        figures,
        verdict: 'failing' as FactVerdict,
        summary: `scheduled "${uiLine(c.schedule, 40)}": a restore pod every minute (the Helm chart's issues 329 and 457: about 400 pods)`,
        nextStep: 'suspend it (kubectl patch cronjob … -p \'{"spec":{"suspend":true}}\') or schedule it daily, e.g. 0 0 * * *',
      };
    }
    return {
      ...base,
      figures,
      verdict: 'ok' as FactVerdict,
      summary: c.suspend ? 'suspended (run on demand)' : `scheduled "${uiLine(c.schedule ?? 'unknown', 40)}"`,
    };
  });
}
