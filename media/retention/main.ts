// The retention planner, inside its webview. Bundled by esbuild.js into
// dist/retention.js. Every string from the host (index names come from a server)
// goes on screen through textContent or setAttribute, never as markup.
import { isPlannerHostMessage, type CutoffChoiceMessage, type PlannerMessage, type PlannerRow, type PlannerState } from '../../src/retention/logic/protocol';

interface VsCodeApi {
  postMessage(message: PlannerMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;
let state: PlannerState | undefined;
/** Table rows by index name, replaced in place as results come. */
let rowEls = new Map<string, HTMLTableRowElement>();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label: string, className: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const b = el('button', className, label);
  b.type = 'button';
  b.disabled = disabled;
  b.addEventListener('click', onClick);
  return b;
}

const STATUS_TEXT: Record<PlannerRow['status'], string> = {
  idle: '',
  pending: 'waiting…',
  running: 'counting…',
  done: '',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** "90" or "90d" are days; anything else goes to the host as a date or epoch milliseconds (it says what is wrong). */
function customCutoff(text: string): CutoffChoiceMessage {
  const m = /^\s*(\d{1,5})\s*d?(?:ays?)?\s*$/i.exec(text);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 36_500) return { kind: 'days', days: Number(m[1]) };
  return { kind: 'date', date: text.trim().slice(0, 40) };
}

function cutoffCell(row: PlannerRow, locked: boolean): HTMLTableCellElement {
  const cell = el('td', 'cutoff');
  const select = el('select');
  select.setAttribute('aria-label', `Cutoff for ${row.indexName}`);
  select.disabled = locked;
  const presets = state?.presets ?? [];
  const options: Array<[string, string]> = [
    ['none', '— not planned'],
    ...presets.map((d): [string, string] => [`d${d}`, `older than ${d} days`]),
    ['custom', 'custom…'],
  ];
  for (const [value, label] of options) {
    const o = el('option', undefined, label);
    o.value = value;
    select.appendChild(o);
  }
  const isPreset = row.cutoff.kind === 'days' && presets.includes(row.cutoff.days);
  select.value = row.cutoff.kind === 'none' ? 'none' : isPreset && row.cutoff.kind === 'days' ? `d${row.cutoff.days}` : 'custom';
  const input = el('input');
  input.type = 'text';
  input.placeholder = 'days, YYYY-MM-DD or epoch ms';
  input.setAttribute('aria-label', `Custom cutoff for ${row.indexName}`);
  input.disabled = locked;
  input.value = row.cutoff.kind === 'date' ? row.cutoff.date : row.cutoff.kind === 'days' && !isPreset ? String(row.cutoff.days) : '';
  input.hidden = select.value !== 'custom';
  const send = (cutoff: CutoffChoiceMessage) => vscode.postMessage({ type: 'setCutoff', indexName: row.indexName, cutoff });
  select.addEventListener('change', () => {
    if (select.value === 'custom') {
      input.hidden = false;
      input.focus();
      return;
    }
    send(select.value === 'none' ? { kind: 'none' } : { kind: 'days', days: Number(select.value.slice(1)) });
  });
  input.addEventListener('change', () => {
    if (input.value.trim()) send(customCutoff(input.value));
  });
  cell.append(select, input);
  if (row.cutoffLabel) cell.append(el('div', 'sub', row.cutoffLabel));
  if (row.cutoffError) cell.append(el('div', 'sub error', row.cutoffError));
  return cell;
}

function rowEl(row: PlannerRow): HTMLTableRowElement {
  const locked = !!state && (state.running || state.applying);
  const tr = el('tr', `row ${row.status}`);
  tr.dataset.index = row.indexName;
  const name = el('td', 'name');
  name.append(el('div', 'index', row.indexName), el('div', 'sub', row.pairLabel));
  const size = el('td', 'num', row.sizeLabel);
  const counts = el('td', 'counts');
  if (row.countsLabel) {
    counts.append(el('div', undefined, row.countsLabel));
    const track = el('div', 'track');
    const fill = el('div', 'fill');
    // CSSOM, not a style attribute: the page's CSP allows no inline styles.
    fill.style.width = `${Math.max(0, Math.min(100, row.percent ?? 0))}%`;
    track.appendChild(fill);
    counts.append(track);
  } else counts.append(el('span', 'sub', STATUS_TEXT[row.status]));
  const freed = el('td', 'num', row.freedLabel ?? '');
  const state_ = el('td', 'state');
  if (row.error) state_.append(el('div', 'error', row.error));
  else if (row.status === 'cancelled' || row.status === 'failed') state_.append(el('div', 'sub', STATUS_TEXT[row.status]));
  if (row.outcome) state_.append(el('div', `outcome ${row.outcomeKind ?? ''}`, row.outcome));
  if (row.status === 'pending' || row.status === 'running') {
    state_.append(button('Cancel', 'link', () => vscode.postMessage({ type: 'cancel', indexName: row.indexName })));
  }
  tr.append(name, size, cutoffCell(row, locked), counts, freed, state_);
  return tr;
}

function totalLine(current: PlannerState): HTMLElement {
  const footer = el('footer', 'totals');
  footer.id = 'totals';
  const line = el('p', 'total', current.totalLabel ? `Frees ${current.totalLabel}` : 'Run the dry runs to see what the plan frees.');
  footer.append(line);
  if (current.progressLabel) footer.append(el('p', 'sub', current.progressLabel));
  footer.append(el('p', 'note', current.note));
  return footer;
}

function render(): void {
  if (!state) return;
  const current = state;
  const busy = current.running || current.applying;
  const header = el('header', 'header');
  header.append(
    el('h1', undefined, `Retention plan · ${current.connection}`),
    el('p', 'sub', 'Choose how long each timeseries index keeps its rows, count what goes with a dry run, then apply it or make it a schedule.'),
  );
  const parts: HTMLElement[] = [header];
  if (current.banner) parts.push(el('p', 'banner', current.banner));
  const bar = el('div', 'toolbar');
  const all = el('span', 'presets');
  all.append(el('span', 'sub', 'Set all: '));
  for (const d of current.presets)
    all.append(button(`${d} days`, 'secondary', () => vscode.postMessage({ type: 'setAll', cutoff: { kind: 'days', days: d } }), busy));
  all.append(button('none', 'secondary', () => vscode.postMessage({ type: 'setAll', cutoff: { kind: 'none' } }), busy));
  const actions = el('span', 'actions');
  actions.append(
    button('Dry Run', 'primary', () => vscode.postMessage({ type: 'dryRun' }), busy),
    button('Cancel', 'secondary', () => vscode.postMessage({ type: 'cancel' }), !current.running),
    button('Apply…', 'danger', () => vscode.postMessage({ type: 'apply' }), busy),
    button('Copy as GC Recipe', 'secondary', () => vscode.postMessage({ type: 'copyRecipe' })),
    button('Save Plan…', 'secondary', () => vscode.postMessage({ type: 'savePlan' })),
    button('Open Plan…', 'secondary', () => vscode.postMessage({ type: 'openPlan' }), busy),
  );
  bar.append(all, actions);
  parts.push(bar);
  const table = el('table', 'plan');
  const head = el('tr');
  for (const h of ['Index', 'Size', 'Cutoff', 'Rows to delete', 'Frees (estimate)', '']) head.append(el('th', undefined, h));
  table.append(el('thead'), el('tbody'));
  (table.tHead as HTMLTableSectionElement).append(head);
  rowEls = new Map();
  const body = table.tBodies[0];
  if (!current.rows.length) {
    const tr = el('tr');
    const td = el('td', 'sub', 'The server lists no timeseries index that can be truncated.');
    td.colSpan = 6;
    tr.append(td);
    body.append(tr);
  }
  for (const row of current.rows) {
    const tr = rowEl(row);
    rowEls.set(row.indexName, tr);
    body.append(tr);
  }
  parts.push(table, totalLine(current));
  root.replaceChildren(...parts);
  root.setAttribute('aria-busy', String(busy));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isPlannerHostMessage(message)) return;
  if (message.type === 'state') {
    state = message.state;
    render();
    return;
  }
  if (!state) return;
  const i = state.rows.findIndex((r) => r.indexName === message.row.indexName);
  if (i < 0) return;
  state.rows[i] = message.row;
  state.totalLabel = message.totalLabel;
  state.progressLabel = message.progressLabel;
  const runningChanged = state.running !== message.running;
  state.running = message.running;
  if (runningChanged) {
    render();
    return;
  }
  const old = rowEls.get(message.row.indexName);
  const fresh = rowEl(message.row);
  rowEls.set(message.row.indexName, fresh);
  old?.replaceWith(fresh);
  document.getElementById('totals')?.replaceWith(totalLine(state));
});

vscode.postMessage({ type: 'ready' });
