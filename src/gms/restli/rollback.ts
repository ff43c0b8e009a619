// A run's rollback over DataHub's Rest.li "runs" resource: POST {gms}/runs?action=rollback
// {"runId", "dryRun", "safe": true} (metadata-service/restli-servlet-impl/.../resources/entity/
// BatchIngestionRunResource.java, over metadata-io/.../service/RollbackService.java), answered
// {"value": RollbackResponse}. Always safe: true (hardDelete false: the entities the run created are
// soft-deleted, not purged; aspects other runs wrote stay). dryRun is always sent: the resource reads it as
// a Boolean and a missing one fails there. The reserved run id is refused here, before any request, as
// RollbackService refuses it. Never retried: the real call writes, and a dry run is asked once before it.
import * as z from 'zod/v4/mini';
import { GmsError } from '../errors';
import { httpError, invalidResponse } from '../errorMapping';
import { RESERVED_RUN_ID, type RollbackFigures } from '../ingestionTypes';
import { send, type WireContext } from '../wire';
import { decodeEnvelope } from './envelope';

const ACTION = 'rollbackIngestionRun' as const;

const responseSchema = z.object({
  entitiesAffected: z.nullish(z.number()),
  entitiesDeleted: z.nullish(z.number()),
  aspectsReverted: z.nullish(z.number()),
  unsafeEntitiesCount: z.nullish(z.number()),
  unsafeEntities: z.nullish(z.array(z.object({ urn: z.string() }))),
  aspectRowSummaries: z.nullish(z.array(z.object({ urn: z.string(), aspectName: z.string() }))),
});

/** The RollbackResponse `value` as figures; throws invalidResponse on another shape. */
export function parseRollback(value: unknown): RollbackFigures {
  const parsed = responseSchema.safeParse(value);
  if (!parsed.success || parsed.data.entitiesAffected == null || parsed.data.aspectsReverted == null) {
    throw invalidResponse(ACTION, 'the rollback answer has no entitiesAffected or aspectsReverted (not a RollbackResponse)', value);
  }
  const v = parsed.data;
  const unsafe = (v.unsafeEntities ?? []).map((u) => u.urn);
  return {
    entitiesAffected: v.entitiesAffected ?? 0,
    entitiesDeleted: v.entitiesDeleted ?? 0,
    aspectsReverted: v.aspectsReverted ?? 0,
    unsafeEntitiesCount: v.unsafeEntitiesCount ?? unsafe.length,
    // At most 1,000 kept: DataHub sends up to a million.
    unsafeEntities: unsafe.slice(0, 1000),
    rows: (v.aspectRowSummaries ?? []).slice(0, 100).map((r) => ({ urn: r.urn, aspectName: r.aspectName })),
  };
}

/** A run id as DataHub accepts it: a non-empty line, not the reserved one. */
export function validateRunId(runId: unknown): string {
  const invalid = (message: string) => new GmsError({ kind: 'invalidInput', field: 'runId', action: ACTION, message });
  if (typeof runId !== 'string' || runId.trim() === '') throw invalid('runId: the run id of an ingestion run (its execution request id).');
  if (runId.length > 500 || [...runId].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    throw invalid('runId: at most 500 characters, no control characters.');
  if (runId === RESERVED_RUN_ID) {
    throw invalid(
      `runId: "${RESERVED_RUN_ID}" is DataHub's reserved run id for metadata written without one; DataHub refuses to roll it back (RollbackService.java), and so does this command. Nothing was sent.`,
    );
  }
  return runId;
}

export function createRollback(ctx: WireContext): (runId: string, dryRun: boolean, signal?: AbortSignal) => Promise<RollbackFigures> {
  const url = `${ctx.baseUrl}/runs`;
  const path = `${new URL(url).pathname}?action=rollback`;
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-restli-protocol-version': '2.0.0', ...ctx.headers };
  return async (runId, dryRun, signal) => {
    const checked = validateRunId(runId);
    return send(
      ctx,
      {
        action: ACTION,
        url,
        path,
        method: 'POST',
        headers,
        body: JSON.stringify({ runId: checked, dryRun, safe: true }),
        readOnly: false,
        // The dry run changes nothing: only the real rollback is a write for the journal.
        ...(dryRun ? {} : { write: { targets: [checked] } }),
        fail: (answer) => {
          if (answer.status === 404) {
            return new GmsError({
              kind: 'notFound',
              action: ACTION,
              status: 404,
              message: `404 from ${ctx.origin}: no Rest.li "runs" resource at ${url}, so DataHub's rollback dry run cannot be had on this connection (GMS direct, or the frontend's /api/gms, serves it).`,
            });
          }
          return httpError({
            action: ACTION,
            status: answer.status,
            operationsUrl: url,
            origin: ctx.origin,
            baseUrl: ctx.baseUrl,
            contentType: answer.contentType,
            location: answer.location,
            body: answer.text,
          });
        },
        parse: (answer) => parseRollback(decodeEnvelope(ACTION, answer.text, { contentType: answer.contentType, status: answer.status, origin: ctx.origin })),
      },
      signal,
    );
  };
}
