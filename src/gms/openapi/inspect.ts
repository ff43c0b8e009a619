// Inspect URN's reads, all under the GMS base (inspectTypes.ts names the DataHub files):
//   GET /openapi/v3/entity/{entityName}/{urn}?systemMetadata=true&includeSoftDelete=true
//   GET /openapi/operations/consistency/entities/{urn}
//   GET /openapi/v2/timeline/v1/{urn}?categories=...&startTime=...
// Each is a read (retried as every read is). A 404 with an empty body is an answer: the entity does
// not exist (v3: ResponseEntity.notFound().build() in GenericEntityBaseController.java) or is not in the
// system-metadata index (ConsistencyController.java); a 404 with a body (Spring's error JSON, Rest.li's
// "No root resource", an HTML page) is a server without the endpoint, as everywhere else (errors.ts).
import type { Answer } from '../http';
import type { ConsistencyIssue, EntityAspect, EntityRecord, GmsAction, InspectOperations, TimelineChange } from '../types';
import { invalidResponse } from '../errorMapping';
import { validateUrn } from '../validate';
import type { WireContext } from '../wire';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import { v3EntityPath } from './requests';
import { openapiHttpError } from './openapiErrors';
import { consistencyIssueSchema } from './healthSchemas';
import { jsonObject } from './openapiSchemas';
import { timelineSchema, v3AspectSchema } from './inspectSchemas';
import * as z from 'zod/v4/mini';

/** The change categories asked for (ChangeCategory.java); the controller requires the parameter. */
export const TIMELINE_CATEGORIES = ['TECHNICAL_SCHEMA', 'DOCUMENTATION', 'TAG', 'OWNER', 'GLOSSARY_TERM', 'DOMAIN'] as const;
const DAY = 86_400_000;

const issuesSchema = z.array(consistencyIssueSchema);

const emptyBody = (a: Answer): boolean => a.text.trim() === '';

export function createInspectOperations(ctx: WireContext): InspectOperations {
  const call = createOpenapiCaller(ctx, '');
  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);
  /** A 404 with a body is "not offered": mapped as the OpenAPI operations map it. */
  const notOffered = (action: GmsAction, endpoint: string, a: Answer) =>
    openapiHttpError({
      action,
      status: a.status,
      url: `${ctx.baseUrl}/${endpoint}`,
      origin: ctx.origin,
      baseUrl: ctx.baseUrl,
      contentType: a.contentType,
      body: a.text,
    });

  return {
    async readEntity(urn, signal) {
      const checked = validateUrn(urn, 'urn', 'readEntity');
      const endpoint = v3EntityPath(checked);
      const parse = (a: Answer): EntityRecord => {
        if (a.status === 404) {
          if (emptyBody(a)) return { urn: checked, exists: false, aspects: [] };
          throw notOffered('readEntity', endpoint, a);
        }
        const body = jsonObject.safeParse(json('readEntity', a));
        if (!body.success) throw invalidResponse('readEntity', 'the entity is not a JSON object', a.text);
        const aspects: EntityAspect[] = [];
        for (const [name, raw] of Object.entries(body.data)) {
          if (name === 'urn') continue;
          const aspect = v3AspectSchema.safeParse(raw);
          if (!aspect.success) throw invalidResponse('readEntity', `the aspect ${name} has no value object`, a.text);
          const sm = aspect.data.systemMetadata;
          const systemMetadata = sm
            ? {
                ...(typeof sm.lastObserved === 'number' ? { lastObserved: sm.lastObserved } : {}),
                ...(sm.runId ? { runId: sm.runId } : {}),
                ...(sm.lastRunId ? { lastRunId: sm.lastRunId } : {}),
                ...(sm.version ? { version: sm.version } : {}),
              }
            : undefined;
          aspects.push({ name, value: aspect.data.value, ...(systemMetadata ? { systemMetadata } : {}) });
        }
        aspects.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
        return { urn: checked, exists: true, aspects };
      };
      const query: Array<[string, string]> = [
        ['systemMetadata', 'true'],
        ['includeSoftDelete', 'true'],
      ];
      return call({ action: 'readEntity', endpoint, method: 'GET', query, readOnly: true, answers: (s) => s === 404, parse }, signal);
    },

    async checkEntity(urn, options = {}, signal) {
      const checked = validateUrn(urn, 'urn', 'entityConsistency');
      const endpoint = `openapi/operations/consistency/entities/${encodeURIComponent(checked)}`;
      const parse = (a: Answer) => {
        if (a.status === 404) {
          if (emptyBody(a)) return { indexed: false as const };
          throw notOffered('entityConsistency', endpoint, a);
        }
        const issues = issuesSchema.safeParse(json('entityConsistency', a));
        if (!issues.success) throw invalidResponse('entityConsistency', 'the consistency issues are not a list of issues', a.text);
        const list: ConsistencyIssue[] = issues.data.map((i) => ({
          entityUrn: i.entityUrn,
          ...(i.entityType ? { entityType: i.entityType } : {}),
          ...(i.checkId ? { checkId: i.checkId } : {}),
          ...(i.fixType ? { fixType: i.fixType } : {}),
          ...(i.description ? { description: i.description } : {}),
          ...(i.relatedUrns ? { relatedUrns: i.relatedUrns } : {}),
          ...(i.details ? { details: i.details } : {}),
        }));
        return { indexed: true as const, issues: list };
      };
      const ids = (options.checkIds ?? []).filter((id) => /^[A-Za-z0-9_.-]+$/.test(id));
      const query: Array<[string, string]> | undefined = ids.length > 0 ? [['checkIds', ids.join(',')]] : undefined;
      return call({ action: 'entityConsistency', endpoint, method: 'GET', query, readOnly: true, answers: (s) => s === 404, parse }, signal);
    },

    async timeline(urn, options = {}, signal) {
      const checked = validateUrn(urn, 'urn', 'entityTimeline');
      const days = options.days ?? 30;
      const max = options.max ?? 20;
      const endpoint = `openapi/v2/timeline/v1/${encodeURIComponent(checked)}`;
      const query: Array<[string, string]> = [
        ['categories', TIMELINE_CATEGORIES.join(',')],
        ['startTime', String(Date.now() - days * DAY)],
      ];
      const parse = (a: Answer): TimelineChange[] => {
        const list = timelineSchema.safeParse(json('entityTimeline', a));
        if (!list.success) throw invalidResponse('entityTimeline', 'the timeline is not a list of changes', a.text);
        return list.data
          .map((t) => ({
            timestamp: t.timestamp,
            ...(t.actor ? { actor: t.actor } : {}),
            ...(t.semVerChange ? { semVerChange: t.semVerChange } : {}),
            events: (t.changeEvents ?? []).map((e) => ({
              category: e.category,
              ...(e.operation ? { operation: e.operation } : {}),
              ...(e.description ? { description: e.description } : {}),
            })),
          }))
          .sort((x, y) => y.timestamp - x.timestamp)
          .slice(0, max);
      };
      return call({ action: 'entityTimeline', endpoint, method: 'GET', query, readOnly: true, parse }, signal);
    },
  };
}
