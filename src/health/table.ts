// The health feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { noArgs } from '../shared/args';
import { checkSearchHealthArgs, checkSearchIndexArgs, explainSearchArgs, inspectUrnArgs } from './logic/args';
import type { CheckSearchIndexResult } from './checkSearchIndex';
import type { ExplainSearchResult } from './explainSearch';
import type { HealthFix, SearchHealthResult } from './checkHealth';
import type { InspectUrnResult } from './inspectUrn';
import type { LagResult } from './healthStore';

/** The argument schema of each health command the typed API offers. */
export const healthArgs = {
  checkSearchIndex: checkSearchIndexArgs,
  explainSearch: explainSearchArgs,
  inspectUrn: inspectUrnArgs,
  checkSearchHealth: checkSearchHealthArgs,
  refreshSearchHealth: noArgs(),
  fixSearchDrift: noArgs(),
} as const satisfies Record<ApiCommandOf<'health'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof healthArgs> = z.input<(typeof healthArgs)[N]>;

/** The typed API's methods for the health commands (src/api/index.ts joins every feature's). */
export interface HealthApi {
  /** Asks the database and the search index whether a URN is there. */
  checkSearchIndex(args: ArgsOf<'checkSearchIndex'>): Result<CheckSearchIndexResult>;
  /** Why a search text does or does not find a URN (DataHub's OpenAPI explain): the verdict, the reasons, the first result that matched, and the explain document. Needs `query`. */
  explainSearch(args: ArgsOf<'explainSearch'>): Result<ExplainSearchResult>;
  /**
   * One URN, the database beside search: its aspects with system metadata, the search document, the
   * differences field by field, DataHub's consistency findings, recent changes, the verdict and the next
   * steps (our commands with their arguments), and the document. Reads only; a section that cannot be
   * read says why in `unreadable` and the document.
   */
  inspectUrn(args: ArgsOf<'inspectUrn'>): Result<InspectUrnResult>;
  /**
   * Where search disagrees with the database, for an entity type, a URN pattern or a list of URNs:
   * four groups with counts and URNs (in both, in the database only, in search only, in neither).
   * `fix: 'dryRun'` adds what a fix would do; `fix: 'apply'` then does it (asks first; refused on read-only).
   */
  checkSearchHealth(args: ArgsOf<'checkSearchHealth'>): Result<SearchHealthResult>;
  /** Reads the indexing lag again (and re-runs the last drift check). */
  refreshSearchHealth(args?: ArgsOf<'refreshSearchHealth'>): Result<Outcome & { lag: LagResult[]; drift?: SearchHealthResult }>;
  /** Fixes the drift the last check found: a dry run, a question, then exactly what the dry run showed. */
  fixSearchDrift(args?: ArgsOf<'fixSearchDrift'>): Result<HealthFix>;
}
