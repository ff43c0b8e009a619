// The ingestion commands, loaded on the first of them (dist/features.js): datahub.listIngestionRuns reads the
// sources and runs of a window (kept for the Ingestion view), datahub.showIngestionReport a run's report as a
// read-only document, datahub.cancelIngestionRun (cancel.ts) and datahub.rollbackIngestionRun (rollback.ts).
// index.ts declares the ids; the view stays eager.
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { registerRowCommand, type RowReading } from '../platform/rowCommands';
import * as safeWindow from '../platform/safeWindow';
import { activeClient } from '../platform/activeClient';
import { ReadOnlyDocuments } from '../platform/readOnlyDocuments';
import { registrationsOf, Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { listIngestionRunsArgs, showIngestionReportArgs } from './logic/args';
import { readIngestion, type IngestionListing } from './logic/read';
import { renderReport } from './logic/report';
import { executorFact } from './logic/executorFact';
import type { ConnectionFact } from '../shared/statusFact';
import type { IngestionStore } from './store';
import { IngestionTree, type IngestionNode } from './tree';
import { cancelIngestionRun } from './cancel';
import { rollbackIngestionRun } from './rollback';
import { mdown } from '../shared/markdown';

export type ListIngestionRunsResult = IngestionListing;
export type { CancelIngestionRunResult } from './cancel';
export type { RollbackIngestionRunResult } from './rollback';

export interface ShowIngestionReportResult extends Outcome {
  documentUri: string;
  /** The run's status; null when it has no result (never picked up). */
  status: string | null;
}

export const REPORT_SCHEME = 'datahub-ingestion-report';

type RunNode = Extract<IngestionNode, { kind: 'run' }>;
const isRun = (v: object): v is RunNode => (v as { kind?: unknown }).kind === 'run';
const byUrn: RowReading<RunNode> = { isRow: isRun, argsOf: (row) => ({ executionRequestUrn: row.run.urn }), api: true };
const byRunId: RowReading<RunNode> = { isRow: isRun, argsOf: (row) => ({ runId: row.run.id }), api: true };

/** The Doctor's line for the executor, from the view's last reading (index.ts registers it; nothing is read here). */
export function ingestionFacts(store: IngestionStore): ConnectionFact[] {
  const { connection, listing, readAt } = store;
  return connection !== undefined && listing && readAt !== undefined ? [executorFact(connection, listing, readAt)] : [];
}

/** The view's rows (index.ts creates the view at activation; this code loads when it is first drawn). */
export function createTree(store: IngestionStore): IngestionTree {
  return new IngestionTree(store);
}

export function registerCommands(services: Services, store: IngestionStore): vscode.Disposable[] {
  const docs = new ReadOnlyDocuments(REPORT_SCHEME, 'Ingestion run', mdown`# This report is gone\n\nRun **DataHub: Show Ingestion Report** again.`);
  const refreshAfter = <R>(result: R): R => {
    // A cancel or rollback changed a run: the view reads again (quietly) when it holds a listing.
    if (store.listing) void vscode.commands.executeCommand(Commands.listIngestionRuns, { hours: 24 }).then(undefined, () => undefined);
    return result;
  };
  return registrationsOf(
    'ingestion',
    docs.register(),
    registerCommand(services, Commands.listIngestionRuns, async (arg, run): Promise<ListIngestionRunsResult> => {
      const args = parseArgs(Commands.listIngestionRuns, listIngestionRunsArgs, arg ?? {});
      const active = await activeClient(services, run, { action: 'graphql', writes: false });
      const connection = active.connection.name;
      store.forConnection(connection);
      const query = { hours: args.hours ?? 24, ...(args.source ? { source: args.source } : {}) };
      const listing = await store.busyWith('reading', async () => {
        try {
          const read = await run.progress(
            'Reading ingestion runs',
            (signal) => readIngestion(active.client.ingestion, connection, query, Date.now(), signal),
            run.mode === 'ui' ? { viewId: 'datahub.ingestion' } : undefined,
            store.signal(),
          );
          store.keep(read, Date.now());
          return read;
        } catch (error) {
          store.setError(error instanceof Error ? error.message : String(error));
          throw error;
        }
      });
      if (run.mode === 'ui') void vscode.commands.executeCommand('datahub.ingestion.focus');
      if (run.interactive) void safeWindow.showInformationMessage(listing.message);
      return listing;
    }),
    registerRowCommand(services, Commands.cancelIngestionRun, byUrn, async (arg, run) => refreshAfter(await cancelIngestionRun(services, arg, run))),
    registerRowCommand(services, Commands.rollbackIngestionRun, byRunId, async (arg, run) => refreshAfter(await rollbackIngestionRun(services, arg, run))),
    registerRowCommand(services, Commands.showIngestionReport, byUrn, async (arg, run): Promise<ShowIngestionReportResult> => {
      const args = parseArgs(Commands.showIngestionReport, showIngestionReportArgs, arg ?? {});
      const active = await activeClient(services, run, { action: 'graphql', writes: false });
      const detail = await active.client.ingestion.executionRequest(args.executionRequestUrn);
      if (!detail) throw new Error(`${Commands.showIngestionReport}: "${active.connection.name}" has no execution request ${args.executionRequestUrn}.`);
      const sourceName = store.listing?.sources.find((s) => s.urn === detail.sourceUrn)?.name;
      const uri = docs.add(detail.id, renderReport(detail, sourceName));
      if (run.mode === 'ui') await vscode.commands.executeCommand('markdown.showPreview', uri);
      const status = detail.result?.status ?? null;
      const message =
        status === null
          ? `Run ${detail.id} has no result: the executor (datahub-actions) never picked it up, so there is no report yet.`
          : `The report of run ${detail.id} (${status}) is open as a read-only document.`;
      return { message, documentUri: uri.toString(), status };
    }),
  );
}
