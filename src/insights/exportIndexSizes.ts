// DataHub: Export Index Sizes… (CSV or JSON through a save dialog) and
// Copy Index Sizes as Markdown Table. Both use the last fetch, fetching first
// when there is none yet.
// Programmatic: datahub.exportIndexSizes({ format: 'csv' | 'json', path }) -> { path, rows }
//               datahub.copyIndexSizesMarkdown() -> { markdown }
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { IndexSizesSnapshot, Services } from '../platform/services';
import { defaultExportFileName, exportRows, toCsv, toJson, toMarkdown, type ExportFormat, type ExportRow } from './logic/export';
import { formatIndexCount } from '../shared/format';
import { confirmStep, registerCommand, type CommandRun } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { exportIndexSizesArgs } from './logic/args';

const FORMATS: Record<ExportFormat, { label: string; detail: string; filter: string }> = {
  csv: { label: 'CSV', detail: 'For spreadsheets: one row per index, sizes in decimal MB.', filter: 'CSV' },
  json: { label: 'JSON', detail: 'For scripts: an array of objects with the same fields.', filter: 'JSON' },
};

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

function exportTarget(arg: unknown): { format: ExportFormat; target: vscode.Uri } {
  const { format, path: filePath } = parseArgs(Commands.exportIndexSizes, exportIndexSizesArgs, arg);
  if (!path.isAbsolute(filePath)) {
    throw new Error('datahub.exportIndexSizes: "path" must be an absolute file path.');
  }
  return { format, target: vscode.Uri.file(filePath) };
}

async function askForTarget(snapshot: IndexSizesSnapshot): Promise<{ format: ExportFormat; target: vscode.Uri } | undefined> {
  const picked = await vscode.window.showQuickPick(
    (Object.keys(FORMATS) as ExportFormat[]).map((format) => ({ ...FORMATS[format], format })),
    { title: `Export ${formatIndexCount(snapshot.indices.length)} of "${snapshot.connection.name}"`, placeHolder: 'File format' },
  );
  if (!picked) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
  const target = await vscode.window.showSaveDialog({
    title: 'Export Index Sizes',
    saveLabel: 'Export',
    defaultUri: vscode.Uri.joinPath(folder, defaultExportFileName(snapshot.connection.name, snapshot.fetchedAt, picked.format)),
    filters: { [picked.filter]: [picked.format] },
  });
  return target ? { format: picked.format, target } : undefined;
}

export function registerExportCommands(services: Services): vscode.Disposable[] {
  return [
    registerCommand(services, Commands.exportIndexSizes, async (arg, run) => {
      // Check the arguments before fetching, so a typo fails fast.
      const given = arg ? exportTarget(arg) : undefined;
      const snapshot = await currentSnapshot(services, run);
      const choice = given ?? (await askForTarget(snapshot));
      if (!choice) return undefined;
      const rows = rowsOf(snapshot);
      // The save dialog asks before replacing a file; an argument object cannot, so the modal does.
      if (given && (await exists(choice.target))) {
        const replace = await confirmStep(
          run,
          `Replace ${choice.target.fsPath}?`,
          `The file exists; the export of ${formatIndexCount(rows.length)} of "${snapshot.connection.name}" would overwrite it.`,
          'Replace',
        );
        if (!replace) return undefined;
      }
      try {
        await vscode.workspace.fs.writeFile(choice.target, new TextEncoder().encode(render(choice.format, rows)));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Could not write ${choice.target.fsPath}: ${reason}. Choose another folder or file name.`, { cause: error });
      }
      services.log.info(`Exported ${rows.length} index sizes of ${snapshot.connection.name} to ${choice.target.fsPath}`);
      const message = `Exported ${formatIndexCount(rows.length)} of "${snapshot.connection.name}" to ${path.basename(choice.target.fsPath)}.`;
      if (run.mode === 'ui') {
        void safeWindow.showInformationMessage(message, 'Open').then((action) => action && vscode.window.showTextDocument(choice.target));
      }
      return { path: choice.target.fsPath, rows: rows.length, message };
    }),
    registerCommand(services, Commands.copyIndexSizesMarkdown, async (_arg, run) => {
      const snapshot = await currentSnapshot(services, run);
      const markdown = toMarkdown(rowsOf(snapshot));
      await vscode.env.clipboard.writeText(markdown);
      const message = `Copied ${formatIndexCount(snapshot.indices.length)} as a Markdown table.`;
      safeWindow.setStatusBarMessage(`$(markdown) ${message}`, 4000);
      return { markdown, message };
    }),
  ];
}
