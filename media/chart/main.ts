// The index size chart, inside its webview. Bundled by esbuild.js into
// dist/chart.js. Every string from the host (index names come from a server)
// goes on screen through textContent or setAttribute, never as markup.
import { isHostMessage, type ChartEntities, type ChartIndex, type ChartMessage, type ChartState } from '../../src/insights/logic/chartProtocol';

interface VsCodeApi {
  postMessage(message: ChartMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;
const SVG_NS = 'http://www.w3.org/2000/svg';
const SPARK_WIDTH = 80;
const SPARK_HEIGHT = 20;

type Scale = 'linear' | 'log';

let state: ChartState | undefined;
let selected: string | undefined = readSelection(vscode.getState());
let scale: Scale = readScale(vscode.getState());
/** Row buttons by index name, to restore focus after a re-render. */
let rows = new Map<string, HTMLButtonElement>();

function readSelection(saved: unknown): string | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const value = (saved as { selected?: unknown }).selected;
  return typeof value === 'string' ? value : undefined;
}

function readScale(saved: unknown): Scale {
  return typeof saved === 'object' && saved !== null && (saved as { scale?: unknown }).scale === 'log' ? 'log' : 'linear';
}

function saveState(): void {
  vscode.setState({ selected, scale });
}

/**
 * Where a size falls on the bar, 0..100. Linear: share of the largest index.
 * Log: log10 of the size in bytes, so a 200 B index and an 18 GB one both show.
 */
function position(mb: number, maxMb: number): number {
  if (!(maxMb > 0) || !(mb > 0)) return 0;
  if (scale === 'linear') return (mb / maxMb) * 100;
  const bytes = (x: number) => Math.log10(1 + x * 1e6);
  return (bytes(mb) / bytes(maxMb)) * 100;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label: string, className: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', className, label);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** A polyline of the last 30 days, scaled to its own range (the trend, not the size). */
function sparkline(trend: ReadonlyArray<[number, number]>): SVGSVGElement | undefined {
  if (trend.length < 2) return undefined;
  const t0 = trend[0][0];
  const t1 = trend[trend.length - 1][0];
  const sizes = trend.map((p) => p[1]);
  const min = Math.min(...sizes);
  const max = Math.max(...sizes);
  const x = (t: number) => (t1 > t0 ? ((t - t0) / (t1 - t0)) * (SPARK_WIDTH - 2) + 1 : SPARK_WIDTH / 2);
  const y = (mb: number) => (max > min ? SPARK_HEIGHT - 2 - ((mb - min) / (max - min)) * (SPARK_HEIGHT - 4) : SPARK_HEIGHT / 2);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'spark');
  svg.setAttribute('viewBox', `0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`);
  svg.setAttribute('width', String(SPARK_WIDTH));
  svg.setAttribute('height', String(SPARK_HEIGHT));
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS(SVG_NS, 'polyline');
  line.setAttribute('points', trend.map(([t, mb]) => `${x(t).toFixed(1)},${y(mb).toFixed(1)}`).join(' '));
  svg.appendChild(line);
  return svg;
}

function tooltipFor(index: ChartIndex): string {
  const lines = [index.indexName, `${index.exactLabel} (${index.sizeLabel})`];
  if (index.shareLabel) lines.push(`${index.shareLabel} of all timeseries indices`);
  if (index.legacy) lines.push('Reported by an older DataHub (kB, converted)');
  lines.push(...index.growth);
  return lines.join('\n');
}

function select(index: ChartIndex): void {
  selected = index.indexName;
  saveState();
  vscode.postMessage({ type: 'reveal', indexName: index.indexName });
  render();
  rows.get(index.indexName)?.focus();
}

function barRow(index: ChartIndex, maxMb: number, thresholdMb: number | undefined): HTMLLIElement {
  const item = el('li');
  const row = button('', 'bar-row', () => select(index));
  row.setAttribute('aria-pressed', String(index.indexName === selected));
  row.title = tooltipFor(index);
  const name = el('span', 'name');
  name.append(el('span', 'aspect', index.aspectName || index.indexName), el('span', 'index', index.indexName));
  const track = el('span', 'track');
  const fill = el('span', 'fill');
  const share = index.sizeMb !== null ? position(index.sizeMb, maxMb) : 0;
  // CSSOM, not a style attribute: the page's CSP allows no inline styles.
  fill.style.width = `${share > 0 ? Math.max(share, 0.5) : 0}%`;
  if (thresholdMb !== undefined && index.sizeMb !== null && index.sizeMb > thresholdMb) fill.classList.add('over');
  track.appendChild(fill);
  // The warning threshold: one mark per row, lined up into a vertical line (beyond the largest index: none).
  if (thresholdMb !== undefined && thresholdMb <= maxMb) {
    const mark = el('span', 'threshold');
    mark.style.left = `${position(thresholdMb, maxMb)}%`;
    track.appendChild(mark);
  }
  const size = el('span', index.sizeMb === null ? 'size unknown' : 'size', index.sizeLabel);
  const trend = el('span', 'trend');
  const spark = sparkline(index.trend);
  if (spark) trend.appendChild(spark);
  const badge = el('span', 'badge-slot');
  if (index.fastestRank !== undefined) {
    // Says what it means: "▲ +2.1 GB in 7 days"; the rank is in the tooltip.
    const b = el('span', 'badge', `▲ ${index.fastestLabel ?? `#${index.fastestRank} growth`}`);
    b.title = `Grew the most in the last 7 days (#${index.fastestRank} of this connection's indices)`;
    badge.appendChild(b);
  }
  row.append(name, track, size, trend, badge);
  rows.set(index.indexName, row);
  item.appendChild(row);
  return item;
}

function details(index: ChartIndex): HTMLElement {
  const pane = el('aside', 'details');
  pane.setAttribute('aria-label', 'Selected index');
  const heading = el('div', 'details-heading');
  heading.append(el('h2', undefined, index.aspectName || index.indexName), el('span', 'index', index.indexName));
  const facts = el('dl');
  const fact = (term: string, value: string) => facts.append(el('dt', undefined, term), el('dd', undefined, value));
  fact('Size', `${index.sizeLabel} · ${index.exactLabel}${index.shareLabel ? ` · ${index.shareLabel} of all` : ''}`);
  if (index.growth.length) fact('Growth', index.growth.join(' · '));
  if (index.fastestLabel) fact('Trend', `Grew most in the last 7 days (#${index.fastestRank}): ${index.fastestLabel}`);
  const actions = el('div', 'actions');
  actions.append(button('Show in Tree', 'primary', () => vscode.postMessage({ type: 'reveal', indexName: index.indexName })));
  // Only indices the server named can be truncated: the others belong to another deployment (or do not parse).
  // Destructive, so never the primary button.
  if (index.truncatable) actions.append(button('Truncate Old Rows…', 'secondary', () => vscode.postMessage({ type: 'truncate', indexName: index.indexName })));
  pane.append(heading, facts, actions);
  if (!index.truncatable && index.notTruncatable) pane.append(el('p', 'note', index.notTruncatable));
  return pane;
}

/**
 * The entity counts beside the sizes: documents per entity type (active and soft-deleted) at the last
 * reading, each with its growth and 30-day trend. Rows are not buttons: nothing in a tree to show.
 */
function renderEntities(entities: ChartEntities): HTMLElement {
  const section = el('section', 'group entities');
  const heading = el('h2');
  heading.id = 'entities';
  heading.append(el('span', 'entity', 'Entity documents'), el('span', 'meta', entities.totalLabel));
  section.setAttribute('aria-labelledby', heading.id);
  const said = `${entities.readingLabel.charAt(0).toUpperCase()}${entities.readingLabel.slice(1)}.`;
  section.append(heading, el('p', 'legend', entities.growth.length ? `${said} All types: ${entities.growth.join(' · ')}` : said));
  const list = el('ol', 'bars');
  for (const type of entities.types) {
    const row = el('li', 'bar-row entity-row');
    row.title = [type.entityType, `${type.documentsLabel} documents`, ...(type.splitLabel ? [type.splitLabel] : []), ...type.growth].join('\n');
    const name = el('span', 'name');
    name.append(el('span', 'aspect', type.entityType), el('span', 'index', type.splitLabel ?? 'documents'));
    const track = el('span', 'track');
    const fill = el('span', 'fill');
    const share = entities.maxDocuments > 0 ? (type.documents / entities.maxDocuments) * 100 : 0;
    fill.style.width = `${share > 0 ? Math.max(share, 0.5) : 0}%`;
    track.appendChild(fill);
    const trend = el('span', 'trend');
    const spark = sparkline(type.trend);
    if (spark) trend.appendChild(spark);
    // The change since the reading before, where the size rows have their badge.
    const change = el('span', 'badge-slot', type.changeLabel ?? '');
    row.append(name, track, el('span', 'size', type.documentsLabel), trend, change);
    list.appendChild(row);
  }
  section.appendChild(list);
  return section;
}

function statusLine(current: ChartState): HTMLElement | undefined {
  if (current.error) return el('p', 'status error', current.error);
  if (current.loading) return el('p', 'status', 'Refreshing…');
  return undefined;
}

function renderSizes(current: Extract<ChartState, { kind: 'sizes' }>): HTMLElement[] {
  const header = el('header', 'header');
  const title = el('div');
  const time = el('time', undefined, current.fetchedAtLabel);
  time.dateTime = current.fetchedAtIso;
  const meta = el('p', 'meta', `${current.countLabel} · ${current.totalLabel} · fetched `);
  meta.appendChild(time);
  title.append(el('h1', undefined, `Index sizes · ${current.connection}`), meta);
  const tools = el('div', 'tools');
  const toggle = button(scale === 'log' ? 'Log scale' : 'Linear scale', 'secondary scale', () => {
    scale = scale === 'log' ? 'linear' : 'log';
    saveState();
    render();
    document.querySelector<HTMLButtonElement>('button.scale')?.focus();
  });
  toggle.setAttribute('aria-pressed', String(scale === 'log'));
  toggle.title =
    scale === 'log'
      ? 'Bars on a log scale: small indices stay visible. Click for linear.'
      : 'Bars proportional to size. Click for a log scale, so small indices stay visible.';
  tools.append(
    toggle,
    button('Refresh', 'secondary', () => vscode.postMessage({ type: 'refresh' })),
  );
  header.append(title, tools);
  const parts: HTMLElement[] = [header];
  const status = statusLine(current);
  if (status) parts.push(status);
  if (current.legacyNote) parts.push(el('p', 'note', current.legacyNote));
  const hasBadges = current.groups.some((g) => g.indices.some((i) => i.fastestRank !== undefined));
  const legend = el(
    'p',
    'legend',
    current.historyEnabled
      ? `Click a bar to show it in the tree. Lines: last 30 days.${hasBadges ? ' ▲ the indices that grew most in the last 7 days.' : ''}`
      : 'Click a bar to show it in the tree. Size history is off (datahub.history.enabled).',
  );
  if (current.thresholdMb !== undefined && current.thresholdLabel) {
    const key = el('span', 'threshold-key');
    key.appendChild(el('span', 'threshold-swatch'));
    key.append(current.thresholdMb <= current.maxMb ? ` ${current.thresholdLabel}` : ` ${current.thresholdLabel}: no index reaches it`);
    legend.append(' ', key);
  }
  parts.push(legend);
  let picked: ChartIndex | undefined;
  current.groups.forEach((group, g) => {
    const section = el('section', 'group');
    const heading = el('h2');
    heading.id = `group-${g}`;
    heading.append(el('span', 'entity', group.entityName), el('span', 'meta', `${group.totalLabel} · ${group.countLabel}`));
    section.setAttribute('aria-labelledby', heading.id);
    const list = el('ol', 'bars');
    for (const index of group.indices) {
      list.appendChild(barRow(index, current.maxMb, current.thresholdMb));
      // The details open right under the selected row: they never cover another row.
      if (index.indexName === selected) {
        picked = index;
        const item = el('li', 'details-row');
        item.appendChild(details(index));
        list.appendChild(item);
      }
    }
    section.append(heading, list);
    parts.push(section);
  });
  if (selected && !picked) {
    selected = undefined;
    saveState();
  }
  if (current.entities) parts.push(renderEntities(current.entities));
  return parts;
}

function render(): void {
  const focused = [...rows].find(([, b]) => b === document.activeElement)?.[0];
  rows = new Map();
  if (!state) return;
  const parts =
    state.kind === 'sizes'
      ? renderSizes(state)
      : [
          el('p', 'empty', state.message),
          ...[statusLine(state)].filter((p): p is HTMLElement => p !== undefined),
          button('Refresh', 'primary', () => vscode.postMessage({ type: 'refresh' })),
          ...(state.entities ? [renderEntities(state.entities)] : []),
        ];
  root.replaceChildren(...parts);
  root.setAttribute('aria-busy', String(state.loading));
  if (focused) rows.get(focused)?.focus();
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isHostMessage(event.data)) return;
  state = event.data.state;
  render();
});

vscode.postMessage({ type: 'ready' });
