// What restore results mean, in words. Pure: no vscode import.

/**
 * What "ignored" means in a restore result. DataHub counts a row as ignored when
 * it read the row from its database but did not send it for indexing: the URN in
 * the row could not be parsed, its entity type is not in the entity registry, the
 * aspect is not one of that entity's aspects, or the stored JSON could not be
 * read (EntityServiceImpl.restoreIndices in datahub-project/datahub,
 * metadata-io/src/main/java/com/linkedin/metadata/entity/EntityServiceImpl.java,
 * which fills RestoreIndicesResult.ignored; the GMS log names each row).
 */
export const IGNORED_MEANING =
  'Ignored rows are rows DataHub read but did not index: their entity type or aspect is unknown to this DataHub version, or the stored value could not be read. The GMS log names each one.';

/** " 2 rows were ignored: …" for a result with ignored rows; empty otherwise. */
export function ignoredNote(ignored: number): string {
  if (!(ignored > 0)) return '';
  return ` ${IGNORED_MEANING}`;
}
