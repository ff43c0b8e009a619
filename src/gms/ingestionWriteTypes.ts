// What the client offers for writing ingestion sources (GraphQL, MANAGE_INGESTION): the input DataHub's
// UpdateIngestionSourceInput declares (datahub-graphql-core/src/main/resources/ingestion.graphql) and the four
// mutations (source/UpsertIngestionSourceResolver.java, source/DeleteIngestionSourceResolver.java,
// execution/CreateIngestionExecutionRequestResolver.java). Part of types.ts, which re-exports them.
//   The stored source is built anew from the input: whatever the input leaves out is gone (the description, and
//   `source.type: SYSTEM`, which the input cannot carry: DataHub's UI lists an updated GC).

/** UpdateIngestionSourceInput, with only the fields it declares (description left out: never read back). */
export interface IngestionSourceInput {
  name: string;
  type: string;
  /** Absent: the source runs only on demand. */
  schedule?: { interval: string; timezone: string };
  config: {
    /** The JSON-encoded recipe. */
    recipe: string;
    executorId: string;
    version?: string;
    debugMode?: boolean;
    extraArgs?: Array<{ key: string; value: string }>;
  };
}

/** A recipe longer than this is refused before sending (DataHub's GC recipe is under 2 KB). */
export const MAX_RECIPE_BYTES = 256 * 1024;

export interface IngestionWriteOperations {
  /** createIngestionSource: the new source's urn (DataHub makes it: a random UUID). Not retried. */
  createSource(input: IngestionSourceInput, signal?: AbortSignal): Promise<string>;
  /** updateIngestionSource: the stored source replaced by `input` as a whole. Not retried. */
  updateSource(urn: string, input: IngestionSourceInput, signal?: AbortSignal): Promise<void>;
  /** deleteIngestionSource (its past requests stay). Not retried. */
  deleteSource(urn: string, signal?: AbortSignal): Promise<void>;
  /** createIngestionExecutionRequest: the new request's urn; the executor picks it up later, or never. Not retried. */
  startRun(sourceUrn: string, signal?: AbortSignal): Promise<string>;
}
