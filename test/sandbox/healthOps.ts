// Routing of the search-health operations beside the elasticSearch ones: consistency
// (ConsistencyController.java, consistency.ts), messaging lag (MessagingOperationsController.java)
// and the older Kafka offsets (KafkaController.java), lag.ts for both. Which of them a server has is
// Runtime.operations; one it lacks answers Spring's 404, as any unmapped path under the servlet.
// Each refuses a caller without MANAGE_SYSTEM_OPERATIONS with 403 {"error": "<actor> is not authorized ..."}:
// consistency throws UnauthorizedException, which GlobalControllerExceptionHandler.java maps to
// 403 {"error": message}; messaging and Kafka build the same body themselves.

import { consistencyAnswer, UnreadableBody } from './consistency';
import { CONSUMERS, consumerGroups, transportInfo, type Consumer } from './lag';
import { queueReset } from './offsetReset';
import type { Reply } from './restli';
import type { Caller, Runtime } from './runtime';
import { BindError, json, SpringParams, springError } from './spring';

const ROOT = '/openapi/operations/';
const FAMILY = /^\/openapi\/operations\/(consistency|messaging|kafka)(?:\/(.*))?$/;

interface Route {
  /** The recorded action, e.g. consistency/check, messaging/mcl/consumer/lag, kafka/mcl/consumer/offsets. */
  action: string;
  family: 'consistency' | 'messaging' | 'kafka';
  /** The endpoint within the family, path variables as {name}. */
  route: string;
  variable?: { name: string; value: string };
  methods: readonly string[];
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The route a path (without the frontend prefix) names, or null when it is none of these families. */
export function healthRoute(path: string): Route | null {
  const m = FAMILY.exec(path);
  if (!m) return null;
  const family = m[1] as Route['family'];
  const rest = (m[2] ?? '').replace(/\/+$/, '');
  const base = { family, methods: ['GET'] as readonly string[] };
  if (family === 'consistency') {
    const checkId = /^checks\/(.+)$/.exec(rest);
    if (checkId)
      return { ...base, action: 'consistency/checks/{checkId}', route: 'checks/{checkId}', variable: { name: 'checkId', value: decoded(checkId[1]) } };
    const urn = /^entities\/(.+)$/.exec(rest);
    if (urn) return { ...base, action: 'consistency/entities/{urn}', route: 'entities/{urn}', variable: { name: 'urn', value: decoded(urn[1]) } };
    const post = ['check', 'fix', 'fix-issues'].includes(rest);
    return { ...base, action: `consistency/${rest}`, route: rest, methods: post ? ['POST'] : rest === 'checks' ? ['GET'] : [] };
  }
  const consumer = /^([a-z-]+)\/consumer\/(lag|offsets)$/.exec(rest);
  const known =
    family === 'messaging'
      ? rest === 'transport' ||
        rest === 'consumers' ||
        rest === 'consumer/offsets/reset' ||
        (consumer?.[2] === 'lag' && CONSUMERS.includes(consumer[1] as Consumer))
      : consumer?.[2] === 'offsets' && ['mcp', 'mcl', 'mcl-timeseries'].includes(consumer[1]);
  return { ...base, action: `${family}/${rest}`, route: rest, methods: known ? [rest === 'consumer/offsets/reset' ? 'POST' : 'GET'] : [] };
}

/** The path variables of a route, for the recorded params. */
export function healthPathParams(path: string): Record<string, string> {
  const v = healthRoute(path)?.variable;
  return v ? { [v.name]: v.value } : {};
}

function forbidden(actor: string, what: string): Reply {
  return json({ error: `${actor} is not authorized ${what}` }, 403);
}

/** A @RequestBody object: absent or not a JSON object is Spring's 400. */
function objectBody(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new UnreadableBody('Required request body is missing or not a JSON object');
}

export interface HealthCall {
  rt: Runtime;
  method: string;
  /** The request path as sent (with the frontend prefix, if any). */
  path: string;
  query: URLSearchParams;
  raw: string;
  caller: Caller;
}

/** Answers a request whose path healthRoute recognised, on a server whose OpenAPI servlet is up. */
export function handleHealthOps(c: HealthCall, actor: string): Reply {
  const route = healthRoute(c.path.slice(c.path.indexOf(ROOT))) as Route;
  const ops = c.rt.operations;
  const served = route.family === 'consistency' ? ops.consistency : route.family === 'messaging' ? ops.lag === 'messaging' : ops.lag !== 'none';
  if (!served || route.methods.length === 0) return springError(404, c.path);
  if (!route.methods.includes(c.method)) return springError(405, c.path, { allow: route.methods.join(', ') });
  const allowed = c.caller.privileges.includes('MANAGE_SYSTEM_OPERATIONS_PRIVILEGE');
  try {
    const p = new SpringParams(c.query);
    if (route.family === 'consistency') {
      // Spring reads the body before the controller runs; the controller then checks the privilege.
      const body = c.method === 'POST' ? objectBody(c.raw) : {};
      if (route.route === 'checks') p.boolean('includeOnDemand', false);
      if (!allowed) return forbidden(actor, 'for consistency operations');
      return consistencyAnswer({ rt: c.rt, route: route.route, variable: route.variable?.value, query: c.query, body });
    }
    const detailed = p.boolean('detailed', false);
    p.boolean('skipCache', false);
    if (route.family === 'kafka') {
      if (!allowed) return forbidden(actor, 'to get kafka offsets');
      return json(consumerGroups(c.rt.lag, route.route.split('/')[0] as Consumer, detailed, false));
    }
    if (!allowed) return forbidden(actor, 'for messaging operations');
    const pg = c.rt.pgQueue;
    // PgQueueMessagingOperationsController exists on the Postgres queue only: on Kafka the path is unmapped.
    if (route.route === 'consumer/offsets/reset') return pg.on ? queueReset(c.rt, c.raw, c.path) : springError(404, c.path);
    if (route.route === 'transport') return json({ ...transportInfo(), transport: pg.on ? 'pgqueue' : 'kafka' });
    if (route.route === 'consumers') {
      const topicName = c.query.get('topicName');
      if (topicName === null) return springError(400, c.path);
      return pg.consumers(topicName);
    }
    const consumer = route.route.split('/')[0] as Consumer;
    if (pg.on) return { status: 200, headers: { 'content-type': 'application/json' }, body: pg.lagText(c.rt.lag, consumer, detailed) };
    return json({ transport: 'kafka', consumerGroups: consumerGroups(c.rt.lag, consumer, detailed, true) });
  } catch (err) {
    if (err instanceof BindError || err instanceof UnreadableBody) return springError(400, c.path);
    throw err;
  }
}
