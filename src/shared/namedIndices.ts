// Which indices this server named (entity type and aspect): only those can be
// addressed by an operation that names an entity type and aspect, such as
// truncation. The tree, the chart and the planners all group and mark indices by
// this one rule. Pure: no vscode import.
import type { IndexSize } from '../gms/types';

/** Tree and chart group of the indices the server listed without entity and aspect names. */
export const OTHER_INDICES = 'other indices';

/** Why an index sits under "other indices" and offers no truncation. */
export const UNNAMED_REASON =
  'The server listed this index without an entity type and aspect: it belongs to another deployment sharing the search cluster, or its name does not parse. Truncation names an entity type and aspect, which this server maps to its own index, so it is not offered here.';

/** True when the server named the index's entity type and aspect: only then can it be truncated. */
export function isTruncatable(index: Pick<IndexSize, 'named'>): boolean {
  return index.named === true;
}
