// The Markdown builders of src/ with a value in every server or caller field, and the hostile values:
// the fixtures of markdown-inert.test.ts (each builder renders inert) and markdown-builders.test.ts
// (the list is every builder in src/).
import type { ExplanationNode } from '../../../src/gms/types';
import type { DoctorLine } from '../../../src/doctor/logic/report';
import { buildReport } from '../../../src/doctor/logic/report';
import { reportMarkdown } from '../../../src/doctor/logic/markdown';
import { failedGroupTooltipMarkdown, lineTooltipMarkdown } from '../../../src/doctor/logic/tooltips';
import { renderExplainDocument, type ExplainReport } from '../../../src/health/logic/explainReport';
import { renderInspectDocument, type InspectReport } from '../../../src/health/logic/inspectDocument';
import { groupTooltipMarkdown, indexTooltipMarkdown } from '../../../src/indices/logic/tooltipText';
import { entitiesToMarkdown, toMarkdown } from '../../../src/insights/logic/export';
import { hoverMarkdown } from '../../../src/restore/logic/hoverText';
import { mdown, plain, rawCell, rawText, code, codeCell, codeBlock, htmlText, link, type Markdown } from '../../../src/shared/markdown';

export { ALL, HOSTILE } from './hostileText';
import { OPERATIONS_BUILDERS } from './markdownBuilders-operations';
import { GC_PLAN_BUILDERS } from './markdownBuilders-gcPlan';

/** One builder: what it makes from a value in every server field. */
export interface Builder {
  name: string;
  /** The source module, relative to the repository root. */
  module: string;
  make: (value: string) => Markdown;
  /** A tooltip or hover shown with theme icons on: a server's "$(…)" must stay escaped. */
  themeIcons?: boolean;
}

function inspectReport(v: string): InspectReport {
  return {
    urn: `urn:li:dataset:(urn:li:dataPlatform:hive,${v},PROD)`,
    connection: v,
    verdict: 'searchStale',
    database: {
      exists: true,
      aspects: [
        { name: v, value: { name: v }, systemMetadata: { lastObserved: 1, runId: v, version: v } },
        { name: 'status', value: { removed: false } },
      ],
    },
    search: { found: true, index: v, document: { name: v, description: v, platform: v, origin: v, removed: false, tags: [v], owners: [v], runId: v } },
    checks: { indexed: true, issues: [{ entityUrn: v, checkId: v, fixType: v, description: v }] },
    timeline: { changes: [{ timestamp: 1, actor: v, events: [{ category: v, operation: v, description: v }] }] },
    differences: [{ field: 'description', database: v, search: v }],
    nextSteps: [{ title: 'Restore Indices for this URN', command: 'datahub.restoreIndices', args: { urn: v, verify: true }, why: 'writes it again' }],
  } as InspectReport;
}

/** Every side unreadable: the reasons hold the server's error text (a 500's message). */
export function inspectUnreadable(v: string): InspectReport {
  const why = { unreadable: `The database read (GET /openapi/v3/entity) failed: DataHub answered 500: ${v}` };
  return { ...inspectReport(v), verdict: 'unknown', database: why, search: why, checks: why, timeline: why, differences: [], nextSteps: [] };
}

const node = (match: boolean, value: number, description: string, details: ExplanationNode[] = []): ExplanationNode => ({ match, value, description, details });

function explainReport(v: string, over: Partial<ExplainReport> = {}): ExplainReport {
  return {
    urn: `urn:li:dataset:(urn:li:dataPlatform:hive,${v},PROD)`,
    query: v,
    entityName: v,
    connection: v,
    explanation: {
      index: v,
      id: v,
      exists: true,
      match: false,
      explanation: node(false, 0, v, [node(false, 0, `no match on required clause (name.delimited:${v})`), node(false, 0, v)]),
    },
    raw: { state: 'present', document: { name: v, description: v, owners: [v] } },
    firstMatch: { urn: `urn:li:corpuser:${v}`, score: 1.5, diff: v, note: v },
    ...over,
  };
}

export const doctorLine = (v: string): DoctorLine => ({
  id: 'consumer:x',
  title: v,
  verdict: 'warning',
  summary: v,
  figures: { [v]: v, lag: 3 },
  nextStep: v,
  nextCommand: 'datahub.checkSearchHealth',
  source: v,
  details: [v],
});

const indexSize = (v: string, named: boolean | undefined) => ({
  indexName: `dataset_${v}aspect_v1`,
  entityName: v,
  aspectName: v,
  sizeMb: 12.5,
  sizeSource: 'legacy' as const,
  named,
});

export const BUILDERS: Builder[] = [
  { name: 'Inspect URN document', module: 'src/health/logic/inspectDocument.ts', make: (v) => renderInspectDocument(inspectReport(v)) },
  {
    name: 'Inspect URN document, every side unreadable (error text)',
    module: 'src/health/logic/inspectDocument.ts',
    make: (v) => renderInspectDocument(inspectUnreadable(v)),
  },
  { name: 'Explain Search document', module: 'src/health/logic/explainReport.ts', make: (v) => renderExplainDocument(explainReport(v)) },
  {
    name: 'Explain Search document, raw read failed, no first match',
    module: 'src/health/logic/explainReport.ts',
    make: (v) => renderExplainDocument(explainReport(v, { raw: { state: 'unknown', reason: v }, firstMatch: undefined, firstMatchNote: v })),
  },
  {
    name: 'Explain Search document, matched',
    module: 'src/health/logic/explainReport.ts',
    make: (v) => {
      const r = explainReport(v);
      return renderExplainDocument({
        ...r,
        explanation: { ...r.explanation, match: true, explanation: node(true, 2, v, [node(true, 2, `weight(name:${v} in 1)`)]) },
      });
    },
  },
  {
    name: 'Doctor report (Copy as Markdown)',
    module: 'src/doctor/logic/markdown.ts',
    make: (v) => reportMarkdown(buildReport(v, 0, [doctorLine(v), { ...doctorLine(v), id: 'systemInfo', figures: { gmsVersion: v } }])),
  },
  { name: 'Doctor line tooltip', module: 'src/doctor/logic/tooltips.ts', make: (v) => lineTooltipMarkdown(doctorLine(v), 'Warning') },
  {
    name: 'Doctor failed-write group tooltip',
    module: 'src/doctor/logic/tooltips.ts',
    make: (v) =>
      failedGroupTooltipMarkdown({
        error: v,
        count: 7,
        first: { partition: 0, offset: 1 },
        last: { partition: 1, offset: 9 },
        urns: [v, v, v, v, v, v],
        urnCount: 6,
        aspects: [v, v],
        aspectCount: 2,
      }),
  },
  {
    name: 'index sizes Markdown table',
    module: 'src/insights/logic/export.ts',
    make: (v) => toMarkdown([{ connection: v, fetchedAt: v, entityName: v, aspectName: v, indexName: v, sizeMb: 1 }]),
  },
  {
    name: 'entity counts Markdown table',
    module: 'src/insights/logic/export.ts',
    make: (v) =>
      entitiesToMarkdown([
        {
          connection: v,
          countedAt: v,
          source: 'search',
          entityType: v,
          active: 1,
          softDeleted: 0,
          documents: 1,
          changeSincePrevious: -2,
          previousAt: v,
          perDay: 1,
        },
      ]),
  },
  {
    name: 'index group tooltip',
    module: 'src/indices/logic/tooltipText.ts',
    themeIcons: true,
    make: (v) =>
      groupTooltipMarkdown({
        kind: 'group',
        entityName: v,
        group: { entityName: v, indices: [indexSize(v, true)], totalMb: 12.5, unknownCount: 1 },
        connection: v,
        snapshotTotalMb: 100,
        overThreshold: true,
        thresholdGb: 1,
      }),
  },
  {
    name: 'index tooltip (named)',
    module: 'src/indices/logic/tooltipText.ts',
    themeIcons: true,
    make: (v) =>
      indexTooltipMarkdown(
        { kind: 'index', index: indexSize(v, true), entityName: v, connection: v, snapshotTotalMb: 100, overThreshold: true, thresholdGb: 1 },
        v,
      ),
  },
  {
    name: 'index tooltip (not named by the server)',
    module: 'src/indices/logic/tooltipText.ts',
    themeIcons: true,
    make: (v) =>
      indexTooltipMarkdown({
        kind: 'index',
        index: indexSize(v, false),
        entityName: v,
        connection: v,
        snapshotTotalMb: 100,
        overThreshold: false,
        thresholdGb: 0,
      }),
  },
  {
    name: 'URN hover',
    module: 'src/restore/logic/hoverText.ts',
    themeIcons: true,
    make: (v) =>
      hoverMarkdown(
        { urn: `urn:li:dataset:(urn:li:dataPlatform:hive,${v},PROD)`, entityType: v, encoded: true },
        `http://127.0.0.1:9002/dataset/${encodeURIComponent(v)}`,
      ),
  },
  // The helper's own pieces, each on its own.
  { name: 'mdown string value', module: 'src/shared/markdown.ts', make: (v) => mdown`Text ${v} and a cell:\n\n| a | b |\n|---|---|\n| ${v} | x |` },
  {
    name: 'plain (tooltips: theme icons on)',
    module: 'src/shared/markdown.ts',
    themeIcons: true,
    make: (v) => mdown`${plain(v)}\n\n**${plain(v)}**: ${plain(v)}`,
  },
  {
    name: 'code / codeCell / rawCell / rawText',
    module: 'src/shared/markdown.ts',
    make: (v) => mdown`${code(v)}\n\n${rawText(v)}\n\n| ${codeCell(v)} | ${rawCell(v)} |\n|---|---|`,
  },
  {
    name: 'codeBlock / htmlText / link',
    module: 'src/shared/markdown.ts',
    make: (v) => mdown`${codeBlock(v, v)}\n\n<pre><code>${htmlText(v)}</code></pre>\n\n${link(plain(v), `command:datahub.inspectUrn?${v}`, v)}`,
  },
  ...OPERATIONS_BUILDERS,
  ...GC_PLAN_BUILDERS,
];

/** Modules that use the helper without building a document of their own (sinks, our literal texts, a join). */
export const NOT_BUILDERS: Record<string, string> = {
  'src/platform/readOnlyDocuments.ts': 'the sink of the previewed documents: takes a Markdown',
  'src/platform/markdownTooltip.ts': 'the one place a vscode.MarkdownString is made: takes a Markdown',
  'src/insights/exportIndexSizes.ts': 'joins the two tables of export.ts',
  'src/health/inspectUrn.ts': 'its "gone" text, a literal without values',
  'src/health/explainSearch.ts': 'its "gone" text, a literal without values',
  'src/doctor/doctorTree.ts': 'shows logic/tooltips.ts through markdownTooltip',
  'src/indices/indexTreeItems.ts': 'shows logic/tooltipText.ts through markdownTooltip',
  'src/restore/editor/hover.ts': 'shows logic/hoverText.ts through markdownTooltip',
  'src/doctor/commands.ts': 'copies reportMarkdown',
  'src/connections/journalCommands.ts': 'shows journalMarkdown; its "gone" text, a literal without values',
  'src/ingestion/commands.ts': 'shows renderReport; its "gone" text, a literal without values',
  'src/doctor/allCommands.ts': 'shows allMarkdown and compareMarkdown; its "gone" text, a literal without values',
  'src/gc/commands.ts': 'shows planMarkdown (plan.ts, apply.ts); its "gone" text, a literal without values',
};
