// A line of the upgrade readiness report (a Doctor-shaped fact) and a reading that may have failed. Pure.
import type { StatusFact } from '../../../shared/statusFact';
import { uiLine } from '../../../shared/uiText';

export type Reading<T> = { ok: true; value: T } | { ok: false; why: string; notOffered?: boolean };

export type ReadinessLine = StatusFact;

export function unread(id: string, title: string, source: string, r: { why: string; notOffered?: boolean }, nextStep: string): ReadinessLine {
  return { id, title, source, verdict: r.notOffered ? 'notOffered' : 'unreadable', summary: uiLine(r.why, 200), figures: {}, nextStep };
}
