// The Doctor on every connection: one verdict per connection (its worst line's), one per area of the
// table (GMS, search cluster, consumers and lag, failed writes, version) and the Markdown of the table.
// Pure: the reports come in (./report.ts, read by ../collect.ts), the rows and the text go out.
import { joinMarkdown, mdown, rawCell, type Markdown } from '../../shared/markdown';
import type { Environment } from '../../shared/connections';
import { cap, type DoctorLine, type DoctorReport } from './report';
import { GC_LINE_ID } from './gcLine';

/** A connection's verdict: its worst line's, `unreachable` when GMS itself did not answer, `noToken` when nothing was read for want of one. */
export type ConnectionVerdict = 'ok' | 'warning' | 'failing' | 'unreachable' | 'noToken';

/** The table's areas, each fed by the Doctor's lines of that kind. */
export const AREAS = ['gms', 'searchCluster', 'consumers', 'failedWrites', 'version'] as const;
export type AreaId = (typeof AREAS)[number];

export const AREA_TITLES: Record<AreaId, string> = {
  gms: 'GMS',
  searchCluster: 'Search cluster',
  consumers: 'Consumers and lag',
  failedWrites: 'Failed writes',
  version: 'Version',
};

/** One area of one connection: the worst verdict of its lines ('notRead' when none was read) and a short text. */
export interface AreaCell {
  verdict: ConnectionVerdict | 'notRead';
  text: string;
}

export interface ConnectionDiagnosis {
  name: string;
  environment?: Environment;
  /** scheme://host:port of its GMS (never a path, query or credentials). */
  gmsOrigin: string;
  verdict: ConnectionVerdict;
  /** The worst fact in one sentence ("Search cluster: red, 5 unassigned shards"). */
  summary: string;
  /** The Doctor's lines, when it read them. */
  lines?: DoctorLine[];
  areas: Record<AreaId, AreaCell>;
  /** DataHub's GC: its worst finding (or why it was not read), when the Doctor read it. */
  gc?: { verdict: DoctorLine['verdict']; summary: string; nextStep?: string };
}

/** Which area a line belongs to (undefined: it counts towards the connection's verdict only). */
export function areaOf(line: Pick<DoctorLine, 'id'>): AreaId | undefined {
  const id = line.id;
  if (id === 'gmsReady') return 'gms';
  if (id === 'searchCluster') return 'searchCluster';
  if (id === 'failedMcps') return 'failedWrites';
  if (id === 'systemInfo') return 'version';
  if (id === 'transport' || id.startsWith('consumer') || id.startsWith('messagingLag') || id.startsWith('registered')) return 'consumers';
  return undefined;
}

/** A line's weight at the connection level: a fact not read calls for a look (warning); one the server does not offer does not. */
function lineVerdict(line: DoctorLine): 'ok' | 'warning' | 'failing' {
  if (line.verdict === 'failing') return 'failing';
  if (line.verdict === 'warning' || line.verdict === 'unreadable') return 'warning';
  return 'ok';
}

const RANK: Record<ConnectionVerdict | 'notRead', number> = { unreachable: 5, failing: 4, noToken: 3, warning: 2, ok: 1, notRead: 0 };

/** The worst of verdicts (for a cell, a connection or the whole table). */
export function worstOf<V extends ConnectionVerdict | 'notRead'>(verdicts: readonly V[]): V | undefined {
  let worst: V | undefined;
  for (const v of verdicts) if (worst === undefined || RANK[v] > RANK[worst]) worst = v;
  return worst;
}

const UNREACHABLE_KINDS = new Set(['network', 'tls', 'timeout']);

/** GMS itself did not answer: its own line was not read for want of an answer (not a refusal or an error page). */
export function gmsUnreachable(report: DoctorReport): boolean {
  const gms = report.lines.find((l) => l.id === 'gmsReady');
  return gms?.verdict === 'unreadable' && typeof gms.figures.errorKind === 'string' && UNREACHABLE_KINDS.has(gms.figures.errorKind);
}

function notRead(text: string): Record<AreaId, AreaCell> {
  return Object.fromEntries(AREAS.map((a) => [a, { verdict: 'notRead', text }])) as Record<AreaId, AreaCell>;
}

/** The cells of one report: the worst line of each area, its summary cut short (the version area names the version). */
export function areaCells(report: DoctorReport): Record<AreaId, AreaCell> {
  const cells = notRead('not read');
  for (const area of AREAS) {
    const lines = report.lines.filter((l) => areaOf(l) === area);
    if (lines.length === 0) continue;
    const worst = lines.reduce((a, b) => (RANK[lineVerdict(b)] > RANK[lineVerdict(a)] ? b : a));
    const verdict = lineVerdict(worst);
    const version = area === 'version' ? worst.figures.gmsVersion : undefined;
    const text = typeof version === 'string' && verdict === 'ok' ? cap(version, 60) : cap(worst.summary, 120);
    cells[area] = { verdict, text };
  }
  return cells;
}

interface Identity {
  name: string;
  environment?: Environment;
  gmsOrigin: string;
}

const who = (c: Identity) => ({ name: c.name, ...(c.environment ? { environment: c.environment } : {}), gmsOrigin: c.gmsOrigin });

/** A connection read: its verdict and summary from the report. */
export function diagnosisOf(connection: Identity, report: DoctorReport): ConnectionDiagnosis {
  if (gmsUnreachable(report)) {
    // Nothing answered: no area has a verdict of its own (its lines read "not read (as above)").
    const gms = report.lines.find((l) => l.id === 'gmsReady');
    const summary = `GMS did not answer: ${gms?.details?.[0] ?? gms?.summary ?? 'no answer'}`;
    return { ...who(connection), verdict: 'unreachable', summary: cap(summary, 240), lines: report.lines, areas: notRead('no answer') };
  }
  const areas = areaCells(report);
  const verdict = worstOf(report.lines.map(lineVerdict)) ?? 'ok';
  const worst = report.lines.find((l) => lineVerdict(l) === verdict && verdict !== 'ok');
  const summary = worst ? `${worst.title}: ${worst.summary}` : `all ${report.lines.length} facts OK`;
  const gcLine = report.lines.find((l) => l.id === GC_LINE_ID);
  const gc = gcLine ? { verdict: gcLine.verdict, summary: gcLine.summary, ...(gcLine.nextStep ? { nextStep: gcLine.nextStep } : {}) } : undefined;
  return { ...who(connection), verdict, summary: cap(summary, 240), lines: report.lines, areas, ...(gc ? { gc } : {}) };
}

/** A connection with no token stored: nothing was sent. */
export function noTokenDiagnosis(connection: Identity): ConnectionDiagnosis {
  return {
    ...who(connection),
    verdict: 'noToken',
    summary: 'no access token is stored for this connection: nothing was read (DataHub: Set Access Token)',
    areas: notRead('no token'),
  };
}

/** A connection whose reading could not start or ended without a report (its client could not be made, e.g. an unreadable CA file). */
export function failedDiagnosis(connection: Identity, why: string): ConnectionDiagnosis {
  return { ...who(connection), verdict: 'unreachable', summary: cap(`not read: ${why}`, 240), areas: notRead('not read') };
}

const VERDICT_WORDS: Record<ConnectionVerdict | 'notRead', string> = {
  ok: 'OK',
  warning: 'Warning',
  failing: 'Failing',
  unreachable: 'Unreachable',
  noToken: 'No token',
  notRead: 'Not read',
};

/** The sentence for the whole run: how many of each verdict, the worst connection first. */
export function allMessage(rows: readonly ConnectionDiagnosis[]): string {
  if (rows.length === 0) return 'DataHub Doctor on all connections: no connection to read.';
  const order: ConnectionVerdict[] = ['unreachable', 'failing', 'noToken', 'warning', 'ok'];
  const parts = order.map((v) => [v, rows.filter((r) => r.verdict === v).length] as const).filter(([, n]) => n > 0);
  const worst = [...rows].sort((a, b) => RANK[b.verdict] - RANK[a.verdict])[0];
  const tail = worst.verdict === 'ok' ? '' : ` Worst: "${cap(worst.name, 80)}" ${VERDICT_WORDS[worst.verdict].toLowerCase()} (${worst.summary}).`;
  return `DataHub Doctor on ${rows.length} connection${rows.length === 1 ? '' : 's'}: ${parts.map(([v, n]) => `${n} ${VERDICT_WORDS[v].toLowerCase()}`).join(', ')}.${tail}`;
}

const CELL_MAX = 160;
const cell = (text: string): Markdown => rawCell(text, CELL_MAX);
const ours = (text: string): Markdown => mdown`${rawCell(text)}`;

/** The table as Markdown (the document shown and what Copy as Markdown copies); every server and connection text is inert. */
export function allMarkdown(rows: readonly ConnectionDiagnosis[], at: number): Markdown {
  const head = ['Connection', 'Environment', 'Verdict', ...AREAS.map((a) => AREA_TITLES[a])].map(ours);
  const row = (cells: readonly Markdown[]): Markdown => mdown`| ${joinMarkdown(cells, '')} |`;
  const sep = (cells: readonly Markdown[]) =>
    joinMarkdown(
      cells.flatMap((c, i) => (i === 0 ? [c] : [mdown` | `, c])),
      '',
    );
  const table = rows.map((r) =>
    row([
      sep([
        cell(r.name),
        cell(r.environment ?? ''),
        ours(VERDICT_WORDS[r.verdict]),
        ...AREAS.map((a) => {
          const c = r.areas[a];
          return c.verdict === 'notRead' ? cell(c.text) : mdown`${ours(VERDICT_WORDS[c.verdict])}: ${cell(c.text)}`;
        }),
      ]),
    ]),
  );
  const worst = rows.map((r) => mdown`- **${cell(r.name)}** (${cell(r.gmsOrigin)}): ${ours(VERDICT_WORDS[r.verdict])}, ${cell(r.summary)}`);
  const count = ours(`${rows.length} connection${rows.length === 1 ? '' : 's'}`);
  // DataHub's GC per connection: its worst finding and next step (the Doctor's "DataHub GC" line), or why there is none.
  const gc = rows.map((r) => {
    if (!r.gc)
      return mdown`- **${cell(r.name)}**: not read (${cell(r.verdict === 'noToken' ? 'no token' : r.verdict === 'unreachable' ? 'GMS did not answer' : 'not asked')})`;
    const word = r.gc.verdict === 'ok' || r.gc.verdict === 'warning' || r.gc.verdict === 'failing' ? VERDICT_WORDS[r.gc.verdict] : 'Not read';
    return mdown`- **${cell(r.name)}**: ${ours(word)}, ${rawCell(r.gc.summary, 400)}${r.gc.nextStep ? mdown` Next step: ${rawCell(r.gc.nextStep, 300)}.` : mdown``}`;
  });
  return joinMarkdown([
    mdown`# DataHub Doctor: all connections`,
    mdown``,
    mdown`${ours(new Date(at).toISOString())} · ${count} · reads only`,
    mdown``,
    row([sep(head)]),
    row([sep(head.map(() => mdown`---`))]),
    ...table,
    mdown``,
    mdown`## The worst fact of each`,
    mdown``,
    ...worst,
    mdown``,
    mdown`## DataHub GC`,
    mdown``,
    ...gc,
    mdown``,
  ]);
}
