// The entities feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import { countEntitiesArgs } from './logic/args';
import type { CountEntitiesResult } from './commands';

/** The argument schema of each entities command the typed API offers. */
export const entitiesArgs = {
  countEntities: countEntitiesArgs,
} as const satisfies Record<ApiCommandOf<'entities'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof entitiesArgs> = z.input<(typeof entitiesArgs)[N]>;

/** The typed API's methods for the entities commands (src/api/index.ts joins every feature's). */
export interface EntitiesApi {
  /**
   * Entities per type, active and soft-deleted, with the totals: from GET /openapi/v1/entities/counts, or on an
   * older server from search facets on _entityType (`source` says which); `groupBy: 'platform'` splits each type
   * by platform; `refresh` skips the server's one-hour cache; `growth`: the change since the last reading, and a day.
   */
  countEntities(args?: ArgsOf<'countEntities'>): Result<CountEntitiesResult>;
}
