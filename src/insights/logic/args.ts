// The argument objects of the chart, history and export commands, one schema each:
// the handlers parse through them, the typed API takes its parameter types from
// them and docs/api.md its tables. Pure: no vscode import.
import { describe, optionalText } from '../../shared/args';
import * as z from '../../shared/zod';
import type { ExportFormat } from './export';

const EXPORT_FORMATS: [ExportFormat, ...ExportFormat[]] = ['csv', 'json'];

export const exportIndexSizesArgs = z.object({
  format: z.enum(EXPORT_FORMATS, { error: '"format" must be "csv" or "json".' }),
  path: describe(z.string({ error: '"path" must be an absolute file path.' }), 'Absolute; an existing file is replaced.'),
  what: describe(
    z.optional(z.enum(['indexSizes', 'entityCounts'], { error: '"what" must be "indexSizes" or "entityCounts".' })),
    'Default "indexSizes"; "entityCounts": the last entity counts with their change since the reading before.',
  ),
});

export const clearHistoryArgs = z.object({
  connection: describe(optionalText('"connection" must be a connection name.'), 'Default: every connection.'),
});

const revealMessage = 'pass { indexName } of an index in the Timeseries Indices view.';
export const revealIndexArgs = z.object({
  // As given, not trimmed: an index name is matched exactly.
  indexName: describe(z.string({ error: revealMessage }).check(z.minLength(1, { error: revealMessage })), 'An index of the view.'),
});
