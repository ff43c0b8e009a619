// getIndexSizes: accepts every value form DataHub versions send and normalises
// sizes to decimal MB, saying where each number came from.
import { invalidResponse } from '../errorMapping';
import { indexSizesValueSchema, type IndexSizeEntry } from '../schemas';
import type { IndexSize, IndexSizes } from '../types';

// [prefix_]<entity>_<aspect>aspect_v<N>, optionally with a reindex timestamp suffix.
// The prefix may hold underscores; entity and aspect names never do.
const INDEX_NAME = /^(?:.*_)?([A-Za-z0-9]+)_([A-Za-z0-9]+)aspect_v\d+(?:_\d+)?$/;

export function deriveEntityAspect(indexName: string): { entityName: string; aspectName: string } | undefined {
  const m = INDEX_NAME.exec(indexName);
  if (!m) return undefined;
  return { entityName: m[1].toLowerCase(), aspectName: m[2].toLowerCase() };
}

function toNumber(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const text = value.trim();
  // Number("") is 0: an empty string is no number at all.
  return text === '' ? Number.NaN : Number(text);
}

/** Sets sizeMb and sizeSource on `out` (no intermediate object: this runs once per index). */
function setSize(out: IndexSize, entry: IndexSizeEntry): IndexSize {
  const current = toNumber(entry.sizeInMb);
  if (current !== undefined && Number.isFinite(current) && current >= 0) {
    out.sizeMb = current;
    out.sizeSource = 'current';
    return out;
  }
  const legacy = toNumber(entry.sizeMb);
  // Old servers computed bytes / 1000 (kB) in an int: negative means it overflowed.
  if (current === undefined && legacy !== undefined && Number.isFinite(legacy) && legacy >= 0) {
    out.sizeMb = Number((legacy / 1000).toPrecision(15));
    out.sizeSource = 'legacy';
  }
  return out;
}

function normalise(entry: IndexSizeEntry): IndexSize {
  const sentEntity = entry.entityName?.trim();
  const sentAspect = entry.aspectName?.trim();
  // Most servers send both names: the index name is only parsed when one is missing.
  const derived = sentEntity && sentAspect ? undefined : deriveEntityAspect(entry.indexName);
  const out: IndexSize = {
    indexName: entry.indexName,
    entityName: (sentEntity || derived?.entityName || 'unknown').toLowerCase(),
    aspectName: (sentAspect || derived?.aspectName || entry.indexName).toLowerCase(),
    sizeMb: null,
    sizeSource: 'unknown',
    named: Boolean(sentEntity && sentAspect),
  };
  return setSize(out, entry);
}

/**
 * Normalises a getIndexSizes `value`: an object with indexSizes, or a string
 * holding JSON (an array or such an object). Throws GmsError 'invalidResponse'.
 */
export function parseIndexSizes(value: unknown): IndexSizes {
  let decoded = value;
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value);
    } catch {
      throw invalidResponse('getIndexSizes', 'the index sizes string is not JSON', value);
    }
  }
  const parsed = indexSizesValueSchema.safeParse(decoded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw invalidResponse('getIndexSizes', `unexpected index sizes shape${where}`, value);
  }
  const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.indexSizes;
  return { indices: entries.map(normalise) };
}
