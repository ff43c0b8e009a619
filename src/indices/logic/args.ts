// The argument objects of the index view's commands, one schema each: the handlers
// parse through them, the typed API takes its parameter types from them and
// docs/api.md its tables. The copy commands also take the tree's own element (from
// the context menu), read as it is; a plain object goes through the schema. Pure.
import { describe, optionalText } from '../../shared/args';
import * as z from '../../shared/zod';

export const filterIndicesArgs = z.object({
  filter: describe(optionalText(), '`*` matches anything; empty clears.'),
});

export const copyIndexNameArgs = z.object({ indexName: describe(optionalText(), 'Default: the selected item.') });
export const copyEntityTypeArgs = z.object({ entityName: describe(optionalText(), 'Default: the selected group.') });
export const copyEntityAspectArgs = z.object({
  entityName: optionalText(),
  aspectName: optionalText(),
});
