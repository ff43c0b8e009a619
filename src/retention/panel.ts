// The retention planner webview: indices with their sizes, a cutoff each
// (presets or custom), dry runs two at a time whose rows fill in as they come,
// the total, Apply (one modal, then a task per index), Copy as GC Recipe, and
// Save/Open of a JSON plan file. The page is dist/retention.js
// (media/retention/main.ts) on the shared strict-CSP page (src/platform/webviewHtml.ts).
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { IndexSize } from '../gms/types';
import type { ActiveClient, Services } from '../platform/services';
import { newNonce, pageRoots, webviewHtml, type WebviewPage } from '../platform/webviewHtml';
import { reportError, runCommand } from '../platform/commandRunner';
import { confirmApply } from './confirmApply';
import { CUTOFF_PRESET_DAYS } from '../truncate/logic/cutoff';
import { describeForLog } from '../shared/messageGuards';
import { applyModalText, ESTIMATE_NOTE, PLAN_RETENTION, type RetentionRow } from './logic/plan';
import { copyRecipe, pickPlanFile, readPlanFile, savePlan } from './planFiles';
import { parsePlannerMessage, type PlannerHostMessage, type PlannerMessage, type PlannerState } from './logic/protocol';
import type { BoundedRun } from './logic/runner';
import {
  applyPlanFile,
  applyReadiness,
  plannedRows,
  plannerEntriesFor,
  resetForDryRun,
  settleDryRun,
  progressLabel,
  rowView,
  totalLabel,
  withCutoff,
  type PlannerEntry,
} from './logic/plannerEntries';
import { applyRows, startDryRuns } from './planRun';
import { guardedApply, rechecker } from './applyGuard';
import { planOrigin, type PlanOrigin } from '../shared/writePlan';

export const PLANNER_VIEW_TYPE = 'datahub.retentionPlanner';
const PAGE: WebviewPage = {
  script: 'retention.js',
  style: ['media', 'retention', 'retention.css'],
  title: 'Retention Planner',
  placeholder: 'Loading the retention planner…',
};

/** What the webview's messages did (returned for tests; logged when ignored). */
export type PlannerOutcome =
  { handled: true; type: PlannerMessage['type'] } | { handled: false; reason: 'malformed' | 'unknownIndex' | 'busy' | 'failed'; detail: string };

/** Messages that wait until no dry run or apply is going on. */
const WAITS_FOR_IDLE = new Set<PlannerMessage['type']>(['setCutoff', 'setAll', 'dryRun', 'apply', 'openPlan']);

export class PlannerPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private entries: PlannerEntry[] = [];
  private connection = '';
  private active: ActiveClient | undefined;
  private running: BoundedRun<RetentionRow> | undefined;
  private applying = false;
  /** Where and when the last dry runs read (the plan's origin, src/shared/writePlan.ts), checked before Apply. */
  private origin: PlanOrigin | undefined;
  private banner: string | undefined;
  /** Every message posted (for tests). */
  readonly posted: PlannerHostMessage[] = [];

  constructor(private readonly services: Services) {}

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  /** Opens the planner (or brings it to the front) with these indices; `preset` days preselected on each (none when undefined). */
  async open(indices: readonly IndexSize[] | undefined, preset?: number): Promise<void> {
    this.active = await this.services.connections.client();
    this.connection = this.active.connection.name;
    const listed = indices ?? (this.services.indexSizes.current ?? (await this.services.indexSizes.refresh())).indices;
    this.running?.cancelAll();
    ({ entries: this.entries, banner: this.banner } = plannerEntriesFor(listed, preset));
    this.show();
    this.postState();
  }

  private show(): void {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    const root = this.services.context.extensionUri;
    const panel = vscode.window.createWebviewPanel(
      PLANNER_VIEW_TYPE,
      'Retention Planner',
      { viewColumn: vscode.ViewColumn.Active },
      { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: pageRoots(root, PAGE) },
    );
    panel.iconPath = vscode.Uri.joinPath(root, 'media', 'datahub.svg');
    panel.webview.html = webviewHtml(panel.webview, root, newNonce(), PAGE);
    panel.webview.onDidReceiveMessage((message: unknown) => void this.handleMessage(message));
    panel.onDidChangeViewState((e) => e.webviewPanel.visible && this.postState());
    panel.onDidDispose(() => {
      if (this.panel !== panel) return;
      this.panel = undefined;
      this.running?.cancelAll();
    });
    this.panel = panel;
  }

  state(): PlannerState {
    return {
      connection: this.connection,
      rows: this.entries.map((e) => rowView(e)),
      presets: [...CUTOFF_PRESET_DAYS],
      totalLabel: totalLabel(this.entries),
      progressLabel: progressLabel(this.entries),
      running: this.running !== undefined,
      applying: this.applying,
      note: ESTIMATE_NOTE,
      banner: this.banner,
    };
  }

  private post(message: PlannerHostMessage): void {
    this.posted.push(message);
    if (this.posted.length > 500) this.posted.splice(0, this.posted.length - 500);
    void this.panel?.webview.postMessage(message);
  }

  private postState(): void {
    if (this.panel?.visible) this.post({ type: 'state', state: this.state() });
  }

  private postRow(entry: PlannerEntry): void {
    this.post({
      type: 'row',
      row: rowView(entry),
      totalLabel: totalLabel(this.entries),
      progressLabel: progressLabel(this.entries),
      running: this.running !== undefined,
    });
  }

  /** Validates a message from the webview and acts on it; anything else is ignored and logged. */
  async handleMessage(raw: unknown): Promise<PlannerOutcome> {
    const message = parsePlannerMessage(raw);
    if (!message) {
      const detail = describeForLog(raw);
      this.services.log.warn(`Retention planner: ignored a malformed message: ${detail}`);
      return { handled: false, reason: 'malformed', detail };
    }
    if (WAITS_FOR_IDLE.has(message.type) && (this.running || this.applying)) return this.busy(message.type);
    try {
      switch (message.type) {
        case 'ready':
          this.postState();
          break;
        case 'setCutoff': {
          const i = this.entries.findIndex((e) => e.index.indexName === message.indexName);
          if (i < 0) {
            const detail = describeForLog(message.indexName);
            this.services.log.warn(`Retention planner: cutoff for ${detail} ignored: not in the plan.`);
            return { handled: false, reason: 'unknownIndex', detail };
          }
          this.entries[i] = withCutoff(this.entries[i], message.cutoff);
          this.postRow(this.entries[i]);
          break;
        }
        case 'setAll':
          this.entries = this.entries.map((e) => withCutoff(e, message.cutoff));
          this.postState();
          break;
        case 'dryRun':
          await this.dryRun();
          break;
        case 'cancel':
          this.cancel(message.indexName);
          break;
        case 'apply':
          await this.apply();
          break;
        case 'copyRecipe':
          if (this.active) await copyRecipe(this.services, plannedRows(this.entries), this.active.connection);
          break;
        case 'savePlan':
          await savePlan(plannedRows(this.entries), this.connection);
          break;
        case 'openPlan':
          await this.openPlan();
          break;
      }
      return { handled: true, type: message.type };
    } catch (error) {
      const description = reportError(this.services, error, {}, { source: `Retention planner (${message.type})` });
      return { handled: false, reason: 'failed', detail: description.message };
    }
  }

  private busy(type: string): PlannerOutcome {
    void safeWindow.showInformationMessage('The retention planner is busy with dry runs or an apply; wait for them to finish or cancel them first.');
    return { handled: false, reason: 'busy', detail: type };
  }

  /** The dry runs of every index with a cutoff, two at a time; rows are posted as they settle. */
  private async dryRun(): Promise<void> {
    const planned = this.entries.filter((e) => e.endTimeMillis !== undefined && !e.cutoffError);
    if (!planned.length) {
      void safeWindow.showInformationMessage('Choose a cutoff for at least one index (a preset or a custom number of days or date), then run the dry runs.');
      return;
    }
    this.active = await this.services.connections.client();
    this.connection = this.active.connection.name;
    this.origin = planOrigin('retention', this.active.connection, Date.now());
    const targets = resetForDryRun(this.entries);
    const run = startDryRuns(this.active, targets, {
      onStart: (k) => {
        planned[k].status = 'running';
        this.postRow(planned[k]);
      },
      onSettled: (k, result) => {
        const source = `Retention planner: dry run of ${planned[k].index.indexName}`;
        settleDryRun(
          planned[k],
          result,
          (reason) => reportError(this.services, reason, { action: 'truncateTimeseriesAspect' }, { source, notify: false }).message,
        );
        this.postRow(planned[k]);
      },
    });
    this.running = run;
    this.postState();
    try {
      await run.done;
    } finally {
      if (this.running === run) this.running = undefined;
      this.postState();
    }
  }

  private cancel(indexName: string | undefined): void {
    if (indexName === undefined) return this.running?.cancelAll();
    // The run numbers its rows in the order of the entries it started with (every entry not idle).
    const k = this.entries.filter((e) => e.status !== 'idle').findIndex((e) => e.index.indexName === indexName);
    if (k >= 0) this.running?.cancel(k);
  }

  /** Apply: the dry-run rows, one modal (Apply), then one task per index; a summary at the end. */
  private async apply(): Promise<void> {
    const ready = applyReadiness(this.entries);
    if (!ready.ok) {
      void safeWindow.showInformationMessage(ready.message);
      return;
    }
    const { withCutoff, rows } = ready;
    const before = this.active;
    await runCommand(this.services, PLAN_RETENTION, undefined, async (_none, run) => {
      const { message, detail } = applyModalText(rows, this.connection);
      if (!before) throw new Error('No active connection: add or switch to one, then run the dry runs again. Nothing was deleted.');
      if (!(await confirmApply(run, before.connection, message, detail))) {
        this.services.log.info('Retention plan: apply not confirmed; nothing was deleted.');
        return undefined;
      }
      // guardedApply checks the dry runs' connection, server and age against the connection active now.
      this.applying = true;
      this.postState();
      try {
        // The dry runs are the plan: this server, within a day, one apply at a time, each index read again first.
        const applied = await guardedApply(this.services, this.origin, (sender) =>
          applyRows(
            this.services,
            rows,
            (i, outcome) => {
              withCutoff[i].outcome = outcome;
              this.postRow(withCutoff[i]);
            },
            rechecker(this.services, sender),
          ),
        );
        if (!applied.ran) void safeWindow.showWarningMessage(applied.message);
      } finally {
        this.applying = false;
        this.postState();
      }
      return undefined;
    });
  }

  private async openPlan(): Promise<void> {
    const file = await pickPlanFile();
    if (file) await this.openPlanFile(file);
  }

  /** Loads a plan file into the planner (all listed indices, the file's cutoffs set); says what it could not use. */
  async openPlanFile(file: vscode.Uri): Promise<void> {
    const parsed = await readPlanFile(file);
    await this.open(undefined);
    this.banner = applyPlanFile(this.entries, parsed, file.fsPath, this.connection);
    this.postState();
  }

  dispose(): void {
    this.running?.cancelAll();
    this.panel?.dispose();
  }
}
