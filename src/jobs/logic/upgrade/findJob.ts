// Which Job is the system update: the one named, else the newest Job GMS lists that runs
// -u SystemUpdate… or carries the Helm chart's name (reindexLog.ts: isSystemUpdateJob), an
// active one first.
import type { K8sJob } from '../../../gms/k8sTypes';
import { isSystemUpdateJob } from './reindexLog';

/** The system-update Job: the named one, else the newest one GMS lists (an active one first). */
export function pickSystemUpdateJob(jobs: readonly K8sJob[], name?: string): K8sJob {
  if (name) {
    const found = jobs.find((j) => j.name === name);
    if (!found)
      throw new Error(`Job ${name} is not in GMS's namespace (GET k8s/jobs lists ${jobs.length} ${jobs.length === 1 ? 'Job' : 'Jobs'}); check the name.`);
    return found;
  }
  const candidates = jobs
    .filter(isSystemUpdateJob)
    .sort((a, b) => Number(b.active > 0) - Number(a.active > 0) || (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  if (candidates.length === 0) {
    throw new Error(
      `No system-update Job in GMS's namespace: none of the ${jobs.length} Jobs it lists runs -u SystemUpdate… or is named *system-update*. Is an upgrade running? Give the Job's name ("job") if it is called otherwise.`,
    );
  }
  return candidates[0];
}
