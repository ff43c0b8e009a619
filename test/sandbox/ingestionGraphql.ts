// The ingestion root fields of POST /api/graphql (ingestion.ts holds the model), as DataHub's resolvers answer them
// (datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/ingest/):
//   listIngestionSources(input)   source/ListIngestionSourcesResolver.java: start (0), count (20), query, filters
//       (the web UI's {field: "sourceType", values: ["SYSTEM"], negated: true} hides the GC), {start count total ingestionSources}
//   ingestionSource(urn)          source/GetIngestionSourceResolver.java; its executions(start, count) newest first
//       (execution/IngestionSourceExecutionRequestsResolver.java, count 10 by default)
//   executionRequest(urn)         execution/GetIngestionExecutionRequestResolver.java: null for an unknown urn
//   cancelIngestionExecutionRequest(input)  execution/CancelIngestionExecutionRequestResolver.java: a KILL signal
//   rollbackIngestion(input)      execution/RollbackIngestionResolver.java: the rollback without a dry run (recorded)
//   create/update/deleteIngestionSource, createIngestionExecutionRequest   ingestionMutations.ts
// Every one needs Manage Ingestion (IngestionAuthUtils.canManageIngestion). Variables are checked against the schema
// first (ingestionGraphqlInput.ts). Not a GraphQL engine: the report fields come only where the query names them.
import type { Reply } from './restli';
import type { Caller } from './runtime';
import { argument } from './graphqlFields';
import { invalidVariable } from './ingestionGraphqlInput';
import { ingestionMutation, MUTATIONS, type IngestionMutation } from './ingestionMutations';
import type { ExecutionRequestRecord, IngestionModel, IngestionSourceRecord } from './ingestion';

const ROOTS = [
  'listIngestionSources',
  'ingestionSource',
  'executionRequest',
  'listExecutionRequests',
  'cancelIngestionExecutionRequest',
  'rollbackIngestion',
  ...MUTATIONS,
] as const;
const FIELD = new RegExp(`(?:\\b([_A-Za-z][_0-9A-Za-z]*)\\s*:\\s*)?\\b(${ROOTS.join('|')})\\s*\\(([^()]*)\\)`, 'g');
const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';

/** Whether a GraphQL body asks for an ingestion field (server.ts sends it here then). */
export function isIngestionQuery(raw: string): boolean {
  return new RegExp(`\\b(${ROOTS.join('|')})\\s*\\(`).test(raw);
}

const reply = (value: unknown, status = 200): Reply => ({ status, headers: { 'content-type': 'application/json;charset=utf-8' }, body: JSON.stringify(value) });
const error = (key: string, message: string, code: number, type: string) => ({
  message,
  path: [key],
  extensions: { code, type, classification: 'DataFetchingException' },
});

function requestView(r: ExecutionRequestRecord, query: string): Record<string, unknown> {
  const res = r.result;
  return {
    urn: r.urn,
    type: 'EXECUTION_REQUEST',
    id: r.id,
    input: { task: r.task, source: { type: r.sourceKind, ingestionSource: r.sourceUrn }, requestedAt: r.requestedAt, executorId: r.executorId, arguments: [] },
    result: res
      ? {
          status: res.status,
          startTimeMs: res.startTimeMs ?? null,
          durationMs: res.durationMs ?? null,
          ...(/\breport\b/.test(query) ? { report: res.report ?? null } : {}),
          ...(/\bstructuredReport\b/.test(query) ? { structuredReport: res.structuredReport ?? null } : {}),
        }
      : null,
  };
}

function sourceView(model: IngestionModel, s: IngestionSourceRecord, query: string, variables: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    urn: s.urn,
    type: s.type,
    name: s.name,
    schedule: s.schedule ?? null,
    config: { recipe: s.recipe, executorId: s.executorId, version: s.version ?? null, debugMode: s.debugMode ?? false, extraArgs: s.extraArgs ?? [] },
  };
  const args = /\bexecutions\s*\(([^()]*)\)/.exec(query)?.[1];
  if (args !== undefined || /\bexecutions\s*\{/.test(query)) {
    const num = (name: string, fallback: number) => {
      const v = argument(args ?? '', name, variables);
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;
    };
    const all = model.requestsOf(s.urn);
    const start = num('start', 0);
    const page = all.slice(start, start + num('count', 10));
    out.executions = { start, count: page.length, total: all.length, executionRequests: page.map((r) => requestView(r, query)) };
  }
  return out;
}

interface ListInput {
  start?: number;
  count?: number;
  query?: string;
  filters?: Array<{ field: string; values?: string[]; value?: string; negated?: boolean }>;
}

function listSources(model: IngestionModel, input: ListInput, query: string, variables: Record<string, unknown>): Record<string, unknown> {
  let all = [...model.sources.values()];
  for (const f of input.filters ?? []) {
    if (f.field !== 'sourceType') continue;
    const values = f.values ?? (f.value !== undefined ? [f.value] : []);
    all = all.filter((s) => values.includes(s.system ? 'SYSTEM' : '') !== (f.negated === true));
  }
  const text = (input.query ?? '').trim().toLowerCase();
  if (text !== '' && text !== '*') all = all.filter((s) => s.name.toLowerCase().includes(text) || s.type.toLowerCase().includes(text));
  const start = input.start ?? 0;
  const page = all.slice(start, start + (input.count ?? 20));
  return { start, count: page.length, total: all.length, ingestionSources: page.map((s) => sourceView(model, s, query, variables)) };
}

export function handleIngestionGraphQL(model: IngestionModel, method: string, caller: Caller, raw: string): Reply {
  if (method !== 'POST') return reply({ status: 405, error: 'Method Not Allowed', path: '/api/graphql' }, 405);
  let body: { query?: unknown; variables?: unknown };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return { status: 400, headers: {}, body: '' };
  }
  if (body === null || typeof body !== 'object' || typeof body.query !== 'string') return { status: 400, headers: {}, body: '' };
  const query = body.query;
  const variables = (body.variables !== null && typeof body.variables === 'object' ? body.variables : {}) as Record<string, unknown>;
  const invalid = invalidVariable(query, variables);
  if (invalid)
    return reply({
      errors: [{ message: invalid, locations: [{ line: 1, column: 1 }], extensions: { classification: 'ValidationError' } }],
      data: null,
      extensions: {},
    });
  const data: Record<string, unknown> = {};
  const errors: unknown[] = [];
  const allowed = caller.privileges.includes('MANAGE_INGESTION_PRIVILEGE');
  for (const m of query.matchAll(FIELD)) {
    const key = m[1] ?? m[2];
    const name = m[2] as (typeof ROOTS)[number];
    const args = m[3];
    if (!allowed) {
      data[key] = null;
      errors.push(error(key, UNAUTHORIZED, 403, 'UNAUTHORIZED'));
      continue;
    }
    const input = (argument(args, 'input', variables) ?? {}) as Record<string, unknown>;
    const urn = argument(args, 'urn', variables);
    if (name === 'listIngestionSources' || name === 'listExecutionRequests') {
      if (name === 'listIngestionSources') data[key] = listSources(model, input as ListInput, query, variables);
      else {
        const all = [...model.requests.keys()].map((u) => model.request(u) as ExecutionRequestRecord).sort((a, b) => b.requestedAt - a.requestedAt);
        const start = (input.start as number | undefined) ?? 0;
        const page = all.slice(start, start + ((input.count as number | undefined) ?? 20));
        data[key] = { start, count: page.length, total: all.length, executionRequests: page.map((r) => requestView(r, query)) };
      }
    } else if (name === 'ingestionSource') {
      const s = typeof urn === 'string' ? model.sources.get(urn) : undefined;
      data[key] = s ? sourceView(model, s, query, variables) : null;
      // GetIngestionSourceResolver throws NOT_FOUND for a source it does not hold (DataHubDataFetcherExceptionHandler's message and code).
      if (!s) errors.push(error(key, `Failed to find Ingestion Source with urn ${String(urn)}`, 404, 'NOT_FOUND'));
    } else if (name === 'executionRequest') {
      const r = typeof urn === 'string' ? model.request(urn) : undefined;
      data[key] = r ? requestView(r, query) : null;
    } else if ((MUTATIONS as readonly string[]).includes(name)) {
      const outcome = ingestionMutation(model, name as IngestionMutation, urn, input);
      if ('value' in outcome) data[key] = outcome.value;
      else {
        data[key] = null;
        errors.push(error(key, outcome.error, outcome.code, outcome.type));
      }
    } else if (name === 'cancelIngestionExecutionRequest') {
      const sourceUrn = String(input.ingestionSourceUrn);
      const requestUrn = String(input.executionRequestUrn);
      if (model.cancel(sourceUrn, requestUrn) === 'noSource') {
        data[key] = null;
        errors.push(error(key, `Failed to submit cancel signal ${JSON.stringify(input)}`, 500, 'SERVER_ERROR'));
      } else data[key] = requestUrn;
    } else {
      // rollbackIngestion: DataHub rolls back at once, no dry run (recorded as such).
      model.rollbacks.push({ runId: String(input.runId), dryRun: false });
      data[key] = String(input.runId);
    }
  }
  return reply(errors.length > 0 ? { errors, data, extensions: {} } : { data, extensions: {} });
}
