// Inspect URN's four reads, each on its own (a section that cannot be read says why in one
// sentence, and the others are there), then the comparison: the report the document and the result
// are made from. No vscode: the command (../inspectUrn.ts) and the benchmark call it alike.
import { isGmsError, isNotOffered, PRIVILEGES } from '../../gms/errors';
import { ORPHAN_DOCUMENT_CHECK } from '../../gms/inspectTypes';
import type { GmsAction, GmsClient } from '../../gms/types';
import { differencesOf, isUnreadable, nextStepsOf, verdictOf, type ChecksSide, type DatabaseSide, type SearchSide, type TimelineSide } from './inspect';
import type { InspectReport } from './inspectDocument';

/** What the reads need of the client. */
export type InspectClient = Pick<GmsClient, 'inspect' | 'getRawDocuments'>;

/** The sentence for a section that could not be read: not offered, a missing privilege, or what failed. */
export function unreadableReason(error: unknown, action: GmsAction, what: string): string {
  if (isNotOffered(error)) return `${what} is not offered by this server (no such endpoint: an older DataHub, or its OpenAPI servlet is off).`;
  if (isGmsError(error) && (error.kind === 'forbidden' || error.kind === 'unauthorized')) {
    const p = PRIVILEGES[action];
    const needs = p ? ` it needs the '${p.label}' privilege (${p.id}); ask a DataHub admin to grant it to the token's user` : '';
    return `${what} was refused (${error.status ?? 403}):${needs || ' check the token'}.`;
  }
  return `${what} failed: ${error instanceof Error ? error.message : String(error)}`;
}

async function side<T>(signal: AbortSignal, action: GmsAction, what: string, read: () => Promise<T>): Promise<T | { unreadable: string }> {
  try {
    return await read();
  } catch (error) {
    if (signal.aborted) throw error;
    return { unreadable: unreadableReason(error, action, what) };
  }
}

/** The four reads at once, each on its own. */
export async function readFacts(client: InspectClient, connection: string, urn: string, signal: AbortSignal): Promise<InspectReport> {
  const [database, search, checks, timeline] = await Promise.all([
    side<DatabaseSide>(signal, 'readEntity', 'The database read (GET /openapi/v3/entity)', () => client.inspect.readEntity(urn, signal)),
    side<SearchSide>(signal, 'getRawDocuments', 'The search document (POST entity/raw)', async () => {
      const raw = await client.getRawDocuments([urn], signal);
      const hit = raw.found.find((d) => d.urn === urn);
      return hit
        ? { found: true, document: hit.document, ...(typeof hit.document._index === 'string' ? { index: hit.document._index } : {}) }
        : { found: false };
    }),
    side<ChecksSide>(signal, 'entityConsistency', 'DataHub’s consistency check (GET consistency/entities)', () => client.inspect.checkEntity(urn, {}, signal)),
    side<TimelineSide>(signal, 'entityTimeline', 'The timeline (GET /openapi/v2/timeline/v1)', async () => ({
      changes: await client.inspect.timeline(urn, { days: 30, max: 20 }, signal),
    })),
  ]);
  // A document without a row: DataHub's own check for it runs on demand only, so ask it by id.
  const orphan = !isUnreadable(database) && !database.exists && !isUnreadable(search) && search.found && !isUnreadable(checks);
  const allChecks = orphan
    ? await side<ChecksSide>(signal, 'entityConsistency', 'DataHub’s consistency check (GET consistency/entities)', () =>
        client.inspect.checkEntity(urn, { checkIds: [ORPHAN_DOCUMENT_CHECK] }, signal),
      )
    : checks;
  const facts = { urn, connection, database, search, checks: allChecks, timeline };
  const differences =
    !isUnreadable(database) && database.exists && !isUnreadable(search) && search.found ? differencesOf(database.aspects, search.document) : [];
  const verdict = verdictOf(facts, differences);
  return { ...facts, differences, verdict, nextSteps: nextStepsOf(urn, verdict, allChecks) };
}
