// Input checks that run before any request: a refused input never reaches the server.
import { GmsError, type GmsErrorCode } from './errors';
import type { GmsAction, RestoreRequest, TruncateRequest } from './types';
import { MAX_URN_BYTES, urnProblem } from './urn';

/** An entity type or aspect name as DataHub's registry spells them: the one copy of this rule. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
export { MAX_BATCH_SIZE, TASK_ID } from './bounds';
import { MAX_BATCH_SIZE, TASK_ID } from './bounds';

function invalid(field: string, message: string, action?: GmsAction, code?: GmsErrorCode): GmsError {
  return new GmsError({ kind: 'invalidInput', field, action, code, message: `${field}: ${message}` });
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}

export function validateUrn(urn: unknown, field = 'urn', action?: GmsAction): string {
  if (typeof urn !== 'string') throw invalid(field, 'a URN string is required', action);
  const problem = urnProblem(urn);
  if (problem !== undefined) throw invalid(field, problem, action);
  return urn;
}

/**
 * Each item of a list checked as validateUrn checks it, `field[i]` naming the one refused; the
 * URNs in the order given. The name of an item is only built for a refused one: a list
 * restore checks 100 to 10,000 URNs a request.
 */
export function validateUrnList(urns: readonly unknown[], field: string, action?: GmsAction): string[] {
  return urns.map((urn, i) => (typeof urn === 'string' && urnProblem(urn) === undefined ? urn : validateUrn(urn, `${field}[${i}]`, action)));
}

/** A SQL LIKE pattern on the urn column (% any run, _ one character). */
export function validateUrnLike(pattern: unknown, action?: GmsAction): string {
  if (typeof pattern !== 'string' || pattern.length === 0) {
    throw invalid('urnLike', 'the pattern is empty; e.g. urn:li:dataset:(urn:li:dataPlatform:hive,%', action);
  }
  if (pattern !== pattern.trim()) throw invalid('urnLike', 'the pattern has leading or trailing spaces', action);
  if (/[\r\n\t]/.test(pattern)) throw invalid('urnLike', 'the pattern contains a line break or tab', action);
  if (Buffer.byteLength(pattern, 'utf8') > MAX_URN_BYTES) {
    throw invalid('urnLike', `the pattern is longer than ${MAX_URN_BYTES} bytes`, action);
  }
  return pattern;
}

export function validateIdentifier(value: unknown, field: string, action?: GmsAction): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(field, 'a name is required', action);
  if (!IDENTIFIER.test(value)) {
    throw invalid(field, `${describe(value)} is not a name (letters, digits and _; starting with a letter)`, action);
  }
  return value;
}

export function validateInteger(value: unknown, field: string, min: number, max: number, action?: GmsAction): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
    throw invalid(field, `expected ${range}, got ${describe(value)}`, action);
  }
  return value;
}

function validateBoolean(value: unknown, field: string, action?: GmsAction): boolean {
  if (typeof value !== 'boolean') throw invalid(field, `expected true or false, got ${describe(value)}`, action);
  return value;
}

/** Checks a restore request and returns the JSON body to send (only the fields set). */
export function restoreBody(request: RestoreRequest): Record<string, unknown> {
  const action: GmsAction = 'restoreIndices';
  if (typeof request !== 'object' || request === null) throw invalid('request', 'a restore request is required', action);
  const hasUrn = request.urn != null;
  const hasLike = request.urnLike != null;
  if (!hasUrn && !hasLike) {
    throw invalid('urn', 'give a urn or a urnLike pattern; without either, the server would restore the whole database', action, 'wholeDatabaseRestore');
  }
  if (hasUrn && hasLike) throw invalid('urnLike', 'give either urn or urnLike, not both', action);
  const body: Record<string, unknown> = {};
  if (hasUrn) body.urn = validateUrn(request.urn, 'urn', action);
  if (hasLike) body.urnLike = validateUrnLike(request.urnLike, action);
  if (request.aspect != null) body.aspect = validateIdentifier(request.aspect, 'aspect', action);
  if (request.start != null) body.start = validateInteger(request.start, 'start', 0, 2_147_483_647, action);
  if (request.batchSize != null) {
    body.batchSize = validateInteger(request.batchSize, 'batchSize', 1, MAX_BATCH_SIZE, action);
  }
  if (request.limit != null) body.limit = validateInteger(request.limit, 'limit', 0, 2_147_483_647, action);
  for (const field of ['gePitEpochMs', 'lePitEpochMs'] as const) {
    if (request[field] != null) body[field] = validateInteger(request[field], field, 0, Number.MAX_SAFE_INTEGER, action);
  }
  if (request.createDefaultAspects != null) {
    body.createDefaultAspects = validateBoolean(request.createDefaultAspects, 'createDefaultAspects', action);
  }
  return body;
}

/**
 * Checks a truncate request and returns the body: dryRun is always explicit
 * (default true) and at most one force flag is sent, only as true.
 */
export function truncateBody(request: TruncateRequest, now = Date.now()): Record<string, unknown> {
  const action: GmsAction = 'truncateTimeseriesAspect';
  if (typeof request !== 'object' || request === null) throw invalid('request', 'a truncate request is required', action);
  const body: Record<string, unknown> = {
    entityType: validateIdentifier(request.entityType, 'entityType', action),
    aspect: validateIdentifier(request.aspect, 'aspect', action),
    endTimeMillis: validateInteger(request.endTimeMillis, 'endTimeMillis', 1, Number.MAX_SAFE_INTEGER, action),
  };
  if ((body.endTimeMillis as number) > now) {
    throw invalid('endTimeMillis', `${new Date(body.endTimeMillis as number).toISOString()} is in the future; pick a past instant`, action);
  }
  body.dryRun = request.dryRun == null ? true : validateBoolean(request.dryRun, 'dryRun', action);
  if (request.batchSize != null) {
    body.batchSize = validateInteger(request.batchSize, 'batchSize', 1, MAX_BATCH_SIZE, action);
  }
  if (request.timeoutSeconds != null) {
    body.timeoutSeconds = validateInteger(request.timeoutSeconds, 'timeoutSeconds', 1, 86_400, action);
  }
  const method = request.method ?? 'auto';
  if (method === 'reindex') body.forceReindex = true;
  else if (method === 'deleteByQuery') body.forceDeleteByQuery = true;
  else if (method !== 'auto') {
    throw invalid('method', `expected 'auto', 'reindex' or 'deleteByQuery', got ${describe(method)}`, action);
  }
  return body;
}

/** A task id as the server prints it: "<nodeId>:<taskNumber>". */
export function validateTask(task: unknown): string {
  if (typeof task !== 'string' || !TASK_ID.test(task)) {
    throw invalid('task', `expected nodeId:taskNumber, e.g. qhxGdzytQS-pQek8CwBCZg:54654, got ${describe(task)}`, 'getEsTaskStatus');
  }
  // The server refuses task number 0 (OperationsResource.isTaskIdValid): no search-engine task has it.
  if (/^0+$/.test(task.slice(task.lastIndexOf(':') + 1))) {
    throw invalid('task', `the task number in ${describe(task)} is 0, which no task has; check the id the truncation returned`, 'getEsTaskStatus');
  }
  return task;
}

/** What a restore acts on, for the journal: its URN or its URN pattern (from a checked restoreBody). */
export function restoreWrite(body: Record<string, unknown>): { targets: string[] } {
  const target = body.urn ?? body.urnLike;
  return { targets: typeof target === 'string' ? [target] : [] };
}
