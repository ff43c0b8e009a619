// Summaries and the printed table of `npm run bench`. A row is one figure with
// its spread (min/median/max over the samples), its target and whether it met it.
import * as os from 'node:os';

export interface Spread {
  min: number;
  median: number;
  max: number;
  n: number;
}

export function spread(samples: readonly number[]): Spread {
  if (samples.length === 0) return { min: Number.NaN, median: Number.NaN, max: Number.NaN, n: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted[sorted.length - 1], n: sorted.length };
}

/** A target on the median: "≤ 20 ms" style (the bench never fails on it; CI checks sizes only). */
export interface Target {
  max: number;
  text: string;
}

export interface Row {
  section: string;
  label: string;
  unit: 'ms' | 'µs' | 'KB' | 'x' | 'MB';
  value: Spread;
  target?: Target;
  /** What the figure is, or why it is missing. */
  note?: string;
}

export function met(row: Row): boolean | undefined {
  if (!row.target || !Number.isFinite(row.value.median)) return undefined;
  return row.value.median <= row.target.max;
}

function num(value: number, unit: Row['unit']): string {
  if (!Number.isFinite(value)) return '–';
  if (unit === 'x') return value.toFixed(3);
  if (unit === 'KB' || unit === 'MB') return value.toFixed(1);
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** The figure's three numbers; a single sample shows once. */
function cells(row: Row): [string, string, string] {
  const { min, median, max, n } = row.value;
  if (n <= 1) return ['', num(median, row.unit), ''];
  return [num(min, row.unit), num(median, row.unit), num(max, row.unit)];
}

function verdict(row: Row): string {
  const ok = met(row);
  if (ok === undefined) return row.target ? 'not measured' : '';
  return ok ? 'yes' : 'NO';
}

export interface Machine {
  cores: number;
  cpu: string;
  node: string;
  platform: string;
  loadAverage: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
  };
}

export function describeMachine(m: Machine, when: Date): string {
  return `${m.cores} cores, ${m.cpu}, Node ${m.node}, ${m.platform}; load average at start ${m.loadAverage} (1/5/15 min); ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const HEAD = ['Measure', 'min', 'median', 'max', 'unit', 'target (median)', 'met', 'notes'];

function tableRows(rows: readonly Row[]): string[][] {
  return rows.map((r) => [`${r.section}: ${r.label}`, ...cells(r), r.unit, r.target?.text ?? '', verdict(r), r.note ?? '']);
}

/** Fixed-width text for the terminal. */
export function textTable(rows: readonly Row[]): string {
  const body = tableRows(rows);
  const widths = HEAD.map((h, i) => Math.max(h.length, ...body.map((r) => (i === HEAD.length - 1 ? 0 : r[i].length))));
  const line = (cols: string[]): string =>
    cols
      .map((c, i) => (i === 0 || i >= 5 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(HEAD), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** GitHub-flavoured Markdown, for the README. */
export function markdownTable(rows: readonly Row[]): string {
  const esc = (s: string): string => s.replace(/\|/g, '\\|');
  const align = ['---', '---:', '---:', '---:', '---', '---', '---', '---'];
  return [`| ${HEAD.join(' | ')} |`, `|${align.join('|')}|`, ...tableRows(rows).map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

export function ms(from: number, to: number = performance.now()): number {
  return to - from;
}
