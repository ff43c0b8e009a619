// How much one Search Health check takes at most, and the consistency check it relies on:
// constants apart from the schemas and the scans, so the view loads without them. Pure.

/** URNs one check takes at most. */
export const MAX_HEALTH_URNS = 100_000;
/** Documents a sample reads at most. */
export const MAX_SAMPLE = 1_000_000;

/** DataHub's consistency check for search documents whose entity is gone (OrphanIndexDocumentCheck.java). */
export const ORPHAN_CHECK = 'orphan-index-document';
