// The one write discipline every planned write follows (truncation, retention, restores and their resume,
// the cluster job, replays, offset resets, the drift fix, the entity cleanup, DataHub's GC settings), the
// way Terraform treats a saved plan: a plan records where and when it read what it relies on; applying it
// refuses a plan made against another connection or server, or older than its kind's freshness window;
// each batch is read again right before it is sent and what changed is left out, counted and named (as
// DataHub's GC reads an entity's status right before deleting it: gc/soft_deleted_entity_cleanup.py);
// every listing ends at a limit of ours as well as the server's total. Pure: no vscode, no network.

/** The kinds of planned write, each with its own freshness window. */
export type WriteKind =
  'truncate' | 'retention' | 'restore' | 'clusterJob' | 'replay' | 'offsetReset' | 'driftFix' | 'entityCleanup' | 'garbageCollector' | 'ingestion';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a plan of each kind may wait before it is applied. What the plan read drifts at the rate its
 * server changes: offsets and failed writes move by the minute, sizes and soft-deleted sets by the day.
 */
export const FRESHNESS_MS: Readonly<Record<WriteKind, number>> = {
  truncate: HOUR,
  retention: DAY,
  restore: 7 * DAY,
  clusterJob: HOUR,
  replay: HOUR,
  offsetReset: 15 * MINUTE,
  driftFix: HOUR,
  entityCleanup: DAY,
  garbageCollector: DAY,
  ingestion: HOUR,
};

/** A clock that runs ahead of the plan's by more than this makes the plan unreadable, not fresh. */
const CLOCK_SKEW_MS = 5 * MINUTE;

/** Where and when a plan read what it relies on: kept with the plan, checked before it is applied. */
export interface PlanOrigin {
  kind: WriteKind;
  /** The connection's name when the plan was made. */
  connection: string;
  /** The GMS base URL the plan read from (normalised, e.g. https://host/api/gms). */
  gmsOrigin: string;
  /** Epoch ms of the reads the plan relies on. */
  readAt: number;
}

/** The connection a plan is about to be applied on. */
export interface ApplyTarget {
  name: string;
  gmsUrl: string;
}

export function planOrigin(kind: WriteKind, connection: ApplyTarget, readAt: number): PlanOrigin {
  return { kind, connection: connection.name, gmsOrigin: sameServerKey(connection.gmsUrl), readAt };
}

/** Two spellings of one GMS base (a trailing slash, the host's case) are one server. */
function sameServerKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.replace(/\/+$/, '');
  }
}

export interface PlanRefusal {
  reason: 'otherConnection' | 'otherServer' | 'stale' | 'unreadable';
  /** What happened and what to do next, for the result's message. */
  message: string;
}

function isOrigin(value: unknown): value is PlanOrigin {
  const v = value as Partial<PlanOrigin> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.kind === 'string' &&
    Object.hasOwn(FRESHNESS_MS, v.kind) &&
    typeof v.connection === 'string' &&
    typeof v.gmsOrigin === 'string' &&
    typeof v.readAt === 'number' &&
    Number.isFinite(v.readAt)
  );
}

/**
 * Whether a plan may be applied on `target` now: undefined when it may; otherwise why not and how to plan
 * again. `origin` is read from a file or an argument, so it is checked as unknown.
 */
export function checkPlan(origin: unknown, kind: WriteKind, target: ApplyTarget, now: number, what = 'the plan'): PlanRefusal | undefined {
  const again = `Plan again on "${target.name}"; nothing was sent.`;
  if (!isOrigin(origin) || origin.kind !== kind)
    return { reason: 'unreadable', message: `${capital(what)} does not say where or when it was made (or is of another kind). ${again}` };
  if (origin.connection !== target.name)
    return {
      reason: 'otherConnection',
      message: `${capital(what)} was made on "${origin.connection}", not on "${target.name}", the connection it would be applied on. ${again}`,
    };
  if (origin.gmsOrigin !== sameServerKey(target.gmsUrl))
    return {
      reason: 'otherServer',
      message: `${capital(what)} was made against ${origin.gmsOrigin}, but "${target.name}" now points at ${sameServerKey(target.gmsUrl)}. ${again}`,
    };
  const age = now - origin.readAt;
  if (age < -CLOCK_SKEW_MS) return { reason: 'unreadable', message: `${capital(what)} is dated ${ageText(-age)} in the future (a clock moved?). ${again}` };
  const window = FRESHNESS_MS[kind];
  if (age > window)
    return {
      reason: 'stale',
      message: `${capital(what)} was made ${ageText(age)} ago; what it read may have changed since, and a plan of this kind is applied within ${ageText(window)}. ${again}`,
    };
  return undefined;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A plan's age or window as a person says it: "40 minutes", "3 hours", "2 days". */
export function ageText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.round(ms / HOUR);
  if (hours < 48) return `${hours} hours`;
  const days = Math.round(ms / DAY);
  return `${days} days`;
}

/** What a batch's second read left out, and why (e.g. "no longer soft-deleted"). */
export interface LeftOut {
  target: string;
  why: string;
}

/** The targets a batch's second read still finds as planned, and those it left out. */
export interface Recheck<T> {
  keep: T[];
  leftOut: LeftOut[];
}

/** Left-out targets counted per reason, a few named per reason; kept bounded however many are left out. */
export class LeftOutTally {
  private readonly byWhy = new Map<string, { count: number; sample: string[] }>();
  private total = 0;

  constructor(private readonly namedPerReason = 5) {}

  add(items: readonly LeftOut[]): void {
    for (const { target, why } of items) {
      const entry = this.byWhy.get(why) ?? { count: 0, sample: [] };
      entry.count++;
      if (entry.sample.length < this.namedPerReason) entry.sample.push(target);
      this.byWhy.set(why, entry);
      this.total++;
    }
  }

  get count(): number {
    return this.total;
  }

  /** For a result: every reason with its count and the first targets. */
  toJSON(): Array<{ why: string; count: number; sample: string[] }> {
    return [...this.byWhy].map(([why, v]) => ({ why, count: v.count, sample: [...v.sample] }));
  }

  /** One sentence for the message, empty when nothing was left out. */
  sentence(noun = 'planned item', nouns = `${noun}s`): string {
    if (this.total === 0) return '';
    const parts = [...this.byWhy].map(
      ([why, v]) => `${v.count.toLocaleString('en-US')} ${why} (${v.sample.join(', ')}${v.count > v.sample.length ? ', …' : ''})`,
    );
    const plural = this.total === 1 ? noun : nouns;
    return `${this.total.toLocaleString('en-US')} ${plural} left out, read again right before sending: ${parts.join('; ')}.`;
  }
}

/** One page of a server listing. */
export interface ListingPage<T> {
  items: readonly T[];
  /** The cursor of the next page (a scroll id, an offset); absent at the end. */
  next?: string | number;
  /** The server's total, when it says one. */
  total?: number;
}

export interface ListingBounds {
  /** Our own limit on items, whatever the server says. */
  limit: number;
  /** Our own limit on pages (default: enough pages for `limit` items one at a time, at most 100,000). */
  maxPages?: number;
  signal?: AbortSignal;
}

/** Why a listing stopped: `end` (the server had no more), `total`, or one of our bounds. */
export type ListingEnd = 'end' | 'total' | 'limit' | 'pages' | 'stuck';

/**
 * Walks a server listing page by page and stops on its own: at the server's end or total, at our item
 * limit, at our page limit, or when a cursor repeats or a page is empty with a next cursor (a server
 * that would loop for ever). Aborting the signal rejects with its reason. Returns why it ended.
 */
export async function walkListing<T>(
  readPage: (cursor: string | number | undefined, signal?: AbortSignal) => Promise<ListingPage<T>>,
  onItems: (items: readonly T[]) => void | Promise<void>,
  bounds: ListingBounds,
): Promise<{ ended: ListingEnd; seen: number; pages: number }> {
  const maxPages = bounds.maxPages ?? Math.min(100_000, Math.max(1, bounds.limit));
  const cursors = new Set<string>();
  let cursor: string | number | undefined;
  let seen = 0;
  for (let pages = 0; ;) {
    bounds.signal?.throwIfAborted();
    if (pages >= maxPages) return { ended: 'pages', seen, pages };
    const page = await readPage(cursor, bounds.signal);
    pages++;
    bounds.signal?.throwIfAborted();
    const room = bounds.limit - seen;
    const items = page.items.length > room ? page.items.slice(0, room) : page.items;
    if (items.length > 0) await onItems(items);
    seen += items.length;
    if (seen >= bounds.limit) return { ended: 'limit', seen, pages };
    if (page.total !== undefined && seen >= page.total) return { ended: 'total', seen, pages };
    if (page.next === undefined || page.next === null || page.next === '') return { ended: 'end', seen, pages };
    const key = `${typeof page.next}:${page.next}`;
    if (page.items.length === 0 || cursors.has(key)) return { ended: 'stuck', seen, pages };
    cursors.add(key);
    cursor = page.next;
  }
}
