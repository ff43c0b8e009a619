// The ingestion mutations of POST /api/graphql over the model (ingestion.ts), as DataHub's resolvers answer them
// (datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/ingest/); their inputs were checked
// against ingestion.graphql before (ingestionGraphqlInput.ts):
//   createIngestionSource(input) / updateIngestionSource(urn, input)   source/UpsertIngestionSourceResolver.java:
//       the stored dataHubIngestionSourceInfo is built anew from the input (type, name, config {recipe, version,
//       executorId, debugMode, extraArgs}, schedule when given): the description is not kept and there is no
//       `source`, so an updated SYSTEM source (the GC) loses its SYSTEM marker and the UI lists it. A create gets a
//       random UUID urn. Answers the urn.
//   deleteIngestionSource(urn)       source/DeleteIngestionSourceResolver.java: the source goes (its requests stay);
//       answers the urn, also for one that is not there
//   createIngestionExecutionRequest(input)   execution/CreateIngestionExecutionRequestResolver.java: a source that
//       is not there is "Failed to find ingestion source with urn ..."; a new request (random UUID, task
//       RUN_INGEST, MANUAL_INGESTION_SOURCE, the source's executor) carrying the recipe as it is now; answers its
//       urn. The executor (ingestionExecutor.ts) picks it up.
import { randomUUID } from 'node:crypto';
import { EXECUTION_REQUEST_PREFIX, SOURCE_PREFIX, type IngestionModel, type IngestionSourceRecord } from './ingestion';

export const MUTATIONS = ['createIngestionSource', 'updateIngestionSource', 'deleteIngestionSource', 'createIngestionExecutionRequest'] as const;
export type IngestionMutation = (typeof MUTATIONS)[number];

/** What a mutation answers: its value, or the resolver's error (message, code). */
export type MutationOutcome = { value: string } | { error: string; code: number; type: string };

interface SourceInput {
  name: string;
  type: string;
  description?: string;
  schedule?: { interval: string; timezone: string } | null;
  config: {
    recipe: string;
    version?: string | null;
    executorId: string;
    debugMode?: boolean | null;
    extraArgs?: Array<{ key: string; value?: string | null }> | null;
  };
}

function infoOf(urn: string, input: SourceInput): IngestionSourceRecord {
  const c = input.config;
  return {
    urn,
    name: input.name,
    type: input.type,
    system: false,
    ...(input.schedule ? { schedule: { interval: input.schedule.interval, timezone: input.schedule.timezone } } : {}),
    executorId: c.executorId,
    recipe: c.recipe,
    ...(c.version != null ? { version: c.version } : {}),
    ...(c.debugMode != null ? { debugMode: c.debugMode } : {}),
    ...(c.extraArgs != null ? { extraArgs: c.extraArgs.map((e) => ({ key: e.key, value: e.value ?? '' })) } : {}),
  };
}

export function ingestionMutation(model: IngestionModel, name: IngestionMutation, urn: unknown, input: Record<string, unknown>): MutationOutcome {
  if (name === 'createIngestionSource') {
    const created = `${SOURCE_PREFIX}${randomUUID()}`;
    model.sources.set(created, infoOf(created, input as unknown as SourceInput));
    return { value: created };
  }
  if (typeof urn !== 'string' && name !== 'createIngestionExecutionRequest') return { error: 'Malformed urn provided.', code: 400, type: 'BAD_REQUEST' };
  if (name === 'updateIngestionSource') {
    if (!(urn as string).startsWith('urn:li:')) return { error: `Malformed urn ${String(urn)} provided.`, code: 400, type: 'BAD_REQUEST' };
    model.sources.set(urn as string, infoOf(urn as string, input as unknown as SourceInput));
    return { value: urn as string };
  }
  if (name === 'deleteIngestionSource') {
    model.sources.delete(urn as string);
    return { value: urn as string };
  }
  const sourceUrn = String(input.ingestionSourceUrn);
  const source = model.sources.get(sourceUrn);
  if (!source) return { error: `Failed to find ingestion source with urn ${sourceUrn}`, code: 400, type: 'BAD_REQUEST' };
  const id = randomUUID();
  const requestUrn = `${EXECUTION_REQUEST_PREFIX}${id}`;
  model.requests.set(requestUrn, {
    urn: requestUrn,
    id,
    sourceUrn,
    task: 'RUN_INGEST',
    sourceKind: 'MANUAL_INGESTION_SOURCE',
    requestedAt: model.now(),
    executorId: source.executorId,
    signals: [],
    onKill: 'cancels',
    recipe: source.recipe,
  });
  return { value: requestUrn };
}
