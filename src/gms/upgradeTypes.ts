// What the client reads of DataHub before and during an upgrade: the settings GMS runs with
// (GET /openapi/v1/system-info/properties/simple, SystemInfoController.java), how many documents
// each entity has (GET /openapi/v1/entities/counts, EntityCountsController.java) and the state an
// incremental reindex keeps in the dataHubUpgradeResult aspect of a dataHubUpgrade entity
// (GET /openapi/v3/entity/datahubupgrade/{urn}, the generic v3 entity API).

/** The upgrade readings' actions, for logs and error words. */
export type UpgradeAction = 'upgradeProperties' | 'upgradeEntityCounts' | 'upgradeResult';

export const UPGRADE_WHAT = {
  upgradeProperties: "reading GMS's settings",
  upgradeEntityCounts: 'counting the entities',
  upgradeResult: "reading an upgrade's recorded state",
} as const;

/** Flat "a.b.c" → value, as GMS resolves its settings (secrets come back redacted by GMS). */
export type ServerProperties = Record<string, string | number | boolean>;

export interface EntityCount {
  entityType: string;
  /** Active plus soft-deleted: the documents of the entity's search index. */
  documents: number;
}

/** DataHubUpgradeResult.pdl: state, when, and the flat result map. */
export interface UpgradeResultAspect {
  urn: string;
  /** IN_PROGRESS | SUCCEEDED | FAILED | ABORTED (absent on older servers: SUCCEEDED by default). */
  state?: string;
  timestampMs?: number;
  result: Record<string, string>;
}

export interface UpgradeOperations {
  /** GET /openapi/v1/system-info/properties/simple (Manage System Operations). */
  properties(signal?: AbortSignal): Promise<ServerProperties>;
  /** GET /openapi/v1/entities/counts?includeTotal=true (Get Counts). */
  entityCounts(signal?: AbortSignal): Promise<EntityCount[]>;
  /** GET /openapi/v3/entity/datahubupgrade/{urn}?aspects=dataHubUpgradeResult; undefined when DataHub has no such entity (404). */
  upgradeResult(urn: string, signal?: AbortSignal): Promise<UpgradeResultAspect | undefined>;
}
