// Small readers shared by the Doctor's answer parsers (doctorAnswers.ts, doctorKafkaAnswers.ts): values of
// a parsed JSON answer taken only when of the expected type, server texts capped, results without
// undefined fields.
import { invalidResponse } from '../errorMapping';
import { MESSAGE_TEXT_MAX } from '../doctorTypes';
import type { GmsAction } from '../types';

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Obj => (isObj(v) ? v : {});
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
/** A finite number, or a string of one (Jackson writes longs as numbers, but maps keyed by number arrive as strings). */
export const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
};
export const int = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
};

/** Own enumerable entries, "__proto__" included as an ordinary key. */
export function setKey<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Adds only the defined fields (the result types leave unknown figures out rather than holding undefined). */
export function defined<T extends object>(base: T, extra: Record<string, unknown>): T {
  const out = base as Record<string, unknown>;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) out[k] = v;
  return base;
}

/** Text cut to `max` characters; says whether it was cut. */
export function capText(text: string, max = MESSAGE_TEXT_MAX): { text: string; truncated: boolean } {
  return text.length > max ? { text: text.slice(0, max), truncated: true } : { text, truncated: false };
}

export const shortLine = (text: string | undefined, max = 300): string | undefined => {
  if (text === undefined) return undefined;
  const first = text.trim().split(/\r?\n/)[0]?.trim() ?? '';
  if (first === '') return undefined;
  return first.length > max ? `${first.slice(0, max)}…` : first;
};

export function expectObject(action: GmsAction, value: unknown, what: string, raw: string): Obj {
  if (!isObj(value)) throw invalidResponse(action, `expected ${what}`, raw);
  return value;
}
