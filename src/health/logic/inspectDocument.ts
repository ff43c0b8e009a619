// The Inspect URN document, Markdown for the preview: the verdict first, then the differences,
// the database's aspects, the search document, DataHub's consistency findings, recent changes and
// the next steps. Written with mdown`…` (src/shared/markdown.ts): every value from a server, error
// messages included, is inert (a code span), so no renderer turns it into a heading, a link, an
// image or HTML. Pure: no vscode.
import { code, codeCell, joinMarkdown, mdown, plain, type Markdown } from '../../shared/markdown';
import { formatDateTime } from '../../shared/format';
import { keyFields } from './explainReport';
import { isUnreadable, VERDICT_TEXT, type FieldDifference, type InspectFacts, type InspectVerdict, type NextStep } from './inspect';

export interface InspectReport extends InspectFacts {
  verdict: InspectVerdict;
  differences: FieldDifference[];
  nextSteps: NextStep[];
}

const ICON: Record<InspectVerdict, string> = {
  inSync: '✓',
  searchStale: '⚠',
  softDeletedInSearch: '⚠',
  databaseOnly: '✗',
  searchOnly: '✗',
  unknown: '?',
};

/** What the verdict means and what to do, in one or two sentences. */
export const VERDICT_MEANING: Record<InspectVerdict, string> = {
  inSync: 'Every compared field of the search document says what the database says. If search still does not find it, Explain Search tells why.',
  searchStale:
    'The search document was written from older aspects: search shows and matches old values. Restoring the indices of this URN writes it again from the database.',
  softDeletedInSearch:
    'The database marks the entity removed (status), but its search document does not, so search still lists it. Restoring the indices of this URN writes removed: true to search.',
  databaseOnly: 'The database holds the entity and search has no document for it: no search finds it. Restoring the indices of this URN writes the document.',
  searchOnly:
    'Search holds a document whose entity has no row in the database (a hard delete that skipped the index). A restore cannot remove it; the consistency fix (DELETE_INDEX_DOCUMENTS) does.',
  unknown: 'A side could not be read (see its section), or neither the database nor search holds this URN.',
};

const cell = (text: string): Markdown => codeCell(text, 200);
/** A section that could not be read: our words, then the reason (which may hold the server's error text). */
const unreadable = (label: string, why: string): Markdown => mdown`${plain(label)}: ${code(why, 1000)}`;

function differences(r: InspectReport, out: Markdown[]): void {
  out.push(mdown`## Differences`, mdown``);
  if (isUnreadable(r.database) || isUnreadable(r.search)) out.push(mdown`Not compared: one side could not be read.`);
  else if (!r.database.exists || !r.search.found) out.push(mdown`Not compared: only one side holds this URN.`);
  else if (r.differences.length === 0)
    out.push(mdown`None: name or title, description, edited description and name, tags, owners, removed, platform and browse path agree where both hold them.`);
  else {
    out.push(mdown`| Field | Database | Search |`, mdown`|---|---|---|`);
    for (const d of r.differences) out.push(mdown`| ${plain(d.field)} | ${cell(d.database)} | ${cell(d.search)} |`);
  }
  out.push(mdown``);
}

function database(r: InspectReport, out: Markdown[]): void {
  out.push(mdown`## The database`, mdown``);
  const db = r.database;
  if (isUnreadable(db)) out.push(unreadable('Not read', db.unreadable));
  else if (!db.exists) out.push(mdown`No row: the database does not hold this URN (the v3 entity read answered 404).`);
  else {
    out.push(mdown`${db.aspects.length} aspect${plain(db.aspects.length === 1 ? '' : 's')}, with their system metadata:`, mdown``);
    out.push(mdown`| Aspect | Last observed | Run | Version |`, mdown`|---|---|---|---|`);
    for (const a of db.aspects) {
      const sm = a.systemMetadata ?? {};
      const seen = plain(sm.lastObserved !== undefined ? formatDateTime(sm.lastObserved) : '—');
      out.push(mdown`| ${cell(a.name)} | ${seen} | ${sm.runId ? cell(sm.runId) : mdown`—`} | ${sm.version ? cell(sm.version) : mdown`—`} |`);
    }
  }
  out.push(mdown``);
}

function search(r: InspectReport, out: Markdown[]): void {
  out.push(mdown`## The search document`, mdown``);
  const s = r.search;
  if (isUnreadable(s)) out.push(unreadable('Not read', s.unreadable));
  else if (!s.found) out.push(mdown`None: the entity index holds no document for this URN (entity/raw does not return it).`);
  else {
    out.push(mdown`Key fields, as the index holds them:`, mdown``);
    // The keys are KEY_FIELDS (ours); the values are the server's.
    for (const [k, v] of keyFields(s.document)) out.push(mdown`- ${plain(k)}: ${v}`);
  }
  out.push(mdown``);
}

function checks(r: InspectReport, out: Markdown[]): void {
  out.push(mdown`## DataHub’s consistency checks`, mdown``);
  const c = r.checks;
  if (isUnreadable(c)) out.push(unreadable('Not run', c.unreadable));
  else if (!c.indexed) out.push(mdown`Nothing scanned: the URN is not in the system-metadata index, or no default check covers its entity type.`);
  else if (c.issues.length === 0) out.push(mdown`No issue: every default check for its entity type passed.`);
  else
    for (const i of c.issues) {
      const fix = i.fixType ? mdown` (fix: ${i.fixType})` : mdown``;
      out.push(mdown`- ${i.checkId ?? 'a check'}${fix}: ${i.description ?? 'no description'}`);
    }
  out.push(mdown``);
}

function timeline(r: InspectReport, out: Markdown[]): void {
  out.push(mdown`## Recent changes`, mdown``);
  const t = r.timeline;
  if (isUnreadable(t)) out.push(unreadable('Not read', t.unreadable));
  else if (t.changes.length === 0) out.push(mdown`None in the last 30 days (schema, documentation, tags, owners, glossary terms, domain).`);
  else
    for (const change of t.changes) {
      const who = change.actor ? mdown` by ${change.actor}` : mdown``;
      out.push(mdown`- ${plain(formatDateTime(change.timestamp))}${who}`);
      for (const e of change.events.slice(0, 10)) {
        out.push(mdown`  - ${[e.category, e.operation].filter(Boolean).join(' ')}${e.description ? mdown`: ${e.description}` : mdown``}`);
      }
    }
  out.push(mdown``);
}

function nextSteps(r: InspectReport, out: Markdown[]): void {
  out.push(mdown`## Next steps`, mdown``);
  if (r.nextSteps.length === 0) out.push(mdown`Nothing to do here.`);
  // Our own command ids with arguments built from the URN: shown as text, run from the notification or the palette.
  for (const s of r.nextSteps) out.push(mdown`- **${plain(s.title)}**: ${plain(s.why)}. Command ${s.command} with ${code(JSON.stringify(s.args), 1000)}`);
  out.push(mdown``);
}

export function renderInspectDocument(r: InspectReport): Markdown {
  const out: Markdown[] = [
    mdown`# ${plain(ICON[r.verdict])} ${plain(VERDICT_TEXT[r.verdict])}`,
    mdown``,
    mdown`> ${plain(VERDICT_MEANING[r.verdict])}`,
    mdown``,
  ];
  out.push(mdown`| | |`, mdown`|---|---|`, mdown`| **Entity** | ${cell(r.urn)} |`, mdown`| **Connection** | ${cell(r.connection)} |`, mdown``);
  differences(r, out);
  database(r, out);
  search(r, out);
  checks(r, out);
  timeline(r, out);
  nextSteps(r, out);
  return joinMarkdown(out);
}
