// The DataHub Doctor's report: one line per fact about a connection, each with a verdict, a summary and
// the next step in words. Pure: no vscode, no undici; only types from src/gms and helpers from src/shared.
// A failed reading becomes 'notOffered' (the server has no such endpoint: isNotOffered) or 'unreadable'
// (401/403 naming the privilege, timeout, network, 5xx), never a verdict about the fact itself.

import { isGmsError, isNotOffered } from '../../gms/errors';
import { uiLine } from '../../shared/uiText';
import { formatDuration } from '../../shared/format';
import { Commands } from '../../shared/commandIds';
import type { FactVerdict, NextCommand, StatusFact } from '../../shared/statusFact';

export type Verdict = FactVerdict;

/** The verdicts from worst to best-informed, for sorting and counting. */
export const VERDICTS: readonly Verdict[] = ['failing', 'warning', 'unreadable', 'notOffered', 'ok'];

/** One line of the report: a fact (src/shared/statusFact.ts), read by the Doctor or given by another view. */
export type DoctorLine = StatusFact;

export interface DoctorReport {
  /** The connection's name as the person gave it. */
  connection: string;
  /** Epoch ms the readings started. */
  at: number;
  lines: DoctorLine[];
  counts: Record<Verdict, number>;
}

/** One endpoint's reading, as the feature fills it (each read separately, in parallel, with a timeout). */
export type Reading<T> = { ok: true; value: T; ms: number } | { ok: false; error: unknown; ms: number };

/** Longest server text in a summary. */
export const SUMMARY_MAX = 200;
/** Longest server text in one detail line. */
export const DETAIL_MAX = 300;
/** Most detail lines on one report line. */
export const DETAILS_MAX = 20;

/** Server text made safe and short for a summary or a detail (one line, no links, no control characters). */
export function cap(text: unknown, max: number = SUMMARY_MAX): string {
  return uiLine(text, max);
}

/** Details capped in count and length; a last line says how many were left out. */
export function capDetails(details: readonly string[]): string[] {
  const kept = details.slice(0, DETAILS_MAX).map((d) => cap(d, DETAIL_MAX));
  if (details.length > DETAILS_MAX) kept.push(`… and ${details.length - DETAILS_MAX} more`);
  return kept;
}

/** Error kinds that mean GMS itself did not answer: said once, in full, on the first line that met them. */
const UNREACHABLE_KINDS = new Set(['network', 'tls', 'timeout']);

/**
 * The report; when GMS could not be reached, only the first line so read says so with its next step,
 * the later ones read "not read (as above)" so one outage does not make every line shout.
 */
export function buildReport(connection: string, at: number, lines: readonly DoctorLine[]): DoctorReport {
  const counts: Record<Verdict, number> = { ok: 0, warning: 0, failing: 0, notOffered: 0, unreadable: 0 };
  const said = new Set<string>();
  const quiet = lines.map((line) => {
    counts[line.verdict]++;
    const kind = line.figures.errorKind;
    if (line.verdict !== 'unreadable' || typeof kind !== 'string' || !UNREACHABLE_KINDS.has(kind)) return line;
    if (!said.has(kind)) {
      said.add(kind);
      return line;
    }
    const { nextStep: _step, nextCommand: _command, nextArgs: _args, ...rest } = line;
    return { ...rest, summary: 'not read (as above)' };
  });
  return { connection, at, lines: quiet, counts };
}

/** What a line needs to say about a reading that failed. */
export interface LineBase {
  id: string;
  title: string;
  source: string;
  /** The privilege the endpoint checks, as DataHub's UI names it (e.g. 'Manage System Operations'); absent when any user may read it. */
  privilege?: string;
  /** The release that brought the endpoint, for "not offered by this server (DataHub before …)". */
  offeredSince?: string;
}

export const MANAGE_SYSTEM_OPERATIONS = 'Manage System Operations';

/** The line for a reading that failed: notOffered or unreadable, short and specific. */
export function failedReadingLine(base: LineBase, error: unknown, ms: number): DoctorLine {
  const { id, title, source } = base;
  if (isNotOffered(error)) {
    const before = base.offeredSince
      ? ` (DataHub before ${base.offeredSince}, or its OpenAPI servlet is off)`
      : ' (an older DataHub, or its OpenAPI servlet is off)';
    return { id, title, source, verdict: 'notOffered', summary: `not offered by this server${before}`, figures: {} };
  }
  const kind = isGmsError(error) ? error.kind : 'unknown';
  const status = isGmsError(error) ? error.status : undefined;
  const said = error instanceof Error ? cap(error.message, DETAIL_MAX) : cap(String(error), DETAIL_MAX);
  const figures: Record<string, number | string | boolean> = { errorKind: kind, readMs: Math.round(ms) };
  if (status !== undefined) figures.httpStatus = status;
  const line = (summary: string, nextStep: string, nextCommand?: NextCommand): DoctorLine => ({
    id,
    title,
    source,
    verdict: 'unreadable',
    summary,
    figures,
    nextStep,
    ...(nextCommand ? { nextCommand } : {}),
    details: [said],
  });
  switch (kind) {
    case 'unauthorized':
      return line('not read: the token was refused (401)', 'set a valid access token for this connection', Commands.setAccessToken);
    case 'forbidden': {
      const privilege = base.privilege;
      // An endpoint any login may read (maintenance, readiness) that still answers 403: a proxy or policy in front of it.
      if (privilege === undefined)
        return line('not read: refused (403)', "this endpoint needs only a login: look at what refuses it (a proxy, the token's scope)");
      return line(
        `not read: this token lacks the ${privilege} privilege (403)`,
        `grant the token's user the ${privilege} privilege (a DataHub policy), or use an admin's token`,
      );
    }
    case 'timeout':
      return line(`not read: no answer within ${formatDuration(ms)}`, 'retry; is GMS up and not overloaded?');
    case 'network':
    case 'tls':
      return line('not read: GMS could not be reached', 'retry; is GMS up? check the connection', Commands.testConnection);
    case 'server':
      return line(`not read: GMS failed (${status ?? '5xx'})`, 'retry; is GMS up? look at the GMS log');
    case 'cancelled':
      return line('not read: cancelled', 'run the Doctor again');
    default:
      return line(`not read: ${cap(said, 120)}`, 'retry; is GMS up?');
  }
}
