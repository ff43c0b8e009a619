// The advanced truncate options (batch size, timeout, method): parsing typed
// text and checking a program's argument object with the same limits the
// client enforces. Pure: no vscode import.
import { describe, oneOf, parseArgs, wholeNumber as wholeNumberArg } from '../../shared/args';
import * as z from '../../shared/zod';
import { BATCH_SIZE_MAX, METHODS, TIMEOUT_SECONDS_MAX, type MethodChoice, type TruncateOptions } from './optionValues';

export { BATCH_SIZE_MAX, DEFAULT_OPTIONS, METHODS, TIMEOUT_SECONDS_MAX, type MethodChoice, type TruncateOptions } from './optionValues';

function wholeNumber(text: string, what: string, max: number): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const t = text.trim().replace(/[_,]/g, '');
  if (t === '') return { ok: true, value: undefined };
  if (!/^\d+$/.test(t))
    return { ok: false, message: `${what} must be a whole number from 1 to ${max.toLocaleString('en-US')}, or empty for the server default.` };
  const n = Number(t);
  if (n < 1 || n > max) return { ok: false, message: `${what} must be from 1 to ${max.toLocaleString('en-US')} (empty: the server default).` };
  return { ok: true, value: n };
}

/** Typed batch size: a number, or empty for the server default. */
export function parseBatchSize(text: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  return wholeNumber(text, 'Batch size', BATCH_SIZE_MAX);
}

/** Typed timeout in seconds: a number, or empty for the server default. */
export function parseTimeoutSeconds(text: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  return wholeNumber(text, 'Timeout', TIMEOUT_SECONDS_MAX);
}

export function methodName(method: MethodChoice): string {
  return METHODS.find((m) => m.id === method)?.label ?? method;
}

/** "auto · default batch size · default timeout" for the collapsed options entry. */
export function formatOptions(options: TruncateOptions): string {
  return [
    methodName(options.method).toLowerCase(),
    options.batchSize !== undefined ? `batch size ${options.batchSize.toLocaleString('en-US')}` : 'default batch size',
    options.timeoutSeconds !== undefined ? `timeout ${options.timeoutSeconds.toLocaleString('en-US')} s` : 'default timeout',
  ].join(' · ');
}

const limit = (max: number) => (field: string) => `"${field}" must be a whole number from 1 to ${max}.`;

/** The options' fields of an argument object (null reads as absent), with the client's limits. */
export const truncateOptionFields = {
  batchSize: describe(z.optional(z.nullable(wholeNumberArg(limit(BATCH_SIZE_MAX), 1, BATCH_SIZE_MAX))), "Default: the server's."),
  timeoutSeconds: describe(z.optional(z.nullable(wholeNumberArg(limit(TIMEOUT_SECONDS_MAX), 1, TIMEOUT_SECONDS_MAX))), "Default: the server's."),
  method: describe(
    z.optional(
      z.nullable(
        oneOf(METHODS.map((m) => m.id) as [MethodChoice, ...MethodChoice[]], `"method" must be one of ${METHODS.map((m) => `'${m.id}'`).join(', ')}.`),
      ),
    ),
    "'auto' (the server decides), 'deleteByQuery' or 'reindex'.",
  ),
};
const truncateOptionsArgs = z.object(truncateOptionFields);

/** Reads the options of a program's argument object; throws with what is wrong. */
export function optionsFromArgs(arg: unknown, command: string): TruncateOptions {
  const parsed = parseArgs(command, truncateOptionsArgs, arg);
  return {
    method: parsed.method ?? 'auto',
    ...(parsed.batchSize != null ? { batchSize: parsed.batchSize } : {}),
    ...(parsed.timeoutSeconds != null ? { timeoutSeconds: parsed.timeoutSeconds } : {}),
  };
}
