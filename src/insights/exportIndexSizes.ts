// DataHub: Export Index Sizes… (CSV or JSON through a save dialog) and
// Copy Index Sizes as Markdown Table. Both use the last fetch, fetching first
// when there is none yet; both offer the entity counts too, with their growth, once
// the connection was counted (DataHub: Count Entities).
// Programmatic: datahub.exportIndexSizes({ format: 'csv' | 'json', path, what? }) -> { path, rows }
//               datahub.copyIndexSizesMarkdown() -> { markdown }
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { IndexSizesSnapshot, Services } from '../platform/services';
import {
  defaultEntityExportFileName,
  defaultExportFileName,
  entitiesToMarkdown,
  entitiesToText,
  entityExportRows,
  exportRows,
  toCsv,
  toJson,
  toMarkdown,
  type EntityExportRow,
  type ExportFormat,
  type ExportRow,
} from './logic/export';
import type { EntityCountsFeed } from './insights';
import { ALL_TYPES } from './logic/history';
import { formatIndexCount } from '../shared/format';
import { confirmStep, registerCommand, type CommandRun } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';
import { joinMarkdown } from '../shared/markdown';
import { parseArgs } from '../shared/args';
import { exportIndexSizesArgs } from './logic/args';

type ExportWhat = 'indexSizes' | 'entityCounts';

const FORMATS: Record<ExportFormat, { label: string; detail: string; filter: string }> = {
  csv: { label: 'CSV', detail: 'For spreadsheets: one row per index, sizes in decimal MB.', filter: 'CSV' },
  json: { label: 'JSON', detail: 'For scripts: an array of objects with the same fields.', filter: 'JSON' },
};

const ENTITY_FORMATS: Record<ExportFormat, { label: string; detail: string }> = {
  csv: { label: 'Entity Counts as CSV', detail: 'One row per entity type: active, soft-deleted, the change since the reading before and per day.' },
  json: { label: 'Entity Counts as JSON', detail: 'The same fields, for scripts.' },
};

/** The entity counts of a connection with their growth, as exported; empty when it was never counted. */
async function entityRowsOf(feed: EntityCountsFeed | undefined, connection: { name: string; gmsUrl: string }): Promise<EntityExportRow[]> {
  if (!feed) return [];
  await feed.load().catch(() => undefined); // a damaged file is logged by its store; the reading of this window still counts
  const { name, gmsUrl } = connection;
  return entityExportRows(name, feed.reading(name, gmsUrl), feed.history(name, gmsUrl));
}

/** The last fetch of the active connection, or a new fetch when there is none. */
async function currentSnapshot(services: Services, run: CommandRun): Promise<IndexSizesSnapshot> {
  const current = services.indexSizes.current;
  if (current) return current;
  run.errorContext = { ...run.errorContext, action: 'getIndexSizes', connection: services.connections.active() };
  return safeWindow.withProgress({ location: vscode.ProgressLocation.Notification, title: 'DataHub: fetching index sizes…' }, () =>
    services.indexSizes.refresh(),
  );
}

async function exists(target: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(target);
    return true;
  } catch {
    return false;
  }
}

function rowsOf(snapshot: IndexSizesSnapshot): ExportRow[] {
  return exportRows({ connection: snapshot.connection.name, fetchedAt: snapshot.fetchedAt, indices: snapshot.indices });
}

function render(format: ExportFormat, rows: readonly ExportRow[]): string {
  return format === 'csv' ? toCsv(rows) : toJson(rows);
}

interface ExportChoice {
  format: ExportFormat;
  what: ExportWhat;
  target: vscode.Uri;
}

function exportTarget(arg: unknown): ExportChoice {
  const { format, path: filePath, what } = parseArgs(Commands.exportIndexSizes, exportIndexSizesArgs, arg);
  if (!path.isAbsolute(filePath)) {
    throw new Error('datahub.exportIndexSizes: "path" must be an absolute file path.');
  }
  return { format, what: what ?? 'indexSizes', target: vscode.Uri.file(filePath) };
}

async function askForTarget(snapshot: IndexSizesSnapshot, entities: readonly EntityExportRow[]): Promise<ExportChoice | undefined> {
  const formats = Object.keys(FORMATS) as ExportFormat[];
  const items = [
    ...formats.map((format) => ({ ...FORMATS[format], format, what: 'indexSizes' as ExportWhat })),
    // Offered once the connection was counted: the counts and their change since the reading before.
    ...(entities.length > 0 ? formats.map((format) => ({ ...ENTITY_FORMATS[format], format, what: 'entityCounts' as ExportWhat })) : []),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: `Export ${formatIndexCount(snapshot.indices.length)} of "${snapshot.connection.name}"${entities.length > 0 ? ', or its entity counts' : ''}`,
    placeHolder: 'What, and the file format',
  });
  if (!picked) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
  const name =
    picked.what === 'entityCounts'
      ? defaultEntityExportFileName(snapshot.connection.name, Date.parse(entities[0].countedAt), picked.format)
      : defaultExportFileName(snapshot.connection.name, snapshot.fetchedAt, picked.format);
  const target = await vscode.window.showSaveDialog({
    title: picked.what === 'entityCounts' ? 'Export Entity Counts' : 'Export Index Sizes',
    saveLabel: 'Export',
    defaultUri: vscode.Uri.joinPath(folder, name),
    filters: { [FORMATS[picked.format].filter]: [picked.format] },
  });
  return target ? { format: picked.format, what: picked.what, target } : undefined;
}

/** Writes the file, asking first when an argument object names one that exists (a save dialog asks itself). */
async function writeExport(run: CommandRun, choice: ExportChoice, given: boolean, what: string, text: string): Promise<boolean> {
  if (given && (await exists(choice.target))) {
    const replace = await confirmStep(
      run,
      `Replace ${choice.target.fsPath}?`,
      `The file exists; the export of ${what} would overwrite it.`,
      'Replace',
      'localChanges',
    );
    if (!replace) return false;
  }
  try {
    await vscode.workspace.fs.writeFile(choice.target, new TextEncoder().encode(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not write ${choice.target.fsPath}: ${reason}. Choose another folder or file name.`, { cause: error });
  }
  return true;
}

const typesWord = (rows: readonly EntityExportRow[]): string => {
  const types = rows.filter((r) => r.entityType !== ALL_TYPES).length;
  return `the entity counts of ${types} type${types === 1 ? '' : 's'}`;
};

export function registerExportCommands(services: Services, entityCounts: () => EntityCountsFeed | undefined) {
  return [
    registerCommand(services, Commands.exportIndexSizes, async (arg, run) => {
      // Check the arguments before fetching, so a typo fails fast.
      const given = arg ? exportTarget(arg) : undefined;
      if (given?.what === 'entityCounts') {
        const connection = services.connections.active();
        if (!connection) throw new Error('No DataHub connection yet: add one in the DataHub view, count its entities, then export.');
        const rows = await entityRowsOf(entityCounts(), connection);
        if (rows.length === 0) throw new Error(`No entity counts for "${connection.name}" yet: run DataHub: Count Entities, then export them.`);
        const what = `${typesWord(rows)} of "${connection.name}"`;
        if (!(await writeExport(run, given, true, what, entitiesToText(given.format, rows)))) return undefined;
        services.log.info(`Exported ${what} to ${given.target.fsPath}`);
        return { path: given.target.fsPath, rows: rows.length, message: `Exported ${what} to ${path.basename(given.target.fsPath)}.` };
      }
      const snapshot = await currentSnapshot(services, run);
      const entities = given ? [] : await entityRowsOf(entityCounts(), snapshot.connection);
      const choice = given ?? (await askForTarget(snapshot, entities));
      if (!choice) return undefined;
      const sizes = choice.what === 'entityCounts' ? [] : rowsOf(snapshot);
      const rows = choice.what === 'entityCounts' ? entities.length : sizes.length;
      const what =
        choice.what === 'entityCounts'
          ? `${typesWord(entities)} of "${snapshot.connection.name}"`
          : `${formatIndexCount(rows)} of "${snapshot.connection.name}"`;
      const text = choice.what === 'entityCounts' ? entitiesToText(choice.format, entities) : render(choice.format, sizes);
      // The save dialog asks before replacing a file; an argument object cannot, so the modal does.
      if (!(await writeExport(run, choice, given !== undefined, what, text))) return undefined;
      services.log.info(`Exported ${what} to ${choice.target.fsPath}`);
      const message = `Exported ${what} to ${path.basename(choice.target.fsPath)}.`;
      if (run.mode === 'ui') {
        void safeWindow.showInformationMessage(message, 'Open').then((action) => action && vscode.window.showTextDocument(choice.target));
      }
      return { path: choice.target.fsPath, rows, message };
    }),
    registerCommand(services, Commands.copyIndexSizesMarkdown, async (_arg, run) => {
      const snapshot = await currentSnapshot(services, run);
      // The entity counts follow the sizes once the connection was counted.
      const entities = await entityRowsOf(entityCounts(), snapshot.connection);
      const markdown = joinMarkdown([toMarkdown(rowsOf(snapshot)), ...(entities.length > 0 ? [entitiesToMarkdown(entities)] : [])]).text;
      await vscode.env.clipboard.writeText(markdown);
      const message = `Copied ${formatIndexCount(snapshot.indices.length)}${entities.length > 0 ? ` and ${typesWord(entities)}` : ''} as ${entities.length > 0 ? 'Markdown tables' : 'a Markdown table'}.`;
      safeWindow.setStatusBarMessage(`$(markdown) ${message}`, 4000);
      return { markdown, message };
    }),
  ];
}
