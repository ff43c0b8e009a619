// datahub.inspectUrn: one URN, what the database holds beside what search holds. Reads, each on its
// own (a section that cannot be read says why, and the others are there):
//   the entity's aspects with system metadata (v3 entity read), the search document (entity/raw),
//   DataHub's consistency checks for the URN, and its recent changes (the timeline);
// then compares them field by field (logic/inspect.ts) and shows a read-only Markdown document
// (scheme datahub-inspect:, logic/inspectDocument.ts) in the preview, with the next steps (our
// own commands, arguments built from the URN) as the notification's buttons.
//   palette: a URN prompt; editor context menu (a Uri): the URN at the cursor; hover link and
//   typed API: { urn }. Sends nothing that writes.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { pickUrn } from '../platform/urnPicker';
import { urnAtActiveCursor } from '../platform/urnAtCursor';
import { activeClient } from '../platform/activeClient';
import { activeTitle } from '../platform/titles';
import { exposeToApi, isArgObject, registerVscodeCommand, registrationWith, runCommand, type CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { Commands } from '../shared/commandIds';
import { normaliseUrnInput } from '../shared/findUrn';
import { parseUrn } from '../gms/urn';
import { shortenUrn } from '../restore/logic/restoreFormat';
import { inspectUrnArgs } from './logic/args';
import { databaseFields, isUnreadable, VERDICT_TEXT, type FieldDifference, type InspectVerdict, type NextStep } from './logic/inspect';
import { readFacts } from './logic/inspectRead';
import { renderInspectDocument, type InspectReport } from './logic/inspectDocument';
import { ReadOnlyDocuments } from '../platform/readOnlyDocuments';

export const INSPECT_COMMAND = Commands.inspectUrn;
export const INSPECT_SCHEME = 'datahub-inspect';

export interface InspectUrnResult extends Outcome {
  urn: string;
  verdict: InspectVerdict;
  /** unreadable: why this side could not be read (then exists is false and means "not known"). */
  database: { exists: boolean; removed?: boolean; aspects: Array<{ name: string; lastObserved?: number; runId?: string }>; unreadable?: string };
  search: { found: boolean; index?: string; document?: Record<string, unknown>; unreadable?: string };
  differences: FieldDifference[];
  checks: Array<{ checkId: string; description: string; fixType: string }>;
  nextSteps: NextStep[];
  /** The document (datahub-inspect: scheme, Markdown). */
  documentUri: string;
}

export function resultOf(r: InspectReport, documentUri: string): InspectUrnResult {
  const db = r.database;
  const s = r.search;
  const c = r.checks;
  return {
    message: `${shortenUrn(r.urn, 80)}: ${VERDICT_TEXT[r.verdict]}.`,
    urn: r.urn,
    verdict: r.verdict,
    database: isUnreadable(db)
      ? { exists: false, aspects: [], unreadable: db.unreadable }
      : {
          exists: db.exists,
          ...(db.exists ? { removed: databaseFields(db.aspects).get('removed') === 'true' } : {}),
          aspects: db.aspects.map((a) => ({
            name: a.name,
            ...(a.systemMetadata?.lastObserved !== undefined ? { lastObserved: a.systemMetadata.lastObserved } : {}),
            ...(a.systemMetadata?.runId !== undefined ? { runId: a.systemMetadata.runId } : {}),
          })),
        },
    search: isUnreadable(s)
      ? { found: false, unreadable: s.unreadable }
      : s.found
        ? { found: true, ...(s.index ? { index: s.index } : {}), document: s.document }
        : { found: false },
    differences: r.differences,
    checks:
      isUnreadable(c) || !c.indexed ? [] : c.issues.map((i) => ({ checkId: i.checkId ?? '', description: i.description ?? '', fixType: i.fixType ?? '' })),
    nextSteps: r.nextSteps,
    documentUri,
  };
}

function urnOf(arg: unknown): string | undefined {
  if (arg instanceof vscode.Uri) return urnAtActiveCursor()[0]?.value;
  if (!isArgObject(arg)) return undefined;
  const urn = normaliseUrnInput(parseArgs(INSPECT_COMMAND, inspectUrnArgs, arg as Record<string, unknown>).urn);
  const parsed = parseUrn(urn);
  if (!parsed.ok) throw new Error(`${INSPECT_COMMAND}: "urn" is not a URN: ${parsed.reason}. Nothing was sent.`);
  return urn;
}

function offerNextSteps(message: string, verdict: InspectVerdict, steps: NextStep[]): void {
  const show = verdict === 'inSync' ? safeWindow.showInformationMessage : safeWindow.showWarningMessage;
  // Our own commands with the arguments built from the URN; at most two buttons (the dry run before the apply).
  const offered = steps.slice(0, 2);
  void show(message, ...offered.map((s) => s.title)).then((choice) => {
    const step = offered.find((s) => s.title === choice);
    if (step) void vscode.commands.executeCommand(step.command, step.args);
  });
}

async function inspectUrn(services: Services, docs: ReadOnlyDocuments, arg: unknown, run: CommandRun): Promise<InspectUrnResult | undefined> {
  let urn = urnOf(arg);
  const active = await activeClient(services, run, { action: 'readEntity', writes: false });
  urn ??= isArgObject(arg)
    ? undefined
    : await pickUrn(services, {
        title: activeTitle(services, 'DataHub: Inspect URN'),
        prompt: 'The entity to compare in the database and in search. A DataHub link or URL-encoded URN works too.',
        placeHolder: 'A URN, or a name to search DataHub for',
      });
  if (!urn) return undefined;
  const target = urn;
  const interactive = run.mode !== 'api';
  const report = await safeWindow.runCancellable(
    interactive ? { location: vscode.ProgressLocation.Notification, title: `Inspecting ${shortenUrn(target, 60)}` } : undefined,
    undefined,
    (signal) => readFacts(active.client, active.connection.name, target, signal),
  );
  const uri = docs.add(shortenUrn(target, 60), renderInspectDocument(report));
  const result = resultOf(report, uri.toString());
  services.log.info(`Inspect URN ${target}: ${report.verdict} (${report.differences.length} difference(s))`);
  if (interactive) {
    await vscode.commands.executeCommand('markdown.showPreview', uri);
    offerNextSteps(result.message, report.verdict, report.nextSteps);
  }
  return result;
}

export function registerInspectUrn(services: Services) {
  const docs = new ReadOnlyDocuments(INSPECT_SCHEME, 'Inspect', '# This inspection is gone\n\nRun **DataHub: Inspect URN: Database vs Search…** again.');
  // Registered directly: a Uri from the editor context menu is an interactive call, not an argument object.
  const command = registerVscodeCommand(INSPECT_COMMAND, (arg?: unknown) =>
    runCommand(services, INSPECT_COMMAND, isArgObject(arg) && !(arg instanceof vscode.Uri) ? arg : undefined, (_a, run) =>
      inspectUrn(services, docs, arg, run),
    ),
  );
  const api = exposeToApi(INSPECT_COMMAND, (arg) =>
    runCommand(services, INSPECT_COMMAND, arg ?? {}, (_a, run) => inspectUrn(services, docs, arg ?? {}, run), 'api'),
  );
  return registrationWith(command, docs.register(), api);
}
