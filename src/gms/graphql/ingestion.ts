// The ingestion reads and the cancel over GraphQL (../ingestionTypes.ts names the DataHub files): sources with
// their newest runs, one source's runs, one request with its report, the KILL signal. Every input is sent as a
// variable of DataHub's own input type, with only the fields that type declares (graphql-java refuses any other).
import * as z from 'zod/v4/mini';
import type { ExecutionRequestDetail, IngestionOperations, IngestionSourceDetail, RunsPage, SourcesPage } from '../ingestionTypes';
import { MAX_RUNS_PAGE, MAX_SOURCES_PAGE } from '../ingestionTypes';
import { GmsError, isGmsError } from '../errors';
import { validateInteger, validateUrn } from '../validate';
import type { ParseOutcome } from './queries';
import { createGraphqlPost, type GraphQLContext } from './post';

const ACTION = 'graphql' as const;
const RUN_FIELDS = 'urn id input { requestedAt executorId source { ingestionSource } } result { status startTimeMs durationMs }';

export const SOURCES_QUERY = `query ingestionSources($input: ListIngestionSourcesInput!, $runs: Int!) {
  listIngestionSources(input: $input) { total ingestionSources { urn name type schedule { interval timezone } config { executorId }
    executions(start: 0, count: $runs) { total executionRequests { ${RUN_FIELDS} } } } }
}`;

export const SOURCE_RUNS_QUERY = `query ingestionSourceRuns($urn: String!, $start: Int!, $count: Int!) {
  ingestionSource(urn: $urn) { urn executions(start: $start, count: $count) { total executionRequests { ${RUN_FIELDS} } } }
}`;

export const REQUEST_QUERY = `query ingestionExecutionRequest($urn: String!) {
  executionRequest(urn: $urn) { urn id input { requestedAt executorId source { ingestionSource } }
    result { status startTimeMs durationMs report structuredReport { type serializedValue contentType } } }
}`;

export const SOURCE_QUERY = `query ingestionSourceConfig($urn: String!) {
  ingestionSource(urn: $urn) { urn name type schedule { interval timezone } config { recipe executorId version debugMode extraArgs { key value } } }
}`;

export const SOURCE_RUN_REPORTS_QUERY = `query ingestionSourceRunReports($urn: String!, $count: Int!) {
  ingestionSource(urn: $urn) { urn executions(start: 0, count: $count) { total executionRequests { urn id input { requestedAt executorId source { ingestionSource } }
    result { status startTimeMs durationMs structuredReport { type serializedValue contentType } } } } }
}`;

export const CANCEL_MUTATION = `mutation cancelIngestionRun($input: CancelIngestionExecutionRequestInput!) {
  cancelIngestionExecutionRequest(input: $input)
}`;

const num = z.nullish(z.number());
const str = z.nullish(z.string());
const resultSchema = z.object({ status: z.string(), startTimeMs: num, durationMs: num });
const requestSchema = z.object({
  urn: z.string(),
  id: z.string(),
  input: z.object({ requestedAt: z.number(), executorId: str, source: z.nullish(z.object({ ingestionSource: str })) }),
  result: z.nullish(resultSchema),
});
const executionsSchema = z.object({ total: num, executionRequests: z.array(requestSchema) });
const sourceSchema = z.object({
  urn: z.string(),
  name: z.string(),
  type: z.string(),
  schedule: z.nullish(z.object({ interval: z.string(), timezone: str })),
  config: z.nullish(z.object({ executorId: str })),
  executions: z.nullish(executionsSchema),
});
const sourcesSchema = z.object({ listIngestionSources: z.object({ total: num, ingestionSources: z.array(sourceSchema) }) });
const sourceRunsSchema = z.object({ ingestionSource: z.nullable(z.object({ urn: z.string(), executions: z.nullish(executionsSchema) })) });

const sourceDetailSchema = z.object({
  ingestionSource: z.nullable(
    z.object({
      urn: z.string(),
      name: z.string(),
      type: z.string(),
      schedule: z.nullish(z.object({ interval: z.string(), timezone: str })),
      config: z.object({
        recipe: z.string(),
        executorId: str,
        version: str,
        debugMode: z.nullish(z.boolean()),
        extraArgs: z.nullish(z.array(z.object({ key: z.string(), value: z.string() }))),
      }),
    }),
  ),
});
const detailRequestSchema = z.object({
  ...requestSchema.shape,
  result: z.nullish(
    z.object({
      ...resultSchema.shape,
      report: str,
      structuredReport: z.nullish(z.object({ type: z.string(), serializedValue: z.string(), contentType: z.string() })),
    }),
  ),
});
const detailSchema = z.object({ executionRequest: z.nullable(detailRequestSchema) });
type DetailRequest = z.infer<typeof detailRequestSchema>;
const runReportsSchema = z.object({
  ingestionSource: z.nullable(z.object({ urn: z.string(), executions: z.nullish(z.object({ total: num, executionRequests: z.array(detailRequestSchema) })) })),
});
const cancelSchema = z.object({ cancelIngestionExecutionRequest: z.nullish(z.string()) });

type Request = z.infer<typeof requestSchema>;
const defined = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

function request(r: Request): RunsPage['requests'][number] {
  const res = r.result;
  return {
    urn: r.urn,
    id: r.id,
    ...(defined(r.input.source?.ingestionSource) ? { sourceUrn: r.input.source.ingestionSource } : {}),
    requestedAt: r.input.requestedAt,
    ...(defined(r.input.executorId) ? { executorId: r.input.executorId } : {}),
    result: res
      ? {
          status: res.status,
          ...(defined(res.startTimeMs) ? { startTimeMs: res.startTimeMs } : {}),
          ...(defined(res.durationMs) ? { durationMs: res.durationMs } : {}),
        }
      : null,
  };
}

function runsOf(e: z.infer<typeof executionsSchema> | null | undefined): RunsPage {
  const requests = (e?.executionRequests ?? []).map(request);
  return { total: e?.total ?? requests.length, requests };
}

/** A zod parse as a ParseOutcome: the answer's shape, or why it is not DataHub's. */
function parseWith<S extends z.ZodMiniType, T>(schema: S, what: string, map: (v: z.infer<S>) => T): (data: unknown) => ParseOutcome<T> {
  return (data) => {
    const parsed = schema.safeParse(data);
    return parsed.success ? { ok: true, value: map(parsed.data) } : { ok: false, reason: `${what} is not in the shape DataHub's ingestion.graphql has` };
  };
}

export function parseSources(data: unknown): ParseOutcome<SourcesPage> {
  return parseWith(sourcesSchema, 'listIngestionSources', (v) => ({
    total: v.listIngestionSources.total ?? v.listIngestionSources.ingestionSources.length,
    sources: v.listIngestionSources.ingestionSources.map((s) => ({
      urn: s.urn,
      name: s.name,
      type: s.type,
      ...(s.schedule ? { schedule: { interval: s.schedule.interval, ...(defined(s.schedule.timezone) ? { timezone: s.schedule.timezone } : {}) } } : {}),
      ...(defined(s.config?.executorId) ? { executorId: s.config.executorId } : {}),
      runs: runsOf(s.executions),
    })),
  }))(data);
}

function detailOf(r: DetailRequest): ExecutionRequestDetail {
  const res = r.result;
  const base = request({ ...r, result: res ? { status: res.status, startTimeMs: res.startTimeMs, durationMs: res.durationMs } : null });
  return {
    ...base,
    result: base.result
      ? {
          ...base.result,
          ...(defined(res?.report) ? { report: res.report } : {}),
          ...(defined(res?.structuredReport) ? { structuredReport: res.structuredReport } : {}),
        }
      : null,
  };
}

export function parseDetail(data: unknown): ParseOutcome<ExecutionRequestDetail | null> {
  return parseWith(detailSchema, 'executionRequest', (v) => (v.executionRequest ? detailOf(v.executionRequest) : null))(data);
}

export function parseRunReports(data: unknown): ParseOutcome<{ total: number; requests: ExecutionRequestDetail[] } | null> {
  return parseWith(runReportsSchema, 'ingestionSource', (v) => {
    const e = v.ingestionSource?.executions;
    if (!v.ingestionSource) return null;
    const requests = (e?.executionRequests ?? []).map(detailOf);
    return { total: e?.total ?? requests.length, requests };
  })(data);
}

export function parseSourceDetail(data: unknown): ParseOutcome<IngestionSourceDetail | null> {
  return parseWith(sourceDetailSchema, 'ingestionSource', (v): IngestionSourceDetail | null => {
    const s = v.ingestionSource;
    if (!s) return null;
    const c = s.config;
    return {
      urn: s.urn,
      name: s.name,
      type: s.type,
      ...(s.schedule ? { schedule: { interval: s.schedule.interval, ...(defined(s.schedule.timezone) ? { timezone: s.schedule.timezone } : {}) } } : {}),
      ...(defined(c.executorId) ? { executorId: c.executorId } : {}),
      recipe: c.recipe,
      ...(defined(c.version) ? { version: c.version } : {}),
      ...(defined(c.debugMode) ? { debugMode: c.debugMode } : {}),
      extraArgs: c.extraArgs ?? [],
    };
  })(data);
}

/** GetIngestionSourceResolver.java throws NOT_FOUND ("Failed to find Ingestion Source with urn …") for a source it does not hold; DataHubDataFetcherExceptionHandler.java sends that message. */
const isSourceMissing = (error: unknown): boolean =>
  isGmsError(error) && error.kind === 'server' && /Failed to find Ingestion Source/i.test(error.serverMessage ?? '');

export function createIngestionQueries(ctx: GraphQLContext): Omit<IngestionOperations, 'rollback'> {
  const post = createGraphqlPost(ctx, { what: 'the ingestion read', privilege: 'the Manage Ingestion privilege', check: 'the ingestion view' });
  return {
    async listSources(query, signal) {
      const start = validateInteger(query.start, 'start', 0, 100_000, ACTION);
      const count = validateInteger(query.count, 'count', 1, MAX_SOURCES_PAGE, ACTION);
      const runs = validateInteger(query.runs, 'runs', 0, MAX_RUNS_PAGE, ACTION);
      // ListIngestionSourcesInput declares start, count, query, filters, sort: nothing else is sent.
      const input = { start, count, ...(query.systemOnly ? { filters: [{ field: 'sourceType', values: ['SYSTEM'] }] } : {}) };
      return post('ingestionSources', SOURCES_QUERY, { input, runs }, parseSources, signal);
    },
    async sourceRuns(sourceUrn, start, count, signal) {
      const urn = validateUrn(sourceUrn, 'sourceUrn', ACTION);
      const from = validateInteger(start, 'start', 0, 100_000, ACTION);
      const size = validateInteger(count, 'count', 1, MAX_RUNS_PAGE, ACTION);
      const parse = parseWith(sourceRunsSchema, 'ingestionSource', (v) => runsOf(v.ingestionSource?.executions));
      return post('ingestionSourceRuns', SOURCE_RUNS_QUERY, { urn, start: from, count: size }, parse, signal);
    },
    async getIngestionSource(urn, signal) {
      const checked = validateUrn(urn, 'ingestionSourceUrn', ACTION);
      try {
        return await post('ingestionSourceConfig', SOURCE_QUERY, { urn: checked }, parseSourceDetail, signal);
      } catch (error) {
        if (isSourceMissing(error)) return null;
        throw error;
      }
    },
    async sourceRunReports(sourceUrn, count, signal) {
      const urn = validateUrn(sourceUrn, 'sourceUrn', ACTION);
      const size = validateInteger(count, 'count', 1, MAX_RUNS_PAGE, ACTION);
      try {
        return await post('ingestionSourceRunReports', SOURCE_RUN_REPORTS_QUERY, { urn, count: size }, parseRunReports, signal);
      } catch (error) {
        if (isSourceMissing(error)) return null;
        throw error;
      }
    },
    async executionRequest(urn, signal) {
      const checked = validateUrn(urn, 'executionRequestUrn', ACTION);
      return post('ingestionExecutionRequest', REQUEST_QUERY, { urn: checked }, parseDetail, signal);
    },
    async cancel(sourceUrn, requestUrn, signal) {
      const input = {
        ingestionSourceUrn: validateUrn(sourceUrn, 'ingestionSourceUrn', ACTION),
        executionRequestUrn: validateUrn(requestUrn, 'executionRequestUrn', ACTION),
      };
      const answer = await post(
        'cancelIngestionRun',
        CANCEL_MUTATION,
        { input },
        parseWith(cancelSchema, 'cancelIngestionExecutionRequest', (v) => v),
        signal,
        { targets: [input.executionRequestUrn] },
      );
      if (answer.cancelIngestionExecutionRequest == null) {
        throw new GmsError({
          kind: 'server',
          action: ACTION,
          message: 'DataHub answered the cancel without recording it (no signal written); check the GMS logs, then retry.',
        });
      }
    },
  };
}
