// What an operations request asked for, in one form for both transports, so a test can
// check what was sent without caring which transport carried it: the Rest.li JSON body
// as it is; an OpenAPI query with its numbers and booleans typed, `aspectName` as the
// Rest.li `aspect`, a POST restore's URN list as `urns`, and for the search-health operations
// (healthOps.ts) the path variables (`urn`, `checkId`) and the fields of a JSON object body.

import { healthPathParams } from './healthOps';

const NUMBER = /^-?\d+$/;

function typed(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return NUMBER.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : value;
}

export function operationParams(transport: 'restli' | 'openapi', query: URLSearchParams, body: unknown, path = ''): Record<string, unknown> {
  if (transport === 'restli') return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const params: Record<string, unknown> = {};
  for (const [name, value] of query) {
    // The same parameter repeated (aspectNames) is a list.
    const key = name === 'aspectName' ? 'aspect' : name;
    const v = typed(value);
    const before = params[key];
    params[key] = before === undefined ? v : Array.isArray(before) ? [...before, v] : [before, v];
  }
  if (Array.isArray(body)) params.urns = body;
  else if (typeof body === 'object' && body !== null) Object.assign(params, body);
  return { ...params, ...healthPathParams(path) };
}
