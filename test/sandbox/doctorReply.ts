// What the Doctor's sandbox answers share (doctorRoutes.ts, doctorKafka.ts, doctorTrace.ts): a route and
// a call, who the caller is, and the traceparent every controller answer carries.
import { newSpanId, type DoctorRouteName } from './doctor';
import type { Reply } from './restli';
import type { Caller, Runtime } from './runtime';

export interface DoctorRoute {
  name: DoctorRouteName;
  /** The recorded action (and fault key): the path under its controller, variables as {name}. */
  action: string;
  methods: readonly string[];
  /** Path variables, decoded. */
  vars: Record<string, string>;
}
export interface DoctorCall {
  rt: Runtime;
  route: DoctorRoute;
  method: string;
  path: string;
  query: URLSearchParams;
  raw: string;
  caller: Caller;
}

export const actorOf = (caller: Caller): string => `urn:li:corpuser:${caller.tokenName ?? 'datahub'}`;
export const mso = (caller: Caller): boolean => caller.privileges.includes('MANAGE_SYSTEM_OPERATIONS_PRIVILEGE');

/** Every controller answer carries the request's W3C trace context (DataHub's tracing filter). */
export function traced(reply: Reply, traceId?: string): Reply {
  const id = traceId ?? `${Date.now().toString(16).padStart(16, '0')}${newSpanId()}`;
  return { ...reply, headers: { ...reply.headers, traceparent: `00-${id}-${newSpanId()}-01` } };
}
