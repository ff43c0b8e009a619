// The messages between the size chart webview (media/chart/main.ts) and its
// host (src/insights/chartPanel.ts). No vscode import: the webview bundle uses these types
// and guards too. Everything the webview shows is pre-formatted text here, and
// the webview puts it on screen with textContent only.

import { isIndexName, isObject, parseWith, type Guards } from '../../shared/messageGuards';

export { MAX_INDEX_NAME_LENGTH } from '../../shared/messageGuards';

export interface ChartIndex {
  indexName: string;
  aspectName: string;
  /** Decimal MB; null when the server sent no usable size (drawn without a bar). */
  sizeMb: number | null;
  /** "1.53 GB" */
  sizeLabel: string;
  /** "1,532.771 MB" */
  exactLabel: string;
  /** "41.2%" of the connection's total, when known. */
  shareLabel?: string;
  /** Reported by an older DataHub (sizeMb in kB, converted). */
  legacy: boolean;
  /** The server named its entity type and aspect; otherwise no truncation is offered (see notTruncatable). */
  truncatable: boolean;
  /** Why an index offers no truncation. */
  notTruncatable?: string;
  /** Growth lines ("7 days: +1.2 GB (+8%)"), empty without history. */
  growth: string[];
  /** [epoch ms, MB] over the last 30 days, oldest first, for the sparkline. */
  trend: Array<[number, number]>;
  /** 1-based rank among the fastest-growing indices over 7 days. */
  fastestRank?: number;
  /** "+1.2 GB in 7 days", with fastestRank. */
  fastestLabel?: string;
}

export interface ChartGroup {
  entityName: string;
  totalMb: number;
  totalLabel: string;
  countLabel: string;
  /** Largest first, unknown sizes last. */
  indices: ChartIndex[];
}

/** One entity type in the chart's entity section. */
export interface ChartEntityType {
  entityType: string;
  /** Active and soft-deleted documents. */
  documents: number;
  /** "364,362" */
  documentsLabel: string;
  /** "360,000 active · 4,362 soft-deleted", when the reading has the split. */
  splitLabel?: string;
  /** Growth lines ("Since the reading of …: +5,000 (+1,250 a day)", "7 days: +12,000 (+3.4%)"). */
  growth: string[];
  /** "+5,000 (+1,250 a day)": the change since the reading before, when there is one. */
  changeLabel?: string;
  /** [epoch ms, documents] over the last 30 days, oldest first. */
  trend: Array<[number, number]>;
}

/** The entity counts of the connection, beside its index sizes. */
export interface ChartEntities {
  /** "409,012 documents in 12 types (404,650 active, 4,362 soft-deleted)" */
  totalLabel: string;
  /** "counted 28 Nov 2026, 14:02 from the counts endpoint" */
  readingLabel: string;
  /** Growth lines of all types together. */
  growth: string[];
  /** The largest type's documents, for bar lengths. */
  maxDocuments: number;
  /** Most documents first. */
  types: ChartEntityType[];
}

export interface ChartStatus {
  /** A fetch is in flight. */
  loading: boolean;
  /** The last fetch failed: what happened and what to do. */
  error?: string;
  /** The connection's entity counts, when it was ever counted (DataHub: Count Entities). */
  entities?: ChartEntities;
}

export type ChartState =
  | (ChartStatus & {
      kind: 'sizes';
      connection: string;
      fetchedAtIso: string;
      fetchedAtLabel: string;
      totalLabel: string;
      countLabel: string;
      /** The largest index, for bar lengths comparable across groups. */
      maxMb: number;
      /** Largest total first. */
      groups: ChartGroup[];
      historyEnabled: boolean;
      /** The size warning threshold in MB (datahub.sizeWarningThresholdGb), drawn as a line; absent when off. */
      thresholdMb?: number;
      /** "10 GB warning threshold" for the legend. */
      thresholdLabel?: string;
      /** Set when some sizes come from an older server and are approximate. */
      legacyNote?: string;
    })
  | (ChartStatus & { kind: 'empty'; connection?: string; message: string });

export type HostMessage = { type: 'state'; state: ChartState };

export type ChartMessage = { type: 'ready' } | { type: 'refresh' } | { type: 'reveal'; indexName: string } | { type: 'truncate'; indexName: string };

/** One guard per message kind; only the known fields are copied, so extra ones never reach a handler. */
const guards: Guards<ChartMessage> = {
  ready: () => ({ type: 'ready' }),
  refresh: () => ({ type: 'refresh' }),
  reveal: (m) => (isIndexName(m.indexName) ? { type: 'reveal', indexName: m.indexName } : undefined),
  truncate: (m) => (isIndexName(m.indexName) ? { type: 'truncate', indexName: m.indexName } : undefined),
};

/** A message from the webview, checked; undefined for anything unknown or malformed. */
export function parseChartMessage(value: unknown): ChartMessage | undefined {
  return parseWith(guards, value);
}

/** A message from the host, checked by shape (the webview trusts its host but not a stray postMessage). */
export function isHostMessage(value: unknown): value is HostMessage {
  return isObject(value) && value.type === 'state' && isObject(value.state) && (value.state.kind === 'sizes' || value.state.kind === 'empty');
}
