// The entity search index as the OpenAPI debugging endpoints see it: raw documents
// (POST entity/raw) and the search engine's explain of one query against one document
// (GET explainSearchQuery), from the same SearchIndex the GraphQL search answers from.
//
// DataHub: ElasticsearchController.java / ElasticsearchRawController.java (openapi-servlet),
// ElasticSearchService.raw (a URN without a hit is left out of the map), ESSearchDAO.explain
// (the search query of `query` for that entity, explained for one document id: the URL-encoded URN).
// The answer is OpenSearch's ExplainResponse serialised by Jackson from its getters
// (index, id, exists, match, explanation, getResult, fragment), the explanation a Lucene
// Explanation (match, value, description, details). When the document is not in the index the
// client library reports exists=false and no explanation. The scores below are made up but
// shaped like BM25 and DataHub's function_score query.

import { REGISTRY } from './data';
import { describeEntity, type SearchIndex } from './searchIndex';
import { indexedFromDatabase } from './inspect';
import { javaUrlDecode, javaUrlEncode } from './spring';

export interface Explanation {
  match: boolean;
  value: number;
  description: string;
  details: Explanation[];
}

export interface ExplainResponse {
  index: string;
  id: string;
  exists: boolean;
  match: boolean;
  explanation: Explanation | null;
  getResult: null;
  fragment: false;
}

/** Entity names the registry knows (EntityRegistry lookups are case-insensitive). */
const ENTITY_NAMES = new Set([...Object.keys(REGISTRY), 'container', 'corpGroup', 'dataProcessInstance', 'assertion'].map((e) => e.toLowerCase()));

export function knownEntity(entityName: string): boolean {
  return ENTITY_NAMES.has(entityName.toLowerCase());
}

/** IndexConventionImpl.getEntityIndexName: `[prefix_]<entity>index_v2`, lower case. */
export function entityIndexName(entityName: string, prefix?: string): string {
  return `${prefix ? `${prefix}_` : ''}${entityName.toLowerCase()}index_v2`;
}

function entityTypeOf(urn: string): string | undefined {
  return /^urn:li:([A-Za-z0-9_]+):/.exec(urn)?.[1];
}

/** The document's _source, as entity/raw returns it; undefined when the index has no document for the URN. */
export function rawDocument(search: SearchIndex, urn: string, now = Date.now()): Record<string, unknown> | undefined {
  if (!search.hasDocument(urn, now)) return undefined;
  const e = describeEntity(urn);
  const type = entityTypeOf(urn);
  const origin = type === 'dataset' ? /,([^,()]+)\)$/.exec(urn)?.[1] : undefined;
  // What the database holds now, once a restore had the consumer write the document again (inspect.ts).
  const current = search.edits.rewritten(urn, now) ? indexedFromDatabase(search, urn) : undefined;
  const description = current?.description ?? '';
  const owners = current?.owners ?? [];
  // A description edited in the UI is indexed as editedDescription, beside the ingested one (uiEdits.ts).
  const edit = search.edits.of(urn);
  return {
    urn,
    // ChartInfo.pdl, DashboardInfo.pdl: a chart's or dashboard's title is indexed as `title`; other entities' as `name`.
    ...(type === 'chart' || type === 'dashboard' ? { title: e.name } : { name: e.name }),
    ...(e.platform !== undefined ? { platform: e.platform.startsWith('urn:') ? e.platform : `urn:li:dataPlatform:${e.platform}` } : {}),
    ...(origin !== undefined ? { origin } : {}),
    description,
    hasDescription: description !== '' || edit !== undefined,
    ...(edit !== undefined ? { editedDescription: edit.description } : {}),
    customProperties: [],
    tags: [],
    owners,
    hasOwners: owners.length > 0,
    removed: current?.removed ?? search.isRemoved(urn),
    runId: ['sandbox-seed'],
  };
}

const node = (match: boolean, value: number, description: string, details: Explanation[] = []): Explanation => ({
  match,
  value: Math.round(value * 1e6) / 1e6,
  description,
  details,
});

function words(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '' && w !== '*');
}

/** One term's BM25 clause on the field it hit (name.delimited beats urn.delimited). */
function termClause(search: SearchIndex, name: string, urn: string, word: string, docNo: number, now: number): Explanation | undefined {
  const field = name.toLowerCase().includes(word) ? 'name.delimited' : urn.toLowerCase().includes(word) ? 'urn.delimited' : undefined;
  if (field === undefined) return undefined;
  const boost = field === 'name.delimited' ? 10 : 1;
  const total = Math.max(1, search.search('', 0, now).total);
  const containing = Math.max(1, search.search(word, 0, now).total);
  const idf = Math.log(1 + (total - containing + 0.5) / (containing + 0.5));
  const dl = Math.max(1, (field === 'name.delimited' ? name : urn).split(/[^A-Za-z0-9]+/).filter(Boolean).length);
  const avgdl = field === 'name.delimited' ? 2.4 : 6.8;
  const tf = 1 / (1 + 1.2 * (1 - 0.75 + (0.75 * dl) / avgdl));
  const score = boost * idf * tf;
  return node(true, score, `weight(${field}:${word} in ${docNo}) [PerFieldSimilarity], result of:`, [
    node(true, score, 'score(freq=1.0), computed as boost * idf * tf from:', [
      node(true, boost, 'boost'),
      node(true, idf, 'idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:', [
        node(true, containing, 'n, number of documents containing term'),
        node(true, total, 'N, total number of documents with field'),
      ]),
      node(true, tf, 'tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:', [
        node(true, 1, 'freq, occurrences of term within document'),
        node(true, 1.2, 'k1, term saturation parameter'),
        node(true, 0.75, 'b, length normalization parameter'),
        node(true, dl, 'dl, length of field'),
        node(true, avgdl, 'avgdl, average length of field'),
      ]),
    ]),
  ]);
}

/** The explanation of `query` for the document of `urn` (which the index holds). */
export function explanationFor(search: SearchIndex, urn: string, query: string, now = Date.now()): Explanation {
  const { name } = describeEntity(urn);
  const docNo = Math.abs([...urn].reduce((h, c) => (Math.imul(31, h) + c.charCodeAt(0)) | 0, 7)) % 100_000;
  const terms = words(query);
  const clauses = terms.map((w) => ({ word: w, clause: termClause(search, name, urn, w, docNo, now) }));
  const removed = search.isRemoved(urn);
  const unmatched = clauses.filter((c) => c.clause === undefined);
  if (unmatched.length > 0 || removed) {
    return node(false, 0, 'Failure to meet condition(s) of required/prohibited clause(s)', [
      ...clauses.map(({ word, clause }) =>
        clause !== undefined
          ? clause
          : node(false, 0, `no match on required clause (name.delimited:${word} | urn.delimited:${word} | description.delimited:${word})`, [
              node(false, 0, 'No matching clauses'),
            ]),
      ),
      ...(removed ? [node(false, 0, 'match on prohibited clause (removed:true)', [node(true, 1, 'removed:true')])] : []),
    ]);
  }
  const matched = clauses.map((c) => c.clause as Explanation);
  const sum = terms.length === 0 ? 1 : matched.reduce((s, c) => s + c.value, 0);
  const exact = terms.length > 0 && name.toLowerCase() === terms.join(' ');
  const factor = exact ? 2 : 1;
  const query_ = terms.length === 0 ? node(true, 1, '*:*') : node(true, sum, 'sum of:', matched);
  return node(true, sum * factor, 'function score, product of:', [
    query_,
    node(true, factor, 'min of:', [
      node(true, factor, exact ? 'weight, exact name match (name.keyword)' : 'No function matched'),
      node(true, 3.4028235e38, 'maxBoost'),
    ]),
  ]);
}

/**
 * GET explainSearchQuery's body. `documentId` as sent: a URN (encoded here, as encodeValue does)
 * or an already encoded id (used as it is). The document exists only in its own entity's index.
 */
export function explain(search: SearchIndex, entityName: string, documentId: string, query: string, prefix?: string, now = Date.now()): ExplainResponse {
  const id = documentId.startsWith('urn:li:') ? javaUrlEncode(documentId) : documentId;
  const urn = javaUrlDecode(id);
  const inThisIndex = entityTypeOf(urn)?.toLowerCase() === entityName.toLowerCase() && search.hasDocument(urn, now);
  const explanation = inThisIndex ? explanationFor(search, urn, query, now) : null;
  return {
    index: entityIndexName(entityName, prefix),
    id,
    exists: inThisIndex,
    match: explanation?.match ?? false,
    explanation,
    getResult: null,
    fragment: false,
  };
}
