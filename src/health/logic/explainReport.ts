// "Why isn't it found?": the verdict and the reasons read from a search engine
// explanation (a Lucene Explanation tree, as DataHub's OpenAPI explainSearchQuery
// answers it), and the Markdown document the explain command shows. Pure: no vscode.
import type { ExplanationNode, SearchExplanation } from '../../gms/types';
import { codeBlock, htmlText, joinMarkdown, mdown, plain, type Markdown } from '../../shared/markdown';

export type ExplainVerdict = 'notInIndex' | 'notMatched' | 'matched';

/** Score as people read it: two decimals at most ("3.2", "14.07"). */
export function formatScore(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return String(Math.round(value * 100) / 100);
}

export function verdictOfExplanation(e: Pick<SearchExplanation, 'exists' | 'match'>): ExplainVerdict {
  if (!e.exists) return 'notInIndex';
  return e.match ? 'matched' : 'notMatched';
}

/** The headline: "Not in the search index", "In the index, but the query does not match it", "Matches, score 3.2". */
export function headline(e: Pick<SearchExplanation, 'exists' | 'match' | 'explanation'>): string {
  const verdict = verdictOfExplanation(e);
  if (verdict === 'notInIndex') return 'Not in the search index';
  if (verdict === 'notMatched') return 'In the index, but the query does not match it';
  return e.explanation ? `Matches, score ${formatScore(e.explanation.value)}` : 'Matches';
}

function* walk(node: ExplanationNode): Generator<ExplanationNode> {
  yield node;
  for (const child of node.details ?? []) yield* walk(child);
}

/** weight(name.delimited:orders in 123) [PerFieldSimilarity], result of: */
const TERM = /^weight\(([^:\s]+):(.+?) in \d+\)/;
const REQUIRED = /^no match on required clause \((.*)\)\s*$/;
const PROHIBITED = /^match on prohibited clause \((.*)\)\s*$/;

function termReason(description: string, value: number): string | undefined {
  const m = TERM.exec(description);
  if (!m) return undefined;
  return `the field ${m[1]} contains "${m[2]}" (adds ${formatScore(value)})`;
}

/** "name.delimited:customers | urn.delimited:customers" -> fields and words. */
function clauseParts(clause: string): { fields: string[]; words: string[] } {
  const fields: string[] = [];
  const words: string[] = [];
  for (const part of clause.split(/\s*\|\s*|\s+/)) {
    const m = /^\+?([^:\s()]+):(.+)$/.exec(part.trim());
    if (!m) continue;
    if (!fields.includes(m[1])) fields.push(m[1]);
    if (!words.includes(m[2])) words.push(m[2]);
  }
  return { fields, words };
}

function failingReason(description: string): string | undefined {
  const required = REQUIRED.exec(description);
  if (required) {
    const { fields, words } = clauseParts(required[1]);
    if (words.length === 0) return `a required clause matches nothing: ${required[1]}`;
    const quoted = words.map((w) => `"${w}"`).join(', ');
    return `no searched field contains ${quoted} (required; looked in ${fields.join(', ')})`;
  }
  const prohibited = PROHIBITED.exec(description);
  if (prohibited) {
    const soft = /^removed:true$/.test(prohibited[1].trim());
    return soft ? 'it is soft-deleted (removed: true), and search leaves out removed entities' : `a prohibited clause matches it: ${prohibited[1]}`;
  }
  return undefined;
}

/**
 * The reasons in words, most important first: for a match, the top contributing term
 * clauses with their scores (and a boost that multiplied them); for a non-match, the
 * clauses that failed. At most `limit`.
 */
export function reasonsOf(e: Pick<SearchExplanation, 'exists' | 'match' | 'explanation'>, limit = 5): string[] {
  if (!e.exists) return ['the search index has no document for this URN: DataHub search cannot find it with any query'];
  const root = e.explanation;
  if (!root) return [];
  const nodes = [...walk(root)];
  if (!e.match) {
    const failing = nodes.map((n) => (n.match ? undefined : failingReason(n.description))).filter((r): r is string => r !== undefined);
    if (failing.length > 0) return [...new Set(failing)].slice(0, limit);
    const first = nodes.find((n) => !n.match && n !== root && n.description.trim() !== '') ?? root;
    return [`the query fails here: ${first.description.trim()}`];
  }
  const terms = nodes
    .filter((n) => n.match && TERM.test(n.description))
    .map((n) => ({ value: n.value, text: termReason(n.description, n.value) as string }))
    .sort((a, b) => b.value - a.value);
  const reasons = terms.map((t) => t.text);
  const boost = nodes.find((n) => n.match && /^weight, /.test(n.description) && n.value !== 1);
  if (boost) reasons.push(`boosted ×${formatScore(boost.value)}: ${boost.description.replace(/^weight, /, '')}`);
  if (reasons.length > 0) return [...new Set(reasons)].slice(0, limit);
  const top = (root.details ?? []).filter((n) => n.match).sort((a, b) => b.value - a.value);
  return (top.length > 0 ? top : [root]).slice(0, limit).map((n) => `${n.description.replace(/[:,]\s*$/, '')} (${formatScore(n.value)})`);
}

/** A few fields of the raw search document worth seeing first. */
export const KEY_FIELDS = [
  'name',
  'title',
  'editedName',
  'platform',
  'origin',
  'removed',
  'description',
  'editedDescription',
  'tags',
  'owners',
  'runId',
] as const;

export function keyFields(document: Record<string, unknown>): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const key of KEY_FIELDS) {
    if (!(key in document)) continue;
    const value = document[key];
    const text = typeof value === 'string' ? (value === '' ? '(empty)' : value) : JSON.stringify(value);
    rows.push([key, text.length > 120 ? `${text.slice(0, 119)}…` : text]);
  }
  return rows;
}

export type RawState = { state: 'present'; document: Record<string, unknown> } | { state: 'missing' } | { state: 'unknown'; reason: string };

export interface FirstMatch {
  urn: string;
  score?: number;
  /** explainSearchQueryDiff of the URN (A, "+") against this hit (B, "-"). */
  diff?: string;
  /** Why the diff or score could not be read. */
  note?: string;
}

export interface ExplainReport {
  urn: string;
  query: string;
  entityName: string;
  connection: string;
  explanation: SearchExplanation;
  raw: RawState;
  /** The first entity DataHub search returned for the query; undefined when none (or the URN itself). */
  firstMatch?: FirstMatch;
  /** Why there is no first match to show. */
  firstMatchNote?: string;
}

/** A short name for people: a dataset's name part, else the id after the entity type. */
export function shortEntityName(urn: string): string {
  const dataset = /^urn:li:dataset:\(urn:li:dataPlatform:[^,]+,(.+),[^,]+\)$/.exec(urn);
  if (dataset) return dataset[1];
  const other = /^urn:li:[A-Za-z0-9_]+:(.+)$/.exec(urn);
  return other ? other[1] : urn;
}

/** The two or three sentences under the headline: the answer before the evidence. */
function summary(r: ExplainReport): Markdown {
  const e = r.explanation;
  const name = mdown`**${shortEntityName(r.urn)}**`;
  const q = r.query;
  const verdict = verdictOfExplanation(e);
  const lines: Markdown[] = [];
  if (verdict === 'notInIndex') lines.push(mdown`DataHub search cannot find ${name} with any text: the search index holds no document for it.`);
  else if (verdict === 'notMatched') lines.push(mdown`Searching for ${q} does not find ${name}: ${reasonsOf(e, 1)[0] ?? 'the query does not match it'}.`);
  else lines.push(mdown`Searching for ${q} finds ${name} with score **${plain(formatScore(e.explanation?.value ?? 0))}**.`);
  const first = r.firstMatch;
  if (first && first.urn !== r.urn) {
    const score = first.score !== undefined ? mdown` (score **${plain(formatScore(first.score))}**)` : mdown``;
    lines.push(mdown`The first result for ${q} is **${shortEntityName(first.urn)}**${score}.`);
  } else if (first) lines.push(mdown`It is the first result for ${q}.`);
  return joinMarkdown(
    lines.map((l) => mdown`> ${l}`),
    '\n>\n',
  );
}

/** The explain document, Markdown: verdict first, raw JSON last. */
export function renderExplainDocument(r: ExplainReport): Markdown {
  const e = r.explanation;
  const verdict = verdictOfExplanation(e);
  // Plain symbols, not emoji: every editor font has them.
  const icon = verdict === 'matched' ? '✓' : verdict === 'notMatched' ? '⚠' : '✗';
  const out: Markdown[] = [];
  out.push(mdown`# ${plain(icon)} ${plain(headline(e))}`, mdown``, summary(r), mdown``);
  out.push(mdown`| | |`, mdown`|---|---|`);
  out.push(mdown`| **Entity** | ${r.urn} |`);
  out.push(mdown`| **Search text** | ${r.query} |`);
  out.push(mdown`| **Index** | ${e.index || `${r.entityName.toLowerCase()}index_v2`} (entity type ${r.entityName}) |`);
  out.push(mdown`| **Connection** | ${r.connection} |`, mdown``);

  out.push(mdown`## In the search index?`, mdown``);
  if (!e.exists) out.push(mdown`**No.** The index ${e.index} holds no document for this URN, so no search text can find it.`);
  else out.push(mdown`**Yes.** The index ${e.index} holds a document for it.`);
  if (r.raw.state === 'missing' && !e.exists) out.push(mdown``, mdown`The raw search document is missing too (entity/raw does not return it).`);
  if (!e.exists) {
    out.push(
      mdown``,
      mdown`If the entity is in DataHub’s database, **Restore Indices for this URN** writes it to the search index again; **Check Search Index for URN…** tells whether the database has it.`,
    );
  }
  out.push(mdown``);

  if (e.exists) {
    out.push(mdown`## Does the query match it?`, mdown``);
    out.push(e.match ? mdown`**Yes**, with score **${plain(formatScore(e.explanation?.value ?? 0))}**.` : mdown`**No.**`);
    const reasons = reasonsOf(e);
    if (reasons.length > 0) {
      out.push(mdown``, e.match ? mdown`Top contributing clauses:` : mdown`Why not:`, mdown``);
      for (const reason of reasons) out.push(mdown`- ${reason}`);
    }
    out.push(mdown``);
  }

  out.push(mdown`## The first result that matched`, mdown``);
  if (r.firstMatch) {
    const score = r.firstMatch.score !== undefined ? mdown`, score **${plain(formatScore(r.firstMatch.score))}**` : mdown``;
    out.push(mdown`DataHub search for ${r.query} returns first ${r.firstMatch.urn}${score}.`);
    if (r.firstMatch.diff !== undefined) {
      out.push(
        mdown``,
        mdown`How its explanation differs from this entity’s (“+” this entity, “−” the first result):`,
        mdown``,
        codeBlock(r.firstMatch.diff, 'diff'),
      );
    }
    if (r.firstMatch.note) out.push(mdown``, mdown`${r.firstMatch.note}`);
  } else {
    out.push(r.firstMatchNote !== undefined ? mdown`${r.firstMatchNote}` : mdown`DataHub search returns nothing else for ${r.query}.`);
  }
  out.push(mdown``);

  if (e.exists || r.raw.state !== 'missing') {
    out.push(mdown`## The search document`);
    if (r.raw.state === 'present') {
      out.push(mdown``, mdown`Key fields, as the index holds them:`, mdown``);
      // The keys are KEY_FIELDS (ours); the values are the server's.
      for (const [k, v] of keyFields(r.raw.document)) out.push(mdown`- ${plain(k)}: ${v}`);
    } else if (r.raw.state === 'missing') {
      out.push(mdown``, mdown`entity/raw does not return it.`);
    } else {
      out.push(mdown``, mdown`It could not be read: ${r.raw.reason}`);
    }
    out.push(mdown``);
  }

  if (e.explanation) {
    out.push(
      mdown`<details><summary>Raw explanation (JSON)</summary>`,
      mdown``,
      mdown`<pre><code>${htmlText(JSON.stringify(e.explanation, null, 2))}</code></pre>`,
      mdown``,
      mdown`</details>`,
      mdown``,
    );
  }
  return joinMarkdown(out);
}

/** The one sentence for a server without the OpenAPI explain operation. */
export function noExplainMessage(restliSetting: boolean): string {
  const why = restliSetting
    ? 'This connection is set to the Rest.li operations (api: restli), and explaining a search needs DataHub’s OpenAPI operations, which newer DataHub versions add.'
    : 'This DataHub server has no search explain: DataHub’s OpenAPI operations add it in newer DataHub versions.';
  return `${why} Check Search Index for URN… still tells whether the entity is in the database and in search.`;
}

/** The search text as typed: trimmed, at most 1000 characters; undefined when fine, else the problem. */
export function checkQueryInput(query: string): string | undefined {
  if (query.trim() === '') return 'Type the search text a user typed in DataHub (e.g. orders).';
  if (query.length > 1000) return 'At most 1000 characters.';
  return undefined;
}
