// The Doctor's "DataHub GC" group: one line whose verdict and summary are the GC's worst finding, with each finding
// (its verdict, summary and next step) under it. Pure: the reading comes in (src/gc/logic/read.ts, read by
// ../collect.ts), the line goes out. A reading that failed is a line like any other endpoint's (a 403 names Manage
// Ingestion).
import { Commands } from '../../shared/commandIds';
import type { NextCommand } from '../../shared/statusFact';
import { formatDateTime } from '../../shared/format';
import type { GcFindingId, GcReading } from '../../gc/logic/types';
import { cap, failedReadingLine, type DoctorLine, type Reading } from './report';

export const GC_LINE_ID = 'datahubGc';
const BASE = {
  id: GC_LINE_ID,
  title: 'DataHub GC',
  source: 'POST /api/graphql (ingestionSource urn:li:dataHubIngestionSource:datahub-gc, its executions), GET /openapi/v1/entities/counts',
  privilege: 'Manage Ingestion',
};

/** The findings whose next step a command helps with: the Ingestion view shows the run, its report and its cancel. */
const NEXT: Partial<Record<GcFindingId, NextCommand>> = {
  gcFailing: Commands.listIngestionRuns,
  gcStuck: Commands.listIngestionRuns,
  gcNotRunning: Commands.listIngestionRuns,
};

export function gcLine(reading: Reading<GcReading>): DoctorLine {
  if (!reading.ok) return failedReadingLine(BASE, reading.error, reading.ms);
  const r = reading.value;
  const [worst] = r.findings;
  const { privilege: _p, ...base } = BASE;
  const last = r.runs.find((run) => run.status !== null);
  const figures: Record<string, number | string | boolean> = { findings: r.findings.length, runs: r.runs.length };
  if (last) {
    figures.lastStatus = cap(last.status ?? '', 40);
    figures.lastRequestedAt = formatDateTime(last.requestedAt);
    figures.lastHardDeleted = last.figures.hardDeleted ?? 0;
  }
  if (r.source?.nextRunAt !== undefined) figures.nextRunAt = formatDateTime(r.source.nextRunAt);
  if (r.counts) figures.dataProcessInstances = r.counts.dataProcessInstances;
  const more = r.findings.length > 1 ? ` (+${r.findings.length - 1} more)` : '';
  const next = NEXT[worst.id];
  return {
    ...base,
    verdict: worst.verdict,
    summary: `${cap(worst.summary, 400)}${more}`,
    figures,
    ...(worst.nextStep ? { nextStep: worst.nextStep } : {}),
    ...(next ? { nextCommand: next } : {}),
    findings: r.findings.map((f) => ({ verdict: f.verdict, summary: cap(f.summary, 400), ...(f.nextStep ? { nextStep: f.nextStep } : {}) })),
    ...(r.countsUnread ? { details: [`Entity counts not read: ${cap(r.countsUnread, 250)}`] } : {}),
  };
}
