// What a fix does for each drift group, on this server, from DataHub's own code:
// - in the database only: a restore sends the entity's aspects to the indexing pipeline
//   again (restoreIndices; POST list over OpenAPI, one URN at a time over Rest.li);
// - in search only: only the consistency operations remove one document
//   (ConsistencyController.fixIssues with checkId orphan-index-document: discoverIssue first
//   confirms the database has no key row, then DeleteIndexDocumentsFix.java deletes the search
//   document, the graph node and its system metadata). restoreIndices only adds; a hard delete
//   (EntityServiceImpl.deleteUrn, what `datahub delete --hard` calls) does nothing when the
//   database has no rows. Without those operations only a full rebuild removes it;
// - in neither: nothing to fix (not an entity here).
import type { ConsistencyFixResult, ConsistencyIssue } from '../../gms/types';
import { ORPHAN_CHECK } from './limits';

/** The rebuild that empties and refills the whole search index (RestoreIndices.java with `clean`: ClearSearchServiceStep). */
export const CLEAN_REBUILD_COMMAND = './docker/datahub-upgrade/datahub-upgrade.sh -u RestoreIndices -a clean';

export const NO_REMOVAL_ON_SERVER =
  'This DataHub has no consistency operations (/openapi/operations/consistency), and nothing else it offers removes one search document ' +
  'whose entity is gone: restoreIndices only adds, and `datahub delete --urn <urn> --hard` deletes nothing when the database has no rows. ' +
  `The only remedy is a full rebuild, which empties search until it ends: ${CLEAN_REBUILD_COMMAND} ` +
  '(quickstart: datahub docker quickstart --restore-indices). Newer DataHub versions remove them one by one through the consistency operations.';

/** One issue per URN, named by check id only: the server checks each again (the database has no row) before it deletes. */
export function orphanIssues(urns: readonly string[]): ConsistencyIssue[] {
  return urns.map((entityUrn) => ({ entityUrn, checkId: ORPHAN_CHECK }));
}

export interface FixPlan {
  /** Database-only URNs to restore. */
  restore: string[];
  /** Database-only entities the check counted beyond the listed ones (not in this fix). */
  restoreBeyondList: number;
  /** Search-only URNs the server's dry run said it would remove. */
  remove: string[];
  /** Search-only URNs the dry run said it could not fix, with why. */
  removeRefused: Array<{ urn: string; reason: string }>;
  /** Search-only entities that cannot be removed on this server (no consistency operations). */
  removeUnsupported: number;
  /** The server's dry-run figures (summed over requests). */
  dryRun?: Pick<ConsistencyFixResult, 'totalProcessed' | 'entitiesFixed' | 'entitiesFailed'>;
}

export function sumFixResults(results: ConsistencyFixResult[]): Pick<ConsistencyFixResult, 'totalProcessed' | 'entitiesFixed' | 'entitiesFailed'> {
  return results.reduce(
    (a, r) => ({
      totalProcessed: a.totalProcessed + r.totalProcessed,
      entitiesFixed: a.entitiesFixed + r.entitiesFixed,
      entitiesFailed: a.entitiesFailed + r.entitiesFailed,
    }),
    { totalProcessed: 0, entitiesFixed: 0, entitiesFailed: 0 },
  );
}

/** The dry run's answers as the URNs a fix may remove (only those the server said it would fix). */
export function removableFrom(asked: readonly string[], results: ConsistencyFixResult[]): Pick<FixPlan, 'remove' | 'removeRefused'> {
  const askedSet = new Set(asked);
  const remove: string[] = [];
  const removeRefused: FixPlan['removeRefused'] = [];
  const seen = new Set<string>();
  for (const detail of results.flatMap((r) => r.fixDetails)) {
    if (!askedSet.has(detail.urn) || seen.has(detail.urn)) continue;
    seen.add(detail.urn);
    if (detail.success) remove.push(detail.urn);
    else removeRefused.push({ urn: detail.urn, reason: detail.errorMessage ?? 'the server would not fix it' });
  }
  // Asked but not in the answer: discoverIssue found no issue (the entity exists after all).
  for (const urn of asked) if (!seen.has(urn)) removeRefused.push({ urn, reason: 'the server found no issue (the database has it)' });
  return { remove, removeRefused };
}

export function planIsEmpty(plan: FixPlan): boolean {
  return plan.restore.length === 0 && plan.remove.length === 0;
}
