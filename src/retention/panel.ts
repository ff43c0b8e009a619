// The retention planner webview: indices with their sizes, a cutoff each
// (presets or custom), dry runs two at a time whose rows fill in as they come,
// the total, Apply (one modal, then a task per index), Copy as GC Recipe, and
// Save/Open of a JSON plan file. The page is dist/retention.js
// (media/retention/main.ts) on the shared strict-CSP page (src/ui/webviewHtml.ts).
import * as vscode from 'vscode';
import * as safeWindow from '../ui/safeWindow';
import type { IndexSize } from '../gms/types';
import type { ActiveClient, Services } from '../ui/services';
import { newNonce, pageRoots, webviewHtml, type WebviewPage } from '../ui/webviewHtml';
import { reportError, runCommand } from '../ui/commandRunner';
import { confirmApply } from './confirmApply';
import { CUTOFF_PRESET_DAYS } from '../model/truncate/cutoff';
import { describeForLog } from '../model/shared/messageGuards';
import { isTruncatable } from '../model/truncate/truncateTarget';
import { applyModalText, ESTIMATE_NOTE, PLAN_RETENTION, type RetentionRow } from '../model/retention/plan';
import { parsePlanFile, MAX_PLAN_FILE_BYTES } from '../model/retention/planFile';
import { copyRecipe, savePlan } from './planFiles';
import { parsePlannerMessage, type CutoffChoiceMessage, type PlannerHostMessage, type PlannerMessage, type PlannerState } from '../model/retention/protocol';
import type { BoundedRun } from '../model/retention/runner';
import { applyReadiness, plannedRows, progressLabel, rowView, totalLabel, withCutoff, type PlannerEntry } from '../model/retention/plannerEntries';
import { applyRows, startDryRuns } from './planRun';

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

export class PlannerPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private entries: PlannerEntry[] = [];
  private connection = '';
  private active: ActiveClient | undefined;
  private running: BoundedRun<RetentionRow> | undefined;
  private applying = false;
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
    const named = listed.filter(isTruncatable);
    const left = listed.length - named.length;
    this.running?.cancelAll();
    this.banner = left
      ? `${left} ${left === 1 ? 'index is' : 'indices are'} left out: the server listed ${left === 1 ? 'it' : 'them'} without an entity type and aspect, so ${left === 1 ? 'it' : 'they'} cannot be truncated.`
      : undefined;
    this.entries = [...named]
      .sort((a, b) => (b.sizeMb ?? -1) - (a.sizeMb ?? -1))
      .map((index) => withCutoff({ index, status: 'idle', cutoff: { kind: 'none' } }, preset ? { kind: 'days', days: preset } : { kind: 'none' }));
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
          if (this.running || this.applying) return this.busy(message.type);
          this.entries[i] = withCutoff(this.entries[i], message.cutoff);
          this.postRow(this.entries[i]);
          break;
        }
        case 'setAll':
          if (this.running || this.applying) return this.busy(message.type);
          this.entries = this.entries.map((e) => withCutoff(e, message.cutoff));
          this.postState();
          break;
        case 'dryRun':
          if (this.running || this.applying) return this.busy(message.type);
          await this.dryRun();
          break;
        case 'cancel':
          this.cancel(message.indexName);
          break;
        case 'apply':
          if (this.running || this.applying) return this.busy(message.type);
          await this.apply();
          break;
        case 'copyRecipe':
          await this.copyRecipe();
          break;
        case 'savePlan':
          await this.savePlan();
          break;
        case 'openPlan':
          if (this.running || this.applying) return this.busy(message.type);
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
    const planned = this.entries.map((e, i) => ({ e, i })).filter(({ e }) => e.endTimeMillis !== undefined && !e.cutoffError);
    if (!planned.length) {
      void safeWindow.showInformationMessage('Choose a cutoff for at least one index (a preset or a custom number of days or date), then run the dry runs.');
      return;
    }
    this.active = await this.services.connections.client();
    this.connection = this.active.connection.name;
    for (const e of this.entries)
      Object.assign(e, { status: e.endTimeMillis !== undefined && !e.cutoffError ? 'pending' : 'idle', row: undefined, error: undefined, outcome: undefined });
    const targets = planned.map(({ e }) => ({
      target: { entityType: e.index.entityName, aspect: e.index.aspectName, indexName: e.index.indexName },
      sizeMb: e.index.sizeMb,
      endTimeMillis: e.endTimeMillis as number,
      ...(e.days !== undefined ? { days: e.days } : {}),
    }));
    const run = startDryRuns(this.active, targets, {
      onStart: (k) => {
        planned[k].e.status = 'running';
        this.postRow(planned[k].e);
      },
      onSettled: (k, result) => {
        const { e } = planned[k];
        if (result.status === 'fulfilled') Object.assign(e, { status: 'done', row: result.value });
        else if (result.status === 'cancelled') e.status = 'cancelled';
        else
          Object.assign(e, {
            status: 'failed',
            error: reportError(
              this.services,
              result.reason,
              { action: 'truncateTimeseriesAspect' },
              { source: `Retention planner: dry run of ${e.index.indexName}`, notify: false },
            ).message,
          });
        this.postRow(e);
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
    const run = this.running;
    if (!run) return;
    if (indexName === undefined) {
      run.cancelAll();
      return;
    }
    const planned = this.entries.filter((e) => e.status !== 'idle');
    const k = planned.findIndex((e) => e.index.indexName === indexName);
    if (k >= 0) run.cancel(k);
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
      const now = this.services.connections.active();
      if (!before || !now || now.name !== before.connection.name || now.gmsUrl !== before.connection.gmsUrl) {
        throw new Error(
          `The active connection changed since the dry runs (they counted on "${this.connection}"); nothing was deleted. Run the dry runs again.`,
        );
      }
      this.applying = true;
      this.postState();
      try {
        await applyRows(this.services, rows, (i, outcome) => {
          withCutoff[i].outcome = outcome;
          this.postRow(withCutoff[i]);
        });
      } finally {
        this.applying = false;
        this.postState();
      }
      return undefined;
    });
  }

  /** The rows to write into a recipe or plan file: every index with a valid cutoff. */
  private async copyRecipe(): Promise<void> {
    await copyRecipe(plannedRows(this.entries), this.connection);
  }

  private async savePlan(): Promise<void> {
    await savePlan(plannedRows(this.entries), this.connection);
  }

  private async openPlan(): Promise<void> {
    const [file] =
      (await vscode.window.showOpenDialog({
        canSelectMany: false,
        filters: { 'Retention plan': ['json'] },
        openLabel: 'Open Plan',
        title: 'Open a retention plan',
      })) ?? [];
    if (!file) return;
    await this.openPlanFile(file);
  }

  /** Loads a plan file into the planner (all listed indices, the file's cutoffs set); says what it could not use. */
  async openPlanFile(file: vscode.Uri): Promise<void> {
    const stat = await vscode.workspace.fs.stat(file);
    if (stat.size > MAX_PLAN_FILE_BYTES)
      throw new Error(`${file.fsPath} is ${stat.size.toLocaleString('en-US')} bytes, larger than a retention plan can be; nothing was loaded.`);
    const parsed = parsePlanFile(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
    if (!parsed.ok) throw new Error(`${file.fsPath}: ${parsed.message} Nothing was loaded.`);
    await this.open(undefined);
    const missing: string[] = [];
    for (const c of parsed.cutoffs) {
      const name = 'indexName' in c.by ? c.by.indexName : c.label;
      const i = this.entries.findIndex((e) => e.index.indexName === name);
      if (i < 0) {
        missing.push(name);
        continue;
      }
      const cutoff: CutoffChoiceMessage = c.days !== undefined ? { kind: 'days', days: c.days } : { kind: 'date', date: String(c.endTimeMillis) };
      this.entries[i] = withCutoff(this.entries[i], cutoff);
    }
    const used = parsed.cutoffs.length - missing.length;
    this.banner = `Opened ${file.fsPath}: ${used} of ${parsed.cutoffs.length} cutoffs set${parsed.connection && parsed.connection !== this.connection ? ` (planned on "${parsed.connection}", counted on "${this.connection}")` : ''}.${missing.length ? ` Not listed by this server, or not truncatable: ${missing.join(', ')}.` : ''} Run the dry runs to count.`;
    this.postState();
  }

  dispose(): void {
    this.running?.cancelAll();
    this.panel?.dispose();
  }
}
