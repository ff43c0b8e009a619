// The sandbox's search index, as DataHub's search sees it: every entity in the
// database is searchable, except a few that are missing (the state a restore
// repairs) and soft-deleted ones (status.removed: search hides them on purpose).
// A restore makes a missing entity searchable after the indexing consumer's lag,
// or never (a failing consumer). Orphans (drift.ts) are documents without rows: search finds them.
import { SAMPLE_URNS } from './data';
import { Orphans } from './drift';
import type { AspectStore } from './store';
import { UiEdits } from './uiEdits';

/** Sample entities whose search state the tests and the demo rely on. */
export const SEARCH_SAMPLES = {
  /** In the database, missing from the search index until restored. */
  missingFromSearch: SAMPLE_URNS.ordersUnderscoreDataset,
  /** In the database with status.removed = true: never in search, restore or not. */
  softDeleted: SAMPLE_URNS.ordersLookalikeDataset,
} as const;

/** GraphQL EntityType per URN entity type (EntityType in DataHub's entity.graphql). */
export const GRAPHQL_TYPES: Record<string, string> = {
  dataset: 'DATASET',
  chart: 'CHART',
  dashboard: 'DASHBOARD',
  dataFlow: 'DATA_FLOW',
  dataJob: 'DATA_JOB',
  corpuser: 'CORP_USER',
  corpGroup: 'CORP_GROUP',
  tag: 'TAG',
  glossaryTerm: 'GLOSSARY_TERM',
  container: 'CONTAINER',
};

/** Entity types whose GraphQL type has `status { removed }`. */
export const HAS_STATUS = new Set(['DATASET', 'CHART', 'DASHBOARD', 'DATA_FLOW', 'DATA_JOB', 'CONTAINER']);

export interface IndexedEntity {
  urn: string;
  type: string;
  name: string;
  platform?: string;
}

/** Top-level parts of a URN key, split on commas outside nested parentheses. */
function keyParts(urn: string): string[] {
  const key = urn.replace(/^urn:li:[A-Za-z0-9_]+:/, '');
  if (!key.startsWith('(')) return [key];
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of key.slice(1, -1)) {
    if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    if (c === '(') depth++;
    if (c === ')') depth--;
    current += c;
  }
  parts.push(current);
  return parts;
}

export function describeEntity(urn: string): IndexedEntity {
  const entityType = /^urn:li:([A-Za-z0-9_]+):/.exec(urn)?.[1] ?? 'unknown';
  const type = GRAPHQL_TYPES[entityType] ?? entityType.toUpperCase();
  const parts = keyParts(urn);
  const platformOf = (p: string | undefined) => (p?.startsWith('urn:li:dataPlatform:') ? p.slice('urn:li:dataPlatform:'.length) : p);
  switch (entityType) {
    case 'dataset':
      return { urn, type, name: parts[1] ?? urn, platform: platformOf(parts[0]) };
    case 'chart':
    case 'dashboard':
    case 'dataFlow':
      return { urn, type, name: parts[1] ?? urn, platform: parts.length > 1 ? parts[0] : undefined };
    case 'dataJob':
      return { urn, type, name: parts[parts.length - 1] ?? urn };
    default:
      return { urn, type, name: parts[0] ?? urn };
  }
}

export class SearchIndex {
  private missing = new Set<string>();
  private removed = new Set<string>();
  /** urn -> when the indexing consumer has written it (restored while missing). */
  private indexedAt = new Map<string, number>();
  /** Restored while the MCL consumer was stalled: indexed once it moves again (reschedule). */
  private waiting = new Set<string>();
  /** How long the indexing consumer takes after a restore; null: it never does (failing consumer). */
  lagMs: number | null = 1500;
  /**
   * The MCL consumer's scripted backlog (lag.ts): ms until it has caught up, null while stalled,
   * undefined when none is scripted (then lagMs applies).
   */
  catchUpMs: (now: number) => number | null | undefined = () => undefined;
  readonly orphans: Orphans;
  /** Descriptions edited in the UI, and documents written again from the database by a restore (uiEdits.ts). */
  readonly edits = new UiEdits();
  private entities: IndexedEntity[] | undefined;

  constructor(private readonly store: AspectStore) {
    this.orphans = new Orphans(store);
    this.reset(1500);
  }

  reset(lagMs: number | null): void {
    this.missing = new Set([SEARCH_SAMPLES.missingFromSearch]);
    this.removed = new Set([SEARCH_SAMPLES.softDeleted]);
    this.indexedAt.clear();
    this.waiting.clear();
    this.orphans.clear();
    this.edits.clear();
    this.lagMs = lagMs;
  }

  inDatabase(urn: string): boolean {
    return this.store.hasUrn(urn);
  }

  isRemoved(urn: string): boolean {
    return this.removed.has(urn);
  }

  inSearch(urn: string, now = Date.now()): boolean {
    if (this.orphans.has(urn)) return true;
    return this.inDatabase(urn) && this.indexed(urn, now);
  }

  /** For a URN known to be in the database. */
  private indexed(urn: string, now: number): boolean {
    if (this.removed.has(urn)) return false;
    if (!this.missing.has(urn)) return true;
    const at = this.indexedAt.get(urn);
    return at !== undefined && now >= at;
  }

  /**
   * Whether the entity index holds a document for this URN: soft-deleted ones do (with removed = true;
   * search filters them out), missing ones not until the indexing consumer has written them.
   */
  hasDocument(urn: string, now = Date.now()): boolean {
    if (this.orphans.has(urn)) return true;
    if (!this.inDatabase(urn)) return false;
    if (!this.missing.has(urn)) return true;
    const at = this.indexedAt.get(urn);
    return at !== undefined && now >= at;
  }

  /** Takes an entity out of the search index (what a failed indexing leaves behind). */
  drop(urn: string): void {
    this.missing.add(urn);
    this.indexedAt.delete(urn);
    this.waiting.delete(urn);
  }

  /**
   * A restore of these URNs went out: the consumer indexes the missing ones after the lag, or, when the
   * MCL consumer has a scripted backlog, once that backlog has drained (never while it is stalled).
   */
  restored(urns: Iterable<string>, now = Date.now()): void {
    const catchUp = this.catchUpMs(now);
    const delay = catchUp === undefined ? this.lagMs : catchUp;
    for (const urn of urns) {
      // The consumer writes every restored document again from the database, a missing one or not.
      if (delay !== null) this.edits.rewrite(urn, now + delay);
      if (!this.missing.has(urn) || this.indexedAt.has(urn)) continue;
      if (delay === null) {
        if (catchUp === null) this.waiting.add(urn);
      } else this.indexedAt.set(urn, now + delay);
    }
  }

  /** The MCL consumer's script changed: what waited on a stalled consumer follows the new one. */
  reschedule(now = Date.now()): void {
    const waiting = [...this.waiting];
    this.waiting.clear();
    this.restored(waiting, now);
  }

  missingUrns(): string[] {
    return [...this.missing];
  }

  /** Missing from search now: in the database, without a document (restored ones drop out once indexed). */
  missingNow(now = Date.now()): string[] {
    return [...this.missing].filter((u) => this.inDatabase(u) && !this.hasDocument(u, now)).sort();
  }

  /** The drift sets become exactly these (replace) or grow by them; orphans' documents written `modifiedAt`. */
  setDrift(missing: string[], orphans: string[], replace: boolean, modifiedAt: number): void {
    if (replace) {
      this.missing.clear();
      this.indexedAt.clear();
      this.waiting.clear();
      this.orphans.clear();
    }
    for (const urn of missing) this.drop(urn);
    for (const urn of orphans) this.orphans.add(urn, modifiedAt);
  }

  /** Entities of the type with rows that search does not return now (missing and not yet indexed, or soft-deleted). */
  unsearchableOf(entityType: string, now = Date.now()): number {
    const prefix = `urn:li:${entityType}:`;
    const hidden = new Set([...this.missing, ...this.removed].filter((u) => u.startsWith(prefix) && this.inDatabase(u) && !this.inSearch(u, now)));
    return hidden.size;
  }

  /** DELETE_INDEX_DOCUMENTS (DeleteIndexDocumentsFix.java): the URN's documents go, whether or not it has rows. */
  deleteDocuments(urn: string): void {
    if (this.orphans.delete(urn)) return;
    if (this.inDatabase(urn)) this.drop(urn);
  }

  /** Full-text search as DataHub does it, roughly: every word must occur in the name or the URN. */
  search(text: string, count: number, now = Date.now()): { total: number; hits: IndexedEntity[] } {
    this.entities ??= [...new Set(this.store.rows.map((r) => r.urn))].map(describeEntity);
    const words = text
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w !== '' && w !== '*');
    const orphans = this.orphans.size === 0 ? [] : this.orphans.sorted().map(describeEntity);
    const matches = [...this.entities, ...orphans].filter((e) => {
      if (!this.orphans.has(e.urn) && !this.indexed(e.urn, now)) return false;
      const hay = `${e.name} ${e.urn}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
    // Exact name matches first, like a relevance score would.
    const exact = (e: IndexedEntity) => (words.length > 0 && e.name.toLowerCase() === words.join(' ') ? 0 : 1);
    matches.sort((a, b) => exact(a) - exact(b) || a.name.length - b.name.length || (a.urn < b.urn ? -1 : 1));
    return { total: matches.length, hits: matches.slice(0, Math.max(0, count)) };
  }
}
