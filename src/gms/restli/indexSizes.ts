// getIndexSizes over Rest.li: accepts every value form DataHub versions send and
// normalises each entry (indexSize.ts).
import { invalidResponse } from '../errorMapping';
import { normaliseIndexSize } from '../indexSize';
import { indexSizesValueSchema } from '../schemas';
import type { IndexSizes } from '../types';

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
  return { indices: entries.map(normaliseIndexSize) };
}
