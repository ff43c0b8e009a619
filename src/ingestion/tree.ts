// The Ingestion view: the findings first (the executor down, runs stuck RUNNING, failures), then one row per
// ingestion source (its type, its last run, its problem as a badge; SYSTEM sources such as DataHub's GC marked),
// its runs of the window under it. A run's row offers Show Report, Cancel (RUNNING or never started) and Roll Back
// (finished). Server text (names, statuses) reaches the rows through uiLine and the tooltips as plain text (uiText).
import * as vscode from 'vscode';
import { Commands } from '../shared/commandIds';
import { uiLine, uiText } from '../shared/uiText';
import { formatDuration } from '../shared/format';
import type { IngestionStore } from './store';
import type { IngestionFinding } from './logic/findings';
import type { IngestionRun, RunProblem, SourceRow } from './logic/runs';

export type IngestionNode =
  | { kind: 'note'; label: string; description?: string; tooltip?: string; icon: string; command?: vscode.Command }
  | { kind: 'finding'; finding: IngestionFinding }
  | { kind: 'source'; source: SourceRow; runs: IngestionRun[] }
  | { kind: 'run'; run: IngestionRun };

export const PROBLEM_BADGE: Record<RunProblem, string> = {
  neverStarted: 'never started',
  runningTooLong: 'running too long',
  failed: 'failed',
};

const ago = (now: number, t: number) => `${formatDuration(Math.max(0, now - t))} ago`;
const statusOf = (r: IngestionRun) => (r.status === null ? 'no result' : uiLine(r.status, 40));

export class IngestionTree implements vscode.TreeDataProvider<IngestionNode> {
  constructor(
    private readonly store: IngestionStore,
    private readonly now: () => number = Date.now,
  ) {}

  getChildren(node?: IngestionNode): IngestionNode[] {
    if (node?.kind === 'source') return node.runs.map((run) => ({ kind: 'run', run }));
    if (node) return [];
    const { listing, error, busy } = this.store;
    const list: vscode.Command = { command: Commands.listIngestionRuns, title: 'List Ingestion Runs' };
    if (!listing) {
      if (error) return [{ kind: 'note', label: 'Not read', description: uiLine(error, 200), tooltip: error, icon: 'error', command: list }];
      return [{ kind: 'note', label: busy ? 'Reading…' : 'Read the ingestion sources and runs', icon: busy ? 'loading~spin' : 'play', command: list }];
    }
    const rows: IngestionNode[] = [];
    if (error) rows.push({ kind: 'note', label: 'Last reading failed', description: uiLine(error, 200), tooltip: error, icon: 'error', command: list });
    for (const finding of listing.findings) rows.push({ kind: 'finding', finding });
    for (const source of listing.sources) rows.push({ kind: 'source', source, runs: listing.runs.filter((r) => r.sourceUrn === source.urn) });
    return rows;
  }

  getTreeItem(node: IngestionNode): vscode.TreeItem {
    const now = this.now();
    if (node.kind === 'note') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
      item.description = node.description;
      item.iconPath = new vscode.ThemeIcon(node.icon);
      if (node.tooltip) item.tooltip = uiText(node.tooltip, 1000);
      item.command = node.command;
      item.contextValue = 'ingestionNote';
      return item;
    }
    if (node.kind === 'finding') {
      const f = node.finding;
      const item = new vscode.TreeItem(uiLine(f.summary, 200), vscode.TreeItemCollapsibleState.None);
      item.tooltip = uiText(`${f.summary}${f.nextStep ? `\n\nNext: ${f.nextStep}` : ''}`, 2000);
      item.iconPath = new vscode.ThemeIcon(f.verdict === 'problem' ? 'error' : f.verdict === 'warning' ? 'warning' : 'pass');
      item.contextValue = 'ingestionFinding';
      return item;
    }
    if (node.kind === 'source') {
      const s = node.source;
      const last = node.runs[0];
      const problems = [...new Set(node.runs.map((r) => r.problem).filter((p): p is RunProblem => p !== undefined))];
      const item = new vscode.TreeItem(
        uiLine(s.name, 100),
        node.runs.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
      );
      const badges = problems.map((p) => `⚠ ${PROBLEM_BADGE[p]}`);
      const lastText = last ? `last: ${statusOf(last)} ${ago(now, last.requestedAt)}` : 'no run in the window';
      item.description = [...badges, uiLine(s.type, 40), ...(s.system ? ['system'] : []), lastText].join(' · ');
      const lines = [`${s.name} (${s.type})`, s.urn];
      if (s.system) lines.push("A SYSTEM source: DataHub's own (the web UI hides it).");
      if (s.schedule) lines.push(`Schedule: ${s.schedule}`);
      lines.push(`${node.runs.length} run(s) in the window.`);
      item.tooltip = uiText(lines.join('\n'), 2000);
      item.iconPath = new vscode.ThemeIcon(problems.length > 0 ? 'warning' : s.system ? 'gear' : 'cloud-download');
      item.contextValue = s.system ? 'ingestionSource.system' : 'ingestionSource';
      item.id = `ingestionSource:${s.urn}`;
      return item;
    }
    const r = node.run;
    const item = new vscode.TreeItem(`${statusOf(r)} · ${ago(now, r.requestedAt)}`, vscode.TreeItemCollapsibleState.None);
    const took =
      r.durationMs !== undefined
        ? formatDuration(r.durationMs)
        : r.status === 'RUNNING' && r.startTimeMs !== undefined
          ? `running ${formatDuration(now - r.startTimeMs)}`
          : undefined;
    item.description = [...(r.problem ? [`⚠ ${PROBLEM_BADGE[r.problem]}`] : []), ...(took ? [took] : []), uiLine(r.id, 60)].join(' · ');
    item.tooltip = uiText(`${r.urn}\nStatus: ${r.status ?? 'no result (never picked up)'}${r.problem ? `\nProblem: ${PROBLEM_BADGE[r.problem]}` : ''}`, 2000);
    item.iconPath = new vscode.ThemeIcon(r.problem ? 'warning' : r.status === 'SUCCESS' ? 'pass' : r.status === 'RUNNING' ? 'sync' : 'circle-outline');
    const open = r.status === null || r.status === 'RUNNING';
    item.contextValue = open ? 'ingestionRun.open' : 'ingestionRun.finished';
    item.id = `ingestionRun:${r.urn}`;
    item.command = { command: Commands.showIngestionReport, title: 'Show Report', arguments: [node] };
    return item;
  }
}
