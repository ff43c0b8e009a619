// One entity as Inspect URN reads it: the database's aspects with their system metadata (GET
// /openapi/v3/entity/{entityName}/{urn}) and its recent changes (GET /openapi/v2/timeline/v1/{urn}).
// The search document is explain.ts's rawDocument, DataHub's consistency checks consistency.ts's.
//
// DataHub (metadata-service/openapi-servlet/...):
//   v3/controller/EntityController.java, controller/GenericEntitiesController.java getEntity: the
//     entity as GenericEntityV3.java ({"urn", "<aspect>": {"value", "systemMetadata"}}; systemMetadata only
//     with ?systemMetadata=true); 404 with an empty body (ResponseEntity.notFound()) when it does not
//     exist; soft-deleted entities only with includeSoftDelete=true.
//   v2/controller/TimelineControllerV2.java: a list of ChangeTransaction (timestamp, actor, semVerChange,
//     changeEvents[{category, operation, description}]); `categories` is required (400 without it).
// Served on the newest generation with OpenAPI only (server.ts); elsewhere the path is Rest.li's 404.
//
// The five cases, on sample URNs (the search document is the same as before for all of them):
//   inSync                ordersDataset        the database says what the search document says
//   searchStale           lookerChart          its description and owners changed since it was indexed
//   softDeletedInSearch   dailyEtlFlow         status.removed true in the database, removed false in search
//   databaseOnly          ordersUnderscore...  in the database, missing from search (searchIndex.ts)
//   searchOnly            any orphan           POST /__sandbox/drift {"orphans": [...]} (drift.ts)
// and loadOrdersJob, whose description tries to become Markdown (a heading, a link, an image, HTML and a
// bare address): the extension must show it inert.
import { SAMPLE_URNS } from './data';
import { describeEntity, type SearchIndex } from './searchIndex';
import type { Reply } from './restli';
import type { Caller, Runtime } from './runtime';
import { empty, json, springError } from './spring';

const DAY = 86_400_000;

export const HOSTILE_DESCRIPTION =
  '# Heading\n[a link](https://evil.example/link) ![an image](https://evil.example/i.png) <b>bold</b><img src=x> https://evil.example/bare';

interface Edits {
  description?: string;
  owners?: string[];
  removed?: boolean;
  /** Epoch ms before the sandbox anchor the edit was written. */
  agoMs: number;
  runId: string;
  timeline: Array<{ category: string; operation: string; description: string }>;
}

/** What the database holds differently from the (older) search document. */
export const INSPECT_EDITS: Record<string, Edits> = {
  [SAMPLE_URNS.lookerChart]: {
    description: 'Weekly orders by region (revenue in EUR since November)',
    owners: [SAMPLE_URNS.jdoeUser],
    agoMs: 2 * DAY,
    runId: 'looker-2026_11_25-01',
    timeline: [
      { category: 'DOCUMENTATION', operation: 'MODIFY', description: 'The description of the chart was changed.' },
      { category: 'OWNER', operation: 'ADD', description: `${SAMPLE_URNS.jdoeUser} was added as an owner.` },
    ],
  },
  [SAMPLE_URNS.dailyEtlFlow]: {
    removed: true,
    agoMs: 3 * DAY,
    runId: 'airflow-2026_11_24-02',
    timeline: [],
  },
  [SAMPLE_URNS.loadOrdersJob]: {
    description: HOSTILE_DESCRIPTION,
    agoMs: 1 * DAY,
    runId: 'airflow-2026_11_26-03',
    timeline: [{ category: 'DOCUMENTATION', operation: 'MODIFY', description: HOSTILE_DESCRIPTION }],
  },
};

/**
 * What a document written again from the database holds (after a restore: SearchIndex.restored), where
 * the database differs from the seeded document; undefined where it does not.
 */
export function indexedFromDatabase(search: SearchIndex, urn: string): { description?: string; owners?: string[]; removed?: boolean } {
  const edits = INSPECT_EDITS[urn];
  if (!edits) return {};
  return { description: edits.description, owners: edits.owners, removed: edits.removed ?? search.isRemoved(urn) };
}

/** The aspect an entity type keeps its name and description in. */
const INFO: Record<string, string> = {
  dataset: 'datasetProperties',
  chart: 'chartInfo',
  dashboard: 'dashboardInfo',
  dataFlow: 'dataFlowInfo',
  dataJob: 'dataJobInfo',
  tag: 'tagProperties',
  glossaryTerm: 'glossaryTermInfo',
  corpuser: 'corpUserInfo',
};

function aspectValue(rt: Runtime, urn: string, type: string, aspect: string, edits: Edits | undefined): Record<string, unknown> {
  const e = describeEntity(urn);
  if (aspect.endsWith('Key')) {
    if (type === 'dataset')
      return { platform: `urn:li:dataPlatform:${e.platform ?? 'unknown'}`, name: e.name, origin: /,([^,()]+)\)$/.exec(urn)?.[1] ?? 'PROD' };
    return { id: e.name };
  }
  if (aspect === INFO[type]) {
    const named = type === 'chart' || type === 'dashboard' ? { title: e.name } : { name: e.name };
    return { ...named, customProperties: {}, ...(edits?.description !== undefined ? { description: edits.description } : {}) };
  }
  if (aspect === 'status') return { removed: edits?.removed ?? rt.search.isRemoved(urn) };
  if (aspect === 'globalTags') return { tags: [] };
  if (aspect === 'ownership') {
    const owners = (edits?.owners ?? []).map((owner) => ({ owner, type: 'TECHNICAL_OWNER' }));
    return { owners, ownerTypes: {}, lastModified: { time: 0, actor: 'urn:li:corpuser:datahub' } };
  }
  if (aspect === 'browsePathsV2') return { path: [] };
  return {};
}

/** GenericEntityV3 of one URN, or null when the database has no row for it. */
export function entityV3(rt: Runtime, urn: string, withSystemMetadata: boolean, anchorMs: number): Record<string, unknown> | null {
  const rows = [...rt.store.select({ urn })].map((i) => rt.store.rows[i]).filter((r) => r.urn === urn && !r.ignored);
  if (rows.length === 0) return null;
  const type = /^urn:li:([A-Za-z0-9_]+):/.exec(urn)?.[1] ?? 'unknown';
  const edits = INSPECT_EDITS[urn];
  const out: Record<string, unknown> = { urn };
  for (const row of rows) {
    const edited = edits !== undefined && (row.aspect === INFO[type] || row.aspect === 'ownership' || row.aspect === 'status');
    const systemMetadata = edited
      ? { lastObserved: anchorMs - edits.agoMs, runId: edits.runId, lastRunId: edits.runId, version: '2' }
      : { lastObserved: row.createdOn, runId: 'sandbox-seed', lastRunId: 'sandbox-seed', version: '1' };
    out[row.aspect] = { value: aspectValue(rt, urn, type, row.aspect, edits), ...(withSystemMetadata ? { systemMetadata } : {}) };
  }
  // A description edited in the UI: editable<Entity>Properties (uiEdits.ts), the ingested description untouched.
  const edit = rt.search.edits.of(urn);
  if (edit) {
    const stamp = { time: edit.at, actor: 'urn:li:corpuser:datahub' };
    const systemMetadata = { lastObserved: edit.at, runId: 'no-run-id-provided', lastRunId: 'no-run-id-provided', version: '1' };
    out[edit.aspect] = { value: { created: stamp, lastModified: stamp, description: edit.description }, ...(withSystemMetadata ? { systemMetadata } : {}) };
  }
  return out;
}

function timeline(urn: string, anchorMs: number, startTime: number): unknown[] {
  const edits = INSPECT_EDITS[urn];
  if (!edits || edits.timeline.length === 0) return [];
  const timestamp = anchorMs - edits.agoMs;
  if (startTime > 0 && timestamp < startTime) return [];
  return [
    {
      timestamp,
      actor: 'urn:li:corpuser:datahub',
      semVer: '0.1.0-computed',
      semVerChange: 'MINOR',
      versionStamp: 'v2',
      changeEvents: edits.timeline.map((t) => ({ ...t, entityUrn: urn, auditStamp: { time: timestamp, actor: 'urn:li:corpuser:datahub' } })),
    },
  ];
}

function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

const V3 = /^\/openapi\/v3\/entity\/([^/]+)\/([^/]+)\/?$/;
/** EntityController.java getEntityBatch (cleanupStatus.ts answers it). */
export const V3_BATCH_GET = /^\/openapi\/v3\/entity\/([^/]+)\/batchGet\/?$/;
const TIMELINE = /^\/openapi\/v2\/timeline\/v1\/([^/]+)\/?$/;

/** The recorded action of an Inspect URN path (without the frontend prefix), or null. */
export function inspectRoute(path: string): string | null {
  if (V3_BATCH_GET.test(path)) return 'v3/entity/{entityName}/batchGet';
  if (V3.test(path)) return 'v3/entity/{entityName}/{urn}';
  if (TIMELINE.test(path)) return 'timeline/v1/{urn}';
  return null;
}

export interface InspectCall {
  rt: Runtime;
  method: string;
  path: string;
  query: URLSearchParams;
  caller: Caller;
  anchorMs: number;
}

/** Answers a path inspectRoute recognised, on a server with the OpenAPI servlet. */
export function handleInspect(c: InspectCall): Reply {
  if (c.method !== 'GET') return springError(405, c.path, { allow: 'GET' });
  const actor = `urn:li:corpuser:${c.caller.tokenName ?? 'datahub'}`;
  const v3 = V3.exec(c.path);
  const urn = decoded((v3 ? v3[2] : TIMELINE.exec(c.path)?.[1]) ?? '');
  if (urn === undefined || !/^urn:li:[A-Za-z0-9_]+:.+/.test(urn)) return springError(400, c.path);
  // Both read under the caller's view of the entity (AuthUtil.canViewEntity).
  if (!c.caller.privileges.includes('VIEW_ENTITY_PAGE')) return json({ error: `${actor} is unauthorized to view entity ${urn}` }, 403);
  if (v3) {
    const entity = entityV3(c.rt, urn, c.query.get('systemMetadata') === 'true', c.anchorMs);
    const softDeleted = entity !== null && (entity.status as { value?: { removed?: boolean } } | undefined)?.value?.removed === true;
    if (entity === null || (softDeleted && c.query.get('includeSoftDelete') !== 'true')) return empty(404);
    return json(entity);
  }
  const categories = c.query.get('categories');
  if (!categories) return springError(400, c.path);
  return json(timeline(urn, c.anchorMs, Number(c.query.get('startTime') ?? -1)));
}
