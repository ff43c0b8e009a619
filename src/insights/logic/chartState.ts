// Builds what the size chart shows from the last fetch and the history.
// Pure (no vscode import), so the grouping, order and labels are unit-tested.
import type { IndexSize } from '../../gms/types';
import { formatDateTime, formatExactMb, formatIndexCount, formatShare, formatSize, isKnownSize } from '../../shared/format';
import { groupIndices, sortGroups } from '../../indices/logic/indices';
import { DAY_MS, describeGrowth, fastestGrowing, formatDelta, growthFor, seriesFor, type ConnectionHistory } from './history';
import { isTruncatable, UNNAMED_REASON } from '../../shared/namedIndices';
import type { ChartGroup, ChartIndex, ChartState, ChartStatus } from './chartProtocol';

export interface ChartInput {
  connection: string;
  fetchedAt: number;
  indices: readonly IndexSize[];
  totalMb: number;
}

/** How many indices get the "grew most" badge. */
export const FASTEST_COUNT = 3;
const TREND_WINDOW_MS = 30 * DAY_MS;

/**
 * The chart for one fetch: indices grouped by entity, largest group and largest
 * index first; growth, trend and badges from `history` (undefined when off).
 */
export function buildChartState(
  input: ChartInput,
  history: ConnectionHistory | undefined,
  status: ChartStatus & { historyEnabled: boolean; thresholdGb?: number },
  now: number = Date.now(),
): ChartState {
  const { thresholdGb, ...chartStatus } = status;
  const threshold = thresholdGb !== undefined && Number.isFinite(thresholdGb) && thresholdGb > 0 ? thresholdGb : undefined;
  const fastest = fastestGrowing(history, now, FASTEST_COUNT);
  // The tree's order (largest group, largest index first), so both read the same.
  const groups = sortGroups(groupIndices(input.indices), 'size');
  let maxMb = 0;
  for (const index of input.indices) if (isKnownSize(index.sizeMb)) maxMb = Math.max(maxMb, index.sizeMb);
  const chartGroups: ChartGroup[] = groups.map((group) => ({
    entityName: group.entityName,
    totalMb: group.totalMb,
    totalLabel: formatSize(group.totalMb),
    countLabel: formatIndexCount(group.indices.length),
    indices: group.indices.map((index) => chartIndex(index, input, history, fastest, now)),
  }));
  const legacy = input.indices.some((i) => i.sizeSource === 'legacy');
  return {
    kind: 'sizes',
    ...chartStatus,
    connection: input.connection,
    fetchedAtIso: new Date(input.fetchedAt).toISOString(),
    fetchedAtLabel: formatDateTime(input.fetchedAt),
    totalLabel: formatSize(input.totalMb),
    countLabel: formatIndexCount(input.indices.length),
    maxMb,
    groups: chartGroups,
    thresholdMb: threshold !== undefined ? threshold * 1000 : undefined,
    thresholdLabel: threshold !== undefined ? `${formatSize(threshold * 1000)} warning threshold` : undefined,
    legacyNote: legacy ? 'This DataHub reports sizes the older way (sizeMb, in kilobytes); they are converted and may be wrong above about 2 GB.' : undefined,
  };
}

function chartIndex(index: IndexSize, input: ChartInput, history: ConnectionHistory | undefined, fastest: string[], now: number): ChartIndex {
  const growth = growthFor(history, index.indexName, now);
  const trend = seriesFor(history, index.indexName, now)
    .filter((p) => p.t >= now - TREND_WINDOW_MS)
    .map((p): [number, number] => [p.t, p.mb]);
  const rank = fastest.indexOf(index.indexName);
  return {
    indexName: index.indexName,
    // Unnamed indices go by their full name (see the tree).
    aspectName: index.named === false ? index.indexName : index.aspectName,
    sizeMb: isKnownSize(index.sizeMb) ? index.sizeMb : null,
    sizeLabel: formatSize(index.sizeMb),
    exactLabel: formatExactMb(index.sizeMb),
    shareLabel: formatShare(index.sizeMb, input.totalMb),
    legacy: index.sizeSource === 'legacy',
    truncatable: isTruncatable(index),
    notTruncatable: isTruncatable(index) ? undefined : UNNAMED_REASON,
    growth: describeGrowth(growth),
    trend,
    fastestRank: rank >= 0 ? rank + 1 : undefined,
    fastestLabel: rank >= 0 && growth?.d7 ? `${formatDelta(growth.d7.deltaMb)} in 7 days` : undefined,
  };
}

/** The chart before the first fetch, or for a connection without sizes yet. */
export function emptyChartState(connection: string | undefined, status: ChartStatus): ChartState {
  const message = connection
    ? `No index sizes for "${connection}" yet. Refresh to fetch them.`
    : 'No DataHub connection yet. Add one in the DataHub view, then refresh.';
  return { kind: 'empty', ...status, connection, message };
}
