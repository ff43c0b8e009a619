// The cluster jobs and system updates watched when the window closed, per connection, so a
// reload can offer to watch them again. Read back strictly (state from another version, or
// edited, is dropped) and bounded.
import { K8S_JOB_NAME } from '../../../gms/k8sTypes';

export const KEPT_WATCHES_KEY = 'datahub.clusterJobs.watched.v1';
/** Watches kept at most: the newest. */
export const MAX_KEPT_WATCHES = 20;

export interface KeptWatch {
  kind: 'restore' | 'systemUpdate';
  connection: string;
  job: string;
  /** A RestoreIndices job's arguments as sent (a resume reads them strictly again). */
  args: string[];
}

function valid(v: unknown): v is KeptWatch {
  if (typeof v !== 'object' || v === null) return false;
  const w = v as Record<string, unknown>;
  return (
    (w.kind === 'restore' || w.kind === 'systemUpdate') &&
    typeof w.connection === 'string' &&
    w.connection.length <= 200 &&
    typeof w.job === 'string' &&
    K8S_JOB_NAME.test(w.job) &&
    Array.isArray(w.args) &&
    w.args.length <= 200 &&
    w.args.every((a) => typeof a === 'string' && a.length <= 4096)
  );
}

export function readKeptWatches(value: unknown): KeptWatch[] {
  return Array.isArray(value) ? value.filter(valid).slice(-MAX_KEPT_WATCHES) : [];
}

const same = (a: KeptWatch, b: Pick<KeptWatch, 'kind' | 'connection' | 'job'>) => a.kind === b.kind && a.connection === b.connection && a.job === b.job;

export function withWatch(list: readonly KeptWatch[], w: KeptWatch): KeptWatch[] {
  return [...list.filter((x) => !same(x, w)), w].slice(-MAX_KEPT_WATCHES);
}

export function withoutWatch(list: readonly KeptWatch[], w: Pick<KeptWatch, 'kind' | 'connection' | 'job'>): KeptWatch[] {
  return list.filter((x) => !same(x, w));
}

/** Whether the stored value lists any watch (read at activation without loading the jobs code). */
export function hasKeptWatches(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}
