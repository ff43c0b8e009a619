// Descriptions edited in DataHub's UI, and which search documents the indexing consumer has written
// again from the database since the seed (after a restore).
//
// DataHub keeps an edit apart from what ingestion wrote: the UI's updateDescription writes the entity's
// editable<Entity>Properties aspect (datahub-graphql-core/.../resolvers/mutate/UpdateDescriptionResolver.java),
// and the consumer indexes its description as `editedDescription`, beside the
// ingested `description`, never over it (the @Searchable fieldName of
// metadata-models/src/main/pegasus/com/linkedin/dataset/EditableDatasetProperties.pdl,
// chart/EditableChartProperties.pdl, dashboard/EditableDashboardProperties.pdl, datajob/EditableDataFlowProperties.pdl,
// datajob/EditableDataJobProperties.pdl). The sandbox's consumer indexes an edit at once.

/** Entity types with an editable<Entity>Properties aspect whose description the UI edits. */
const EDITABLE_ASPECT: Record<string, string> = {
  dataset: 'editableDatasetProperties',
  chart: 'editableChartProperties',
  dashboard: 'editableDashboardProperties',
  dataFlow: 'editableDataFlowProperties',
  dataJob: 'editableDataJobProperties',
};

export const EDITABLE_TYPES = Object.keys(EDITABLE_ASPECT);

export interface UiEdit {
  aspect: string;
  description: string;
  at: number;
}

const typeOf = (urn: string): string | undefined => /^urn:li:([A-Za-z0-9_]+):/.exec(urn)?.[1];

export class UiEdits {
  private edits = new Map<string, UiEdit>();
  /** urn -> when the consumer writes its document again from the database (a restore). */
  private rewrittenAt = new Map<string, number>();

  clear(): void {
    this.edits.clear();
    this.rewrittenAt.clear();
  }

  /** The aspect an edit of this URN's description writes, or undefined when its type has none. */
  static aspectOf(urn: string): string | undefined {
    const type = typeOf(urn);
    return type === undefined ? undefined : EDITABLE_ASPECT[type];
  }

  /** The UI's description edit: the editable aspect written, indexed as editedDescription. */
  edit(urn: string, description: string, at = Date.now()): UiEdit | undefined {
    const aspect = UiEdits.aspectOf(urn);
    if (aspect === undefined) return undefined;
    const edit = { aspect, description, at };
    this.edits.set(urn, edit);
    return edit;
  }

  of(urn: string): UiEdit | undefined {
    return this.edits.get(urn);
  }

  /** A restore of the URN went out: its document is written from the database at `at` (undefined: never, a stalled consumer). */
  rewrite(urn: string, at: number): void {
    this.rewrittenAt.set(urn, at);
  }

  /** Whether the document now holds what the database holds (written again since the seed). */
  rewritten(urn: string, now = Date.now()): boolean {
    const at = this.rewrittenAt.get(urn);
    return at !== undefined && now >= at;
  }
}
