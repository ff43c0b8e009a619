// The entity's page in the DataHub UI, for links in hovers, pickers and messages. Pure.

/** Path segment of an entity page in the DataHub UI, per URN entity type (the React app's entity registry). */
const PAGE_SEGMENTS: Record<string, string> = {
  dataset: 'dataset',
  chart: 'chart',
  dashboard: 'dashboard',
  dataFlow: 'pipelines',
  dataJob: 'tasks',
  corpuser: 'user',
  corpGroup: 'group',
  tag: 'tag',
  glossaryTerm: 'glossaryTerm',
  glossaryNode: 'glossaryNode',
  container: 'container',
  domain: 'domain',
  dataProduct: 'dataProduct',
  mlModel: 'mlModels',
  mlModelGroup: 'mlModelGroup',
  mlFeatureTable: 'featureTables',
  mlFeature: 'features',
  mlPrimaryKey: 'mlPrimaryKeys',
  notebook: 'notebook',
};

/**
 * The entity's page in the DataHub UI, e.g. https://host/dataset/urn%3Ali%3Adataset%3A%28...%29.
 * The URN is fully encoded (parentheses too) as the UI writes it; undefined when the type has no page.
 */
export function entityPageUrl(frontendUrl: string, urn: string): string | undefined {
  const type = /^urn:li:([A-Za-z][A-Za-z0-9_]*):/.exec(urn)?.[1];
  const segment = type ? PAGE_SEGMENTS[type] : undefined;
  if (!segment) return undefined;
  const encoded = encodeURIComponent(urn).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${frontendUrl.replace(/\/+$/, '')}/${segment}/${encoded}`;
}
