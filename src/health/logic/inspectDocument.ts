// The Inspect URN document, Markdown for the preview: the verdict first, then the differences,
// the database's aspects, the search document, DataHub's consistency findings, recent changes and
// the next steps. Every value from a server is inert (inertText / markdownCode: code spans), so no
// renderer turns it into a heading, a link, an image or HTML. Pure: no vscode.
import { inertText, markdownCode } from '../../shared/markdown';
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

const cell = (text: string): string => markdownCode(text, 'tableCell', 200);

function differences(r: InspectReport, out: string[]): void {
  out.push('## Differences', '');
  if (isUnreadable(r.database) || isUnreadable(r.search)) out.push('Not compared: one side could not be read.');
  else if (!r.database.exists || !r.search.found) out.push('Not compared: only one side holds this URN.');
  else if (r.differences.length === 0)
    out.push('None: name or title, description, edited description and name, tags, owners, removed, platform and browse path agree where both hold them.');
  else {
    out.push('| Field | Database | Search |', '|---|---|---|');
    for (const d of r.differences) out.push(`| ${d.field} | ${cell(d.database)} | ${cell(d.search)} |`);
  }
  out.push('');
}

function database(r: InspectReport, out: string[]): void {
  out.push('## The database', '');
  const db = r.database;
  if (isUnreadable(db)) out.push(`Not read: ${db.unreadable}`);
  else if (!db.exists) out.push('No row: the database does not hold this URN (the v3 entity read answered 404).');
  else {
    out.push(`${db.aspects.length} aspect${db.aspects.length === 1 ? '' : 's'}, with their system metadata:`, '');
    out.push('| Aspect | Last observed | Run | Version |', '|---|---|---|---|');
    for (const a of db.aspects) {
      const sm = a.systemMetadata ?? {};
      const seen = sm.lastObserved !== undefined ? formatDateTime(sm.lastObserved) : '—';
      out.push(`| ${cell(a.name)} | ${seen} | ${sm.runId ? cell(sm.runId) : '—'} | ${sm.version ? cell(sm.version) : '—'} |`);
    }
  }
  out.push('');
}

function search(r: InspectReport, out: string[]): void {
  out.push('## The search document', '');
  const s = r.search;
  if (isUnreadable(s)) out.push(`Not read: ${s.unreadable}`);
  else if (!s.found) out.push('None: the entity index holds no document for this URN (entity/raw does not return it).');
  else {
    out.push('Key fields, as the index holds them:', '');
    // The keys are KEY_FIELDS (ours); the values are the server's.
    for (const [k, v] of keyFields(s.document)) out.push(`- ${k}: ${inertText(v)}`);
  }
  out.push('');
}

function checks(r: InspectReport, out: string[]): void {
  out.push('## DataHub’s consistency checks', '');
  const c = r.checks;
  if (isUnreadable(c)) out.push(`Not run: ${c.unreadable}`);
  else if (!c.indexed) out.push('Nothing scanned: the URN is not in the system-metadata index, or no default check covers its entity type.');
  else if (c.issues.length === 0) out.push('No issue: every default check for its entity type passed.');
  else
    for (const i of c.issues) {
      const fix = i.fixType ? ` (fix: ${inertText(i.fixType)})` : '';
      out.push(`- ${inertText(i.checkId ?? 'a check')}${fix}: ${inertText(i.description ?? 'no description')}`);
    }
  out.push('');
}

function timeline(r: InspectReport, out: string[]): void {
  out.push('## Recent changes', '');
  const t = r.timeline;
  if (isUnreadable(t)) out.push(`Not read: ${t.unreadable}`);
  else if (t.changes.length === 0) out.push('None in the last 30 days (schema, documentation, tags, owners, glossary terms, domain).');
  else
    for (const change of t.changes) {
      const who = change.actor ? ` by ${inertText(change.actor)}` : '';
      out.push(`- ${formatDateTime(change.timestamp)}${who}`);
      for (const e of change.events.slice(0, 10)) {
        out.push(`  - ${inertText([e.category, e.operation].filter(Boolean).join(' '))}${e.description ? `: ${inertText(e.description)}` : ''}`);
      }
    }
  out.push('');
}

function nextSteps(r: InspectReport, out: string[]): void {
  out.push('## Next steps', '');
  if (r.nextSteps.length === 0) out.push('Nothing to do here.');
  // Our own command ids with arguments built from the URN: shown as text, run from the notification or the palette.
  for (const s of r.nextSteps)
    out.push(`- **${s.title}**: ${s.why}. Command ${markdownCode(s.command)} with ${markdownCode(JSON.stringify(s.args), 'text', 1000)}`);
  out.push('');
}

export function renderInspectDocument(r: InspectReport): string {
  const out: string[] = [`# ${ICON[r.verdict]} ${VERDICT_TEXT[r.verdict]}`, '', `> ${VERDICT_MEANING[r.verdict]}`, ''];
  out.push('| | |', '|---|---|', `| **Entity** | ${cell(r.urn)} |`, `| **Connection** | ${cell(r.connection)} |`, '');
  differences(r, out);
  database(r, out);
  search(r, out);
  checks(r, out);
  timeline(r, out);
  nextSteps(r, out);
  return out.join('\n');
}
