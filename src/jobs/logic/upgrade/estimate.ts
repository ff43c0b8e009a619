// Before an upgrade: how long the reindex of the largest indices would take at a throughput
// (MB a second: given, seen in a reindex watched here, or the setting), against the limits
// the system-update job runs under:
// - per index, DataHub's elasticsearch.buildIndices.maxReindexHours
//   (ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS; 0 = none): ESIndexBuilder.computeTimeoutAt()
//   in metadata-io/.../indexbuilder/ESIndexBuilder.java stops polling one reindex after it, and
//   the reindex then fails on its document counts;
// - for the whole job, the Job's spec.activeDeadlineSeconds (Kubernetes ends it DeadlineExceeded;
//   the Helm chart's datahub-system-update-job.yml sets none, a deployment may).
// The sizes are what getIndexSizes reports (the timeseries aspect indices), largest first.
import { formatDuration, formatSize } from '../../../shared/format';
import type { IndexSize } from '../../../gms/types';

export interface EstimateInput {
  sizes: readonly IndexSize[];
  throughputMbPerSecond: number;
  /** Where the throughput comes from, in words ("given", "seen reindexing …", "the setting …"). */
  throughputSource: string;
  /** Per-index limit in hours (maxReindexHours); 0 or undefined: none. */
  maxReindexHours?: number;
  maxReindexHoursSource?: string;
  /** The Job's activeDeadlineSeconds; undefined: none known. */
  jobDeadlineSeconds?: number;
  jobDeadlineSource?: string;
  /** How many of the largest to list (default 5). */
  top?: number;
}

export interface IndexEstimate {
  index: string;
  sizeMb: number;
  seconds: number;
  overIndexLimit: boolean;
}

export interface UpgradeEstimate {
  throughputMbPerSecond: number;
  throughputSource: string;
  maxReindexHours?: number;
  jobDeadlineSeconds?: number;
  /** The largest indices, largest first. */
  indices: IndexEstimate[];
  /** Every index with a known size. */
  indexCount: number;
  totalMb: number;
  totalSeconds: number;
  /** One sentence per limit exceeded, with the figures. */
  warnings: string[];
  /** The estimate in a sentence or two (the warnings first when there are any). */
  message: string;
}

/** MB a second seen in a reindex: docs/s times the index's MB per document (its size over its documents). */
export function observedMbPerSecond(docsPerSecond: number, totalDocs: number, sizeMb: number): number | undefined {
  if (!(docsPerSecond > 0) || !(totalDocs > 0) || !(sizeMb > 0)) return undefined;
  return (docsPerSecond * sizeMb) / totalDocs;
}

const mbps = (v: number): string => `${v >= 10 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2)} MB/s`;

export function estimateReindex(input: EstimateInput): UpgradeEstimate {
  const rate = input.throughputMbPerSecond;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new Error(`The throughput must be above 0 MB/s, got ${String(rate)}.`);
  const known = input.sizes.filter((s): s is IndexSize & { sizeMb: number } => typeof s.sizeMb === 'number' && Number.isFinite(s.sizeMb) && s.sizeMb >= 0);
  const limitS = input.maxReindexHours && input.maxReindexHours > 0 ? input.maxReindexHours * 3600 : undefined;
  const all = known
    .map((s) => ({ index: s.indexName, sizeMb: s.sizeMb, seconds: s.sizeMb / rate }))
    .map((e) => ({ ...e, overIndexLimit: limitS !== undefined && e.seconds > limitS }))
    .sort((a, b) => b.sizeMb - a.sizeMb || a.index.localeCompare(b.index));
  const totalMb = all.reduce((t, e) => t + e.sizeMb, 0);
  const totalSeconds = totalMb / rate;
  const warnings: string[] = [];
  const at = `at ${mbps(rate)} (${input.throughputSource})`;
  const over = all.filter((e) => e.overIndexLimit);
  if (limitS !== undefined && over.length > 0) {
    const first = over[0];
    warnings.push(
      `${over.length === 1 ? 'The largest index' : `${over.length} indices`} would take longer than maxReindexHours = ${input.maxReindexHours} h${input.maxReindexHoursSource ? ` (${input.maxReindexHoursSource})` : ''}: ${first.index}, ${formatSize(first.sizeMb)}, about ${formatDuration(first.seconds * 1000)} ${at}. DataHub stops waiting for that reindex at the limit and the upgrade fails on its document counts: raise ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS or shrink the index first.`,
    );
  }
  if (input.jobDeadlineSeconds !== undefined && totalSeconds > input.jobDeadlineSeconds) {
    warnings.push(
      `All ${all.length} indices together (${formatSize(totalMb)}) would take about ${formatDuration(totalSeconds * 1000)} ${at}, longer than the Job's activeDeadlineSeconds = ${input.jobDeadlineSeconds.toLocaleString('en-US')} (${formatDuration(input.jobDeadlineSeconds * 1000)}${input.jobDeadlineSource ? `, ${input.jobDeadlineSource}` : ''}): Kubernetes would end the system-update job (DeadlineExceeded) before its reindexing is done.`,
    );
  }
  const top = all.slice(0, Math.max(1, input.top ?? 5));
  const largest = top[0];
  const limits = [
    limitS !== undefined ? `maxReindexHours ${input.maxReindexHours} h` : 'no per-index limit set',
    input.jobDeadlineSeconds !== undefined ? `Job deadline ${formatDuration(input.jobDeadlineSeconds * 1000)}` : 'no Job deadline known',
  ].join(', ');
  const summary = largest
    ? `Largest index ${largest.index} (${formatSize(largest.sizeMb)}): about ${formatDuration(largest.seconds * 1000)}; all ${all.length}: about ${formatDuration(totalSeconds * 1000)} ${at}; ${limits}.`
    : 'getIndexSizes reported no index with a size: nothing to estimate.';
  const message = warnings.length > 0 ? `${warnings.join(' ')} ${summary}` : `Within the limits. ${summary}`;
  return {
    throughputMbPerSecond: rate,
    throughputSource: input.throughputSource,
    ...(limitS !== undefined ? { maxReindexHours: input.maxReindexHours } : {}),
    ...(input.jobDeadlineSeconds !== undefined ? { jobDeadlineSeconds: input.jobDeadlineSeconds } : {}),
    indices: top,
    indexCount: all.length,
    totalMb,
    totalSeconds,
    warnings,
    message,
  };
}
