// The elements of the Timeseries Indices tree: plain objects, so menu commands
// (copy, truncate, ...) receive `{ kind: 'index', index }` as their argument.
import type { IndexSize } from '../../gms/types';
import type { IndexGroup } from './indices';

export interface GroupNode {
  kind: 'group';
  entityName: string;
  group: IndexGroup;
  /** Connection name the numbers came from. */
  connection: string;
  /** Total of every index of the snapshot (for the share line). */
  snapshotTotalMb: number;
  overThreshold: boolean;
  /** The warning threshold in GB (0: off), for the tooltip that says why a group warns. */
  thresholdGb: number;
}

export interface IndexNode {
  kind: 'index';
  index: IndexSize;
  entityName: string;
  connection: string;
  snapshotTotalMb: number;
  overThreshold: boolean;
  thresholdGb: number;
  /** 1 for the second entry of the same index name in a group, 2 for the third…: keeps tree ids unique. */
  repeat?: number;
}

/** A placeholder line (loading, error, empty, untrusted): never a blank view. */
export interface MessageNode {
  kind: 'message';
  /** Stable id: 'loading' | 'error' | 'errorAction:<n>' | 'empty' | 'noMatch' | 'untrusted' | ... */
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  icon: string;
  /** ThemeColor id for the icon. */
  color?: string;
  command?: { command: string; title: string; arguments?: unknown[] };
}

export type IndexTreeNode = GroupNode | IndexNode | MessageNode;

/** How many times the name was seen before (undefined the first time). */
export function repeatOf(seen: Map<string, number>, name: string): number | undefined {
  const n = seen.get(name) ?? 0;
  seen.set(name, n + 1);
  return n === 0 ? undefined : n;
}
