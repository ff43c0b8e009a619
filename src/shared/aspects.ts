// Aspect names offered by the restore pickers: the ones people restore most,
// with the entity type's own aspects first. Free text stays allowed. Pure.

/** Aspects most entity types share, in the order people look for them. */
export const COMMON_ASPECTS = [
  'status',
  'ownership',
  'globalTags',
  'glossaryTerms',
  'schemaMetadata',
  'datasetProperties',
  'upstreamLineage',
  'browsePathsV2',
  'domains',
  'subTypes',
  'container',
  'institutionalMemory',
  'editableSchemaMetadata',
  'dataPlatformInstance',
  'corpUserInfo',
  'corpUserEditableInfo',
  'groupMembership',
  'chartInfo',
  'dashboardInfo',
  'dataFlowInfo',
  'dataJobInfo',
  'dataJobInputOutput',
  'glossaryTermInfo',
  'tagProperties',
] as const;

/** Aspects specific to an entity type (its key aspect and main properties). */
const BY_ENTITY: Record<string, readonly string[]> = {
  dataset: ['datasetProperties', 'schemaMetadata', 'upstreamLineage', 'editableSchemaMetadata', 'datasetKey'],
  corpuser: ['corpUserInfo', 'corpUserEditableInfo', 'corpUserStatus', 'groupMembership', 'corpUserKey'],
  corpGroup: ['corpGroupInfo', 'corpGroupEditableInfo', 'corpGroupKey'],
  chart: ['chartInfo', 'editableChartProperties', 'chartKey'],
  dashboard: ['dashboardInfo', 'editableDashboardProperties', 'dashboardKey'],
  dataFlow: ['dataFlowInfo', 'editableDataFlowProperties', 'dataFlowKey'],
  dataJob: ['dataJobInfo', 'dataJobInputOutput', 'editableDataJobProperties', 'dataJobKey'],
  tag: ['tagProperties', 'tagKey'],
  glossaryTerm: ['glossaryTermInfo', 'glossaryTermKey'],
  glossaryNode: ['glossaryNodeInfo', 'glossaryNodeKey'],
  domain: ['domainProperties', 'domainKey'],
  container: ['containerProperties', 'containerKey'],
  mlModel: ['mlModelProperties', 'mlModelKey'],
  dataProduct: ['dataProductProperties', 'dataProductKey'],
};

/** Aspects any entity type may have. */
const GENERIC = new Set<string>([
  'status',
  'ownership',
  'globalTags',
  'glossaryTerms',
  'browsePathsV2',
  'domains',
  'subTypes',
  'container',
  'institutionalMemory',
  'dataPlatformInstance',
]);

/**
 * Suggested aspects: for a known entity type its own first, then the generic
 * ones (no other type's aspects); otherwise the common list. No repeats.
 */
export function suggestAspects(entityType?: string): { own: string[]; common: string[] } {
  const own = entityType ? [...(BY_ENTITY[entityType] ?? [])] : [];
  const pool = own.length > 0 ? COMMON_ASPECTS.filter((a) => GENERIC.has(a)) : [...COMMON_ASPECTS];
  return { own, common: pool.filter((a) => !own.includes(a)) };
}

/** The entity type a urnLike pattern is limited to, when it says so (urn:li:dataset:%). */
export function entityTypeOfPattern(pattern: string): string | undefined {
  const m = /^urn:li:([A-Za-z][A-Za-z0-9_]*):/.exec(pattern);
  return m ? m[1] : undefined;
}
