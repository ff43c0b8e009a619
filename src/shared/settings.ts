// Numeric settings as the extension uses them: a value outside the documented
// range (a workspace's 0.0005 s timeout, a negative count) is clamped into it.

export interface NumberRange {
  min: number;
  max: number;
  fallback: number;
}

export const TIMEOUT_SECONDS: NumberRange = { min: 1, max: 600, fallback: 30 };

/** The value, clamped into [min, max]; the fallback when it is not a finite number. */
export function clampSetting(value: unknown, range: NumberRange): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return range.fallback;
  return Math.min(range.max, Math.max(range.min, value));
}
