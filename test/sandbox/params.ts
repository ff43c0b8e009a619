// Rest.li action parameters: declared types per action, validated the way
// Rest.li does before the resource method runs. Unknown parameters are ignored.

import type { ServerVersion } from './api';
import { restliError, type Reply } from './restli';

type ParamType = 'String' | 'Integer' | 'Long' | 'Boolean';
interface ParamSpec {
  type: ParamType;
  required?: boolean;
}

const RESTORE_LEGACY: Record<string, ParamSpec> = {
  aspect: { type: 'String' },
  urn: { type: 'String' },
  urnLike: { type: 'String' },
  start: { type: 'Integer' },
  batchSize: { type: 'Integer' },
};

const RESTORE_NEWER: Record<string, ParamSpec> = {
  ...RESTORE_LEGACY,
  limit: { type: 'Integer' },
  gePitEpochMs: { type: 'Long' },
  lePitEpochMs: { type: 'Long' },
  createDefaultAspects: { type: 'Boolean' },
};

const TRUNCATE: Record<string, ParamSpec> = {
  entityType: { type: 'String', required: true },
  aspect: { type: 'String', required: true },
  endTimeMillis: { type: 'Long', required: true },
  dryRun: { type: 'Boolean' },
  batchSize: { type: 'Integer' },
  timeoutSeconds: { type: 'Long' },
  forceDeleteByQuery: { type: 'Boolean' },
  forceReindex: { type: 'Boolean' },
};

const TASK_STATUS: Record<string, ParamSpec> = {
  nodeId: { type: 'String' },
  taskId: { type: 'Long' },
  task: { type: 'String' },
};

export const ACTION_NAMES = ['getIndexSizes', 'restoreIndices', 'truncateTimeseriesAspect', 'getEsTaskStatus'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

export function isActionName(name: string): name is ActionName {
  return (ACTION_NAMES as readonly string[]).includes(name);
}

function specFor(action: ActionName, version: ServerVersion): Record<string, ParamSpec> {
  switch (action) {
    case 'getIndexSizes':
      return {};
    case 'restoreIndices':
      return version === 'legacy' ? RESTORE_LEGACY : RESTORE_NEWER;
    case 'truncateTimeseriesAspect':
      return TRUNCATE;
    case 'getEsTaskStatus':
      return TASK_STATUS;
  }
}

const INT_MAX = 2_147_483_647;

function fits(type: ParamType, value: unknown): boolean {
  switch (type) {
    case 'String':
      return typeof value === 'string';
    case 'Boolean':
      return typeof value === 'boolean';
    case 'Integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= -INT_MAX - 1 && value <= INT_MAX;
    case 'Long':
      return typeof value === 'number' && Number.isSafeInteger(value);
  }
}

export type Params = Record<string, string | number | boolean | undefined>;

/** The declared parameters of the action, or the Rest.li 400 the server would answer. */
export function validateParams(
  action: ActionName,
  version: ServerVersion,
  body: Record<string, unknown>,
): { ok: true; params: Params } | { ok: false; reply: Reply } {
  const spec = specFor(action, version);
  const out: Params = {};
  for (const [name, { type, required }] of Object.entries(spec)) {
    if (!(name in body)) {
      if (required) return { ok: false, reply: restliError(400, `Parameter '${name}' is required`, action) };
      continue;
    }
    const value = body[name];
    if (!fits(type, value)) {
      const detail = `ERROR :: /${name} :: ${JSON.stringify(value)} cannot be coerced to ${type}\n`;
      return { ok: false, reply: restliError(400, `Parameters of method '${action}' failed validation with error '${detail}'`, action) };
    }
    out[name] = value as string | number | boolean;
  }
  return { ok: true, params: out };
}
