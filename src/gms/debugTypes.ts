// Public shapes of what only DataHub's OpenAPI operations offer: the search engine's
// explanation of a query for one entity and the diff of two, the raw search documents,
// and the probe of which transports a server has (ElasticsearchController.java,
// ElasticsearchRawController.java). Part of types.ts, which re-exports them.
export interface ExplainRequest {
  /** The entity to explain the query for. */
  urn: string;
  /** The search text (server default "*"). */
  query?: string;
  /** The entity index to search; default the URN's entity type (the server's own default is dataset). */
  entityName?: string;
  /** How many hits the search asks for (server default 1). */
  size?: number;
}

export interface ExplainDiffRequest {
  /** Document A: its lines are marked "+" in the diff. */
  urnA: string;
  /** Document B: its lines are marked "-". */
  urnB: string;
  query?: string;
  entityName?: string;
  size?: number;
}

/** A Lucene explanation node: the score and how it was reached. */
export interface ExplanationNode {
  match: boolean;
  value: number;
  description: string;
  details: ExplanationNode[];
}

export interface SearchExplanation {
  /** The search index asked, e.g. datasetindex_v2. */
  index: string;
  /** The document id there (the URL-encoded URN). */
  id: string;
  /** The document is in that index. */
  exists: boolean;
  /** The query matches it. */
  match: boolean;
  /** null when the document is not in the index. */
  explanation: ExplanationNode | null;
}

export interface RawDocuments {
  /** The search document (_source) of each URN the entity index holds. */
  found: Array<{ urn: string; document: Record<string, unknown> }>;
  /** The URNs asked for that the index does not hold. */
  missing: string[];
}

/**
 * What one GET of the OpenAPI getIndexSizes told: 'openapi' (200, or 403: present, the token
 * lacks the privilege), 'restli' (404: no OpenAPI operations; GMS's Rest.li operations are
 * what such a server has), 'unauthorized' (401: the token, not the transport), 'unknown'
 * (anything else, or no answer).
 */
export interface TransportProbe {
  transport: 'openapi' | 'restli' | 'unauthorized' | 'unknown';
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** One line for people, e.g. for Test Connection. */
  reason: string;
}
