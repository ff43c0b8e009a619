// The JSON plan file: a retention plan saved to disk and opened again by the
// planner. It holds the cutoffs only (never a token, a URL or the dry-run counts,
// which are counted again when it is opened). Pure: no vscode import.
import { checkCutoff, MAX_PLAN_ENTRIES, type CheckedCutoff } from './plan';

export const PLAN_FILE_KIND = 'datahub-retention-plan';
export const PLAN_FILE_VERSION = 1;
/** Far above any real plan; a bigger file is not read. */
export const MAX_PLAN_FILE_BYTES = 1_000_000;

export interface PlanFileEntry {
  indexName: string;
  entityType: string;
  aspect: string;
  days?: number;
  endTimeMillis?: number;
}

export interface PlanFile {
  kind: typeof PLAN_FILE_KIND;
  version: typeof PLAN_FILE_VERSION;
  /** The connection it was planned on (a name, for the reader; the plan opens on the active connection). */
  connection?: string;
  savedAt: string;
  cutoffs: PlanFileEntry[];
}

/** The file's text for these entries, pretty-printed. */
export function planFileText(entries: readonly PlanFileEntry[], connection: string | undefined, now: Date = new Date()): string {
  const file: PlanFile = {
    kind: PLAN_FILE_KIND,
    version: PLAN_FILE_VERSION,
    ...(connection ? { connection } : {}),
    savedAt: now.toISOString(),
    cutoffs: entries.map((e) => ({
      indexName: e.indexName,
      entityType: e.entityType,
      aspect: e.aspect,
      ...(e.days !== undefined ? { days: e.days } : { endTimeMillis: e.endTimeMillis }),
    })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export type PlanFileParse = { ok: true; connection?: string; cutoffs: CheckedCutoff[] } | { ok: false; message: string };

/**
 * Reads a plan file's text. Each entry is checked with the same rules as the
 * command's argument (checkCutoff); entries name their index by indexName (the
 * entity type and aspect in the file are informative and must agree when given).
 */
export function parsePlanFile(text: string, now: Date = new Date()): PlanFileParse {
  if (text.length > MAX_PLAN_FILE_BYTES)
    return {
      ok: false,
      message: `The file is larger than ${MAX_PLAN_FILE_BYTES.toLocaleString('en-US')} characters; it is not a retention plan saved by this extension.`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `The file is not valid JSON (${error instanceof Error ? error.message : String(error)}). Save the plan again from the planner.`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'The file is not a retention plan: expected a JSON object with "kind", "version" and "cutoffs".' };
  const file = value as Record<string, unknown>;
  if (file.kind !== PLAN_FILE_KIND) return { ok: false, message: `The file is not a retention plan: "kind" must be "${PLAN_FILE_KIND}".` };
  if (file.version !== PLAN_FILE_VERSION)
    return { ok: false, message: `The plan file has version ${JSON.stringify(file.version)}; this extension reads version ${PLAN_FILE_VERSION}.` };
  if (!Array.isArray(file.cutoffs) || file.cutoffs.length === 0)
    return { ok: false, message: 'The plan file has no cutoffs: "cutoffs" must be a non-empty list.' };
  if (file.cutoffs.length > MAX_PLAN_ENTRIES) return { ok: false, message: `The plan file has ${file.cutoffs.length} cutoffs; at most ${MAX_PLAN_ENTRIES}.` };
  const cutoffs: CheckedCutoff[] = [];
  const problems: string[] = [];
  file.cutoffs.forEach((entry: unknown, i: number) => {
    const where = `cutoffs[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${where} must be an object.`);
      return;
    }
    const { indexName, entityType, aspect, days, endTimeMillis } = entry as Record<string, unknown>;
    if (typeof indexName !== 'string' || indexName.trim() === '') {
      problems.push(`${where}: "indexName" must be a non-empty string.`);
      return;
    }
    const checked = checkCutoff({ indexName, days, endTimeMillis }, where, now);
    if (typeof checked === 'string') problems.push(checked);
    else {
      if ((entityType !== undefined && typeof entityType !== 'string') || (aspect !== undefined && typeof aspect !== 'string')) {
        problems.push(`${where}: "entityType" and "aspect" must be strings when given.`);
        return;
      }
      cutoffs.push(checked);
    }
  });
  if (problems.length)
    return {
      ok: false,
      message: `The plan file has problems: ${problems.slice(0, 5).join(' ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    };
  const connection = typeof file.connection === 'string' ? file.connection : undefined;
  return { ok: true, ...(connection ? { connection } : {}), cutoffs };
}
