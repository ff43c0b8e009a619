// One timeseries index as the client shows it: entity and aspect names (sent, or
// derived from the index name), and the size in decimal MB with where the number
// came from. Both transports' index-size answers end here.
import type { IndexSizeEntry } from './schemas';
import type { IndexSize } from './types';

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

/** One index as the client shows it, from an entry as a server sent it (either transport). */
export function normaliseIndexSize(entry: IndexSizeEntry): IndexSize {
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
