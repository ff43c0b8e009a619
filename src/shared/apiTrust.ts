// Whether a call through the typed API (what activate() returns, so any other
// installed extension) may skip the confirmations a person would see. Pure: the
// extension mode, the setting and the acknowledgement are read by src/platform/apiGate.ts.

/** How VS Code runs the extension (vscode.ExtensionMode, by name). */
export type HostMode = 'production' | 'development' | 'test';

/** The user setting (application scope, user settings only) that lets trusted automation skip the confirmations. */
export const ALLOW_UNCONFIRMED_SETTING = 'api.allowUnconfirmedCalls';

/**
 * What the person's acknowledgement of the setting covers, by class: every step that asks
 * through the confirmation gate names its class (src/platform/confirmGate.ts), and a call of a
 * class the person has not allowed asks them again, naming it. `forFeature` marks a class
 * declared for a feature still to come: no step uses it yet.
 */
export const API_CLASSES = {
  restoreAndTruncate: { label: 'restore indices, truncate old rows, apply retention plans and run the restore job on the cluster' },
  entityDeletes: { label: 'delete entities (the soft and hard deletes of entity cleanup)' },
  consumerOffsets: { label: "reset a consumer group's offsets (and send its dry run)" },
  replaysAndFixes: { label: "replay failed writes and apply Search Health's drift fixes" },
  endToEndCheck: { label: "write the end-to-end check's soft-deleted canary" },
  localChanges: { label: 'add, change or remove connections and their tokens, clear the size history, replace exported files' },
  ingestion: { label: 'cancel or roll back ingestion runs' },
  garbageCollector: { label: "change DataHub's garbage collection source" },
} as const satisfies Record<string, { label: string; forFeature?: string }>;

/** A class of steps the acknowledgement covers (API_CLASSES). */
export type ApiClass = keyof typeof API_CLASSES;

/**
 * The version of the class list. A stored acknowledgement of another version covers nothing (the
 * person is asked again, with the list as it is now): raise it whenever a class is added, split or
 * its meaning widened. Version 1: the classes above.
 */
export const API_CLASSES_VERSION = 1;

export const API_CLASS_NAMES = Object.keys(API_CLASSES) as ApiClass[];

export function isApiClass(value: unknown): value is ApiClass {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(API_CLASSES, value);
}

/** What the extension keeps (globalState) once the person allowed classes in its own modal. */
export interface StoredAcknowledgement {
  version: number;
  classes: ApiClass[];
}

/**
 * The classes a stored acknowledgement covers. Before classes, `true` was stored after a modal
 * that named truncating, restoring and applying retention plans: it covers restoreAndTruncate only.
 * Anything else (another version, a malformed value) covers nothing.
 */
export function acknowledgedClasses(stored: unknown): ReadonlySet<ApiClass> {
  if (stored === true) return new Set<ApiClass>(['restoreAndTruncate']);
  if (typeof stored !== 'object' || stored === null) return new Set();
  const { version, classes } = stored as { version?: unknown; classes?: unknown };
  if (version !== API_CLASSES_VERSION || !Array.isArray(classes)) return new Set();
  return new Set(classes.filter(isApiClass));
}

/** The acknowledgement to store once the person allowed `added` on top of what they had allowed. */
export function withClass(allowed: ReadonlySet<ApiClass>, added: ApiClass): StoredAcknowledgement {
  const classes = API_CLASS_NAMES.filter((c) => c === added || allowed.has(c));
  return { version: API_CLASSES_VERSION, classes };
}

/** The lines of the acknowledgement modal: each class it would cover, the one being asked about marked. */
export function classLines(allowed: ReadonlySet<ApiClass>, added: ApiClass): string[] {
  return withClass(allowed, added).classes.map((c) => `• ${API_CLASSES[c].label}${c === added ? ' (NEW: asked for now)' : ''}`);
}

export interface ApiTrust {
  host: HostMode;
  /** Test seam: a Test or Development host behaves as a Production one. */
  productionLike: boolean;
  /** datahub.api.allowUnconfirmedCalls from the user's settings (never a workspace's). */
  allowUnconfirmed: boolean;
  /**
   * The classes the person confirmed, in this extension's own modal, that the setting covers.
   * Any extension can write user settings, so the setting alone is not enough.
   */
  acknowledged: ReadonlySet<ApiClass>;
  /** Classes the person declined in this window since the setting last changed: they ask like a person's call. */
  declined?: ReadonlySet<ApiClass>;
}

/**
 * What a typed-API call to a destructive step of class `cls` does:
 * - `skip`: goes ahead without its modal (a Test / Development host, or the setting on and the class acknowledged);
 * - `ask`: asks like a person's call (the setting off, the default; or the class declined);
 * - `acknowledge`: the setting is on but this class is not acknowledged: ask the person whether it is theirs, for it too.
 */
export type ApiConfirmation = 'skip' | 'ask' | 'acknowledge';

export function apiConfirmation(trust: ApiTrust, cls: ApiClass): ApiConfirmation {
  if (trust.host !== 'production' && !trust.productionLike) return 'skip';
  if (!trust.allowUnconfirmed) return 'ask';
  if (trust.acknowledged.has(cls)) return 'skip';
  return trust.declined?.has(cls) ? 'ask' : 'acknowledge';
}

/** Whether a typed-API call may run in mode 'api' at all (decided before its class is known): false only when every class asks. */
export function apiMaySkipAny(trust: Omit<ApiTrust, 'acknowledged' | 'declined'>): boolean {
  return (trust.host !== 'production' && !trust.productionLike) || trust.allowUnconfirmed;
}
