// The Markdown builders of the operations documents (markdownBuilders.ts lists them with the others): the
// Doctor on every connection, Compare Connections, an ingestion run's report and the operations journal.
import { buildReport } from '../../../src/doctor/logic/report';
import { allMarkdown, diagnosisOf, failedDiagnosis } from '../../../src/doctor/logic/allConnections';
import { compareMarkdown } from '../../../src/doctor/logic/compareMarkdown';
import { renderReport } from '../../../src/ingestion/logic/report';
import { journalMarkdown } from '../../../src/shared/journalRead';
import { doctorLine, type Builder } from './markdownBuilders';

export const OPERATIONS_BUILDERS: Builder[] = [
  {
    name: 'Doctor on all connections (table)',
    module: 'src/doctor/logic/allConnections.ts',
    make: (v) => allMarkdown([diagnosisOf({ name: v, gmsOrigin: v }, buildReport(v, 0, [doctorLine(v)])), failedDiagnosis({ name: v, gmsOrigin: v }, v)], 0),
  },
  {
    name: 'Compare Connections document',
    module: 'src/doctor/logic/compareMarkdown.ts',
    make: (v) =>
      compareMarkdown(
        { name: v, gmsOrigin: v, unreadable: v },
        { name: v, gmsOrigin: v },
        [{ id: 'entityCounts', title: v, rows: [{ key: v, left: v, right: v, differs: true, difference: v }], unread: { left: v, right: v } }],
        0,
      ),
  },
  {
    name: 'ingestion run report',
    module: 'src/ingestion/logic/report.ts',
    make: (v) =>
      renderReport(
        {
          urn: v,
          id: v,
          sourceUrn: v,
          requestedAt: 0,
          result: {
            status: v,
            durationMs: 1,
            report: v,
            structuredReport: {
              type: 'INGESTION_REPORT',
              contentType: 'application/json',
              serializedValue: JSON.stringify({
                source: { report: { [v]: v, failures: [{ title: v, message: v, context: [v] }], warnings: [{ title: v, message: v, context: [v] }] } },
              }),
            },
          },
        },
        v,
      ),
  },
  {
    name: 'ingestion run report, not picked up',
    module: 'src/ingestion/logic/report.ts',
    make: (v) => renderReport({ urn: v, id: v, sourceUrn: v, requestedAt: 0, result: null }, v),
  },
  {
    name: 'operations journal document',
    module: 'src/shared/journalRead.ts',
    make: (v) =>
      journalMarkdown(
        [
          {
            at: 0,
            connection: v,
            gmsOrigin: v,
            environment: v,
            command: v,
            askedBy: 'api',
            outcome: 'partial',
            summary: v,
            dryRun: { [v]: v },
            sent: { requests: 30, targets: [v, v] },
          },
        ],
        v,
      ),
  },
];
