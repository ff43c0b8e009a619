// The GMS settings that decide a system update's reindex (BuildIndicesConfiguration.java and
// application.yaml's elasticsearch.index.maxReindexHours): what Check Upgrade Readiness reads and what
// Compare Connections sets side by side. Pure: no vscode import.
export const REINDEX_SETTINGS = {
  incremental: 'elasticsearch.buildIndices.incrementalReindexEnabled',
  dualWrite: 'elasticsearch.buildIndices.rollbackDualWriteEnabled',
  hours: 'elasticsearch.index.maxReindexHours',
  batch: 'elasticsearch.buildIndices.reindexBatchSize',
  slices: 'elasticsearch.buildIndices.reindexMaxSlices',
  mismatch: 'elasticsearch.buildIndices.allowDocCountMismatch',
  clone: 'elasticsearch.buildIndices.cloneIndices',
  shards: 'elasticsearch.index.numShards',
} as const;
