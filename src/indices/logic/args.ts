// The argument objects of the index view's commands, one schema each: the handlers
// parse through them, the typed API takes its parameter types from them and
// docs/api.md its tables. The copy commands also take the tree's own element (from
// the context menu), read as it is; a plain object goes through the schema. Pure.
import { describe, noArgs, optionalText, z } from '../../shared/args';
import type { Commands } from '../../shared/commandIds';

export const filterIndicesArgs = z.object({
  filter: describe(optionalText(), 'Part of an entity, aspect or index name; `*` matches anything; empty (the default) clears the filter.'),
});

export const copyIndexNameArgs = z.object({ indexName: describe(optionalText(), 'The index name (default: the selected tree item).') });
export const copyEntityTypeArgs = z.object({ entityName: describe(optionalText(), 'The entity type of an entity group (default: the selected group).') });
export const copyEntityAspectArgs = z.object({
  entityName: describe(optionalText(), 'The entity type.'),
  aspectName: describe(optionalText(), 'The aspect.'),
});

/** The indices feature's commands and their argument schemas. */
export const indicesArgs = {
  refreshIndexSizes: noArgs(),
  sortBySize: noArgs(),
  sortByName: noArgs(),
  filterIndices: filterIndicesArgs,
  clearFilter: noArgs(),
  copyIndexName: copyIndexNameArgs,
  copyEntityType: copyEntityTypeArgs,
  copyEntityAspect: copyEntityAspectArgs,
} as const satisfies Partial<Record<keyof typeof Commands, z.ZodMiniType>>;
