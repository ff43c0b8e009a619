// Non-2xx answers of the OpenAPI operations as the same GmsError kinds, and in the
// same words, as their Rest.li counterparts (../errorMapping.ts). What differs on the
// wire (ElasticsearchController.java, ElasticsearchRawController.java, GMS's Spring side):
// - 401 is the auth filter's, before Spring: as for Rest.li.
// - 403 bodies are plain text (getIndexSizes, getTaskStatus: "<actor> is not authorized to ...",
//   declared application/json although not JSON) or empty (restoreIndices, explain, entity/raw).
//   AuthUtil.isAPIOperationsAuthorized accepts the named privilege or MANAGE_SYSTEM_OPERATIONS,
//   except getTaskStatus (isAPIAuthorized: GET_ES_TASK_STATUS only) and entity/raw (MSO only).
// - 404 means no OpenAPI operations (Rest.li's "No root resource defined for path '/openapi'"
//   on a server without the OpenAPI servlet) or not this endpoint (Spring's 404 on older releases).
// - an unknown task is a 500 "Could not get task status for <task>" (Rest.li: 200 with an error value).
// - Spring's own 400/500 bodies ({timestamp, status, error, path}) carry no message.
// Truncation has no OpenAPI form, so none of its failures appear here.
import { GmsError } from '../errors';
import { bodyForLog, looksLikeHtml, redirectTarget, WHAT } from '../errorMapping';
import { explainKnownFailure, privilegeMessage, taskNotFound } from '../knownFailures';
import type { GmsAction } from '../types';
import { openapiErrorSchema } from './openapiSchemas';

export interface OpenapiFailure {
  action: GmsAction;
  status: number;
  /** The endpoint's URL without the query, e.g. https://host/openapi/operations/elasticSearch/getIndexSizes */
  url: string;
  origin: string;
  baseUrl: string;
  contentType?: string;
  location?: string;
  body: string;
  /** getEsTaskStatus: the task asked for. */
  task?: string;
}

/** Privileges that Manage System Operations stands in for (AuthUtil.isAPIOperationsAuthorized). */
const MSO_ALTERNATIVE: ReadonlySet<GmsAction> = new Set<GmsAction>([
  'getIndexSizes',
  'restoreIndices',
  'restoreUrns',
  'explainSearchQuery',
  'explainSearchQueryDiff',
]);

/** The server's words in an error body: a plain-text first line, or the "error"/"message" of a GMS JSON error; never Spring's reason phrase. */
export function openapiMessageOf(body: string, contentType?: string): string | undefined {
  const text = body.trim();
  if (text === '' || looksLikeHtml(contentType, text)) return undefined;
  let line: string | undefined;
  if (text.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (json !== undefined) {
      const parsed = openapiErrorSchema.safeParse(json);
      if (!parsed.success) return undefined;
      // Spring Boot's error JSON names the path: its "error" is only "Bad Request" and the like.
      line = parsed.data.message ?? (parsed.data.path == null ? (parsed.data.error ?? undefined) : undefined);
    } else line = text;
  } else line = text;
  if (!line) return undefined;
  const first = line.split(/\r?\n/)[0].trim();
  return first.length > 300 ? `${first.slice(0, 300)}…` : first || undefined;
}

/** Maps a non-2xx OpenAPI answer to a GmsError. */
export function openapiHttpError(f: OpenapiFailure): GmsError {
  const serverMessage = openapiMessageOf(f.body, f.contentType);
  const common = { action: f.action, status: f.status, serverMessage, body: bodyForLog(f.body) };
  const from = `${f.status} from ${f.origin}`;
  const detail = serverMessage ? `: ${serverMessage}` : '';
  if (f.status >= 300 && f.status < 400) {
    const location = redirectTarget(f.location, f.url);
    const where = location ? `redirected to ${location}` : 'redirected (no Location header)';
    return new GmsError({ ...common, kind: 'redirect', location, message: `${from}: ${f.action} was ${where}; set the connection URL to the final address.` });
  }
  if (f.status === 401) {
    return new GmsError({
      ...common,
      kind: 'unauthorized',
      message: `401 from ${f.origin}: the token was refused (or is missing/expired). Set a new access token.`,
    });
  }
  if (f.status === 403) {
    return new GmsError({ ...common, kind: 'forbidden', message: privilegeMessage(f.action, from, WHAT[f.action], MSO_ALTERNATIVE.has(f.action)) });
  }
  if (f.status === 404) {
    const frontend =
      looksLikeHtml(f.contentType, f.body) && !/\/api\/gms$/.test(f.baseUrl) ? `, or the URL points at the frontend; try ${f.origin}/api/gms` : '';
    const restli =
      f.action === 'getIndexSizes' || f.action === 'restoreIndices' || f.action === 'getEsTaskStatus'
        ? '; the Rest.li operations can do this (api: restli)'
        : '';
    return new GmsError({
      ...common,
      kind: 'notFound',
      code: 'openapiMissing',
      message: `${from}: no OpenAPI operation at ${f.url}: this DataHub does not offer it (an older release, or its OpenAPI servlet is off)${frontend}${restli}.`,
    });
  }
  if (f.status === 429) {
    return new GmsError({ ...common, kind: 'server', message: `${from}: too many requests; wait a moment and retry.` });
  }
  if (f.action === 'getEsTaskStatus' && f.status === 500 && serverMessage !== undefined && /could not get task status/i.test(serverMessage)) {
    // ElasticsearchController.getTaskStatus: a 500 where Rest.li answers 200 {"error": ...}; the same error for both.
    return taskNotFound(f.task ?? serverMessage.replace(/^.*for\s+/i, ''), serverMessage, f.status);
  }
  const explained = explainKnownFailure(f.action, f.status, serverMessage, from);
  if (explained) return new GmsError({ ...common, ...explained });
  if (f.status >= 400 && f.status < 500) {
    const why = serverMessage ?? 'no details (see the log)';
    return new GmsError({ ...common, kind: 'badRequest', message: `${from}: the server refused ${f.action}: ${why}` });
  }
  if (f.status === 502 || f.status === 503 || f.status === 504) {
    return new GmsError({
      ...common,
      kind: 'server',
      message: `${from}: the server (or a proxy in front of it) is unavailable${detail}; retry in a moment, or check the GMS logs.`,
    });
  }
  if (f.status >= 500 && (f.action === 'explainSearchQuery' || f.action === 'explainSearchQueryDiff')) {
    // An entity name the registry does not know is an IllegalArgumentException there: a bare 500.
    return new GmsError({
      ...common,
      kind: 'server',
      message: `${from}: the server failed ${WHAT[f.action]}${detail}; check that the entity name is one DataHub knows, or the GMS logs.`,
    });
  }
  if (f.status >= 500) {
    return new GmsError({ ...common, kind: 'server', message: `${from}: the server failed ${WHAT[f.action]}${detail}; retry, or check the GMS logs.` });
  }
  return new GmsError({
    ...common,
    kind: 'invalidResponse',
    message: `${from}: unexpected status for ${f.action}; check that the URL points at DataHub GMS.`,
  });
}
