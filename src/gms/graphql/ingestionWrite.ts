// The ingestion writes over GraphQL (../ingestionWriteTypes.ts names the DataHub files): create, update and
// delete a source, start a run. Each input is sent as a variable of DataHub's own input type with only the
// fields that type declares (graphql-java refuses any other), and each post is marked as a write (its target
// urn) so the operations journal records it. Operation names differ from the root fields (the sandbox, like
// a reader of logs, finds the root field by its name).
import * as z from 'zod/v4/mini';
import { GmsError } from '../errors';
import { validateUrn } from '../validate';
import { MAX_RECIPE_BYTES, type IngestionSourceInput, type IngestionWriteOperations } from '../ingestionWriteTypes';
import type { ParseOutcome } from './queries';
import { createGraphqlPost, type GraphQLContext } from './post';

const ACTION = 'graphql' as const;

export const CREATE_SOURCE_MUTATION = `mutation ingestionSourceCreate($input: UpdateIngestionSourceInput!) {
  createIngestionSource(input: $input)
}`;
export const UPDATE_SOURCE_MUTATION = `mutation ingestionSourceUpdate($urn: String!, $input: UpdateIngestionSourceInput!) {
  updateIngestionSource(urn: $urn, input: $input)
}`;
export const DELETE_SOURCE_MUTATION = `mutation ingestionSourceDelete($urn: String!) {
  deleteIngestionSource(urn: $urn)
}`;
export const START_RUN_MUTATION = `mutation ingestionRunStart($input: CreateIngestionExecutionRequestInput!) {
  createIngestionExecutionRequest(input: $input)
}`;

const invalid = (field: string, message: string) => new GmsError({ kind: 'invalidInput', field, action: ACTION, message: `${field}: ${message}` });

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(field, 'a non-empty string is required');
  if (value.length > max) throw invalid(field, `longer than ${max} characters`);
  return value;
}

/** The input as UpdateIngestionSourceInput declares it: only its fields, each checked. */
export function sourceInput(input: IngestionSourceInput): Record<string, unknown> {
  const c = input.config;
  const recipe = text(c.recipe, 'config.recipe', MAX_RECIPE_BYTES);
  try {
    JSON.parse(recipe);
  } catch {
    throw invalid('config.recipe', 'not JSON (DataHub stores the recipe as a JSON string)');
  }
  const config: Record<string, unknown> = { recipe, executorId: text(c.executorId, 'config.executorId', 200) };
  if (c.version !== undefined) config.version = text(c.version, 'config.version', 200);
  if (c.debugMode !== undefined) {
    if (typeof c.debugMode !== 'boolean') throw invalid('config.debugMode', 'true or false');
    config.debugMode = c.debugMode;
  }
  if (c.extraArgs !== undefined) {
    if (!Array.isArray(c.extraArgs) || c.extraArgs.length > 100) throw invalid('config.extraArgs', 'a list of up to 100 {key, value}');
    config.extraArgs = c.extraArgs.map((e, i) => ({ key: text(e.key, `config.extraArgs[${i}].key`, 1000), value: String(e.value) }));
  }
  const out: Record<string, unknown> = { name: text(input.name, 'name', 1000), type: text(input.type, 'type', 200), config };
  if (input.schedule !== undefined)
    out.schedule = { interval: text(input.schedule.interval, 'schedule.interval', 200), timezone: text(input.schedule.timezone, 'schedule.timezone', 200) };
  return out;
}

const answerOf =
  <K extends string>(field: K) =>
  (data: unknown): ParseOutcome<string | null> => {
    const parsed = z.object({ [field]: z.nullish(z.string()) }).safeParse(data);
    return parsed.success
      ? { ok: true, value: (parsed.data as Record<string, string | null | undefined>)[field] ?? null }
      : { ok: false, reason: `${field} is not in the shape DataHub's ingestion.graphql has` };
  };

function noAnswer(what: string): GmsError {
  return new GmsError({
    kind: 'server',
    action: ACTION,
    message: `DataHub answered ${what} without an urn (nothing recorded?); check the GMS logs, then retry.`,
  });
}

export function createIngestionWrites(ctx: GraphQLContext): IngestionWriteOperations {
  const post = createGraphqlPost(ctx, {
    what: 'the ingestion source change',
    privilege: 'the Manage Ingestion privilege',
    check: 'changing ingestion sources',
  });
  return {
    async createSource(input, signal) {
      const sent = sourceInput(input);
      const urn = await post('ingestionSourceCreate', CREATE_SOURCE_MUTATION, { input: sent }, answerOf('createIngestionSource'), signal, {
        targets: [`new ingestion source "${String(sent.name)}"`],
      });
      if (urn === null) throw noAnswer('the new ingestion source');
      return validateUrn(urn, 'createIngestionSource', ACTION);
    },
    async updateSource(urn, input, signal) {
      const checked = validateUrn(urn, 'urn', ACTION);
      const answer = await post(
        'ingestionSourceUpdate',
        UPDATE_SOURCE_MUTATION,
        { urn: checked, input: sourceInput(input) },
        answerOf('updateIngestionSource'),
        signal,
        {
          targets: [checked],
        },
      );
      if (answer === null) throw noAnswer('the ingestion source update');
    },
    async deleteSource(urn, signal) {
      const checked = validateUrn(urn, 'urn', ACTION);
      await post('ingestionSourceDelete', DELETE_SOURCE_MUTATION, { urn: checked }, answerOf('deleteIngestionSource'), signal, { targets: [checked] });
    },
    async startRun(sourceUrn, signal) {
      const input = { ingestionSourceUrn: validateUrn(sourceUrn, 'ingestionSourceUrn', ACTION) };
      const urn = await post('ingestionRunStart', START_RUN_MUTATION, { input }, answerOf('createIngestionExecutionRequest'), signal, {
        targets: [input.ingestionSourceUrn],
      });
      if (urn === null) throw noAnswer('the run request');
      return validateUrn(urn, 'createIngestionExecutionRequest', ACTION);
    },
  };
}
