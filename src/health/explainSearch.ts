// datahub.explainSearch: "Why isn't it found?" Asks DataHub's OpenAPI explainSearchQuery
// why a search text does (or does not) find one URN, reads the raw search document and
// the first result that did match, and shows it all as a read-only Markdown document
// (scheme datahub-explain:, opened in the Markdown preview).
//   palette: prompts for the URN and the search text
//   hover link / search-check button: { urn } prompts for the search text only
//   { urn, query, entityName? }: no prompt; returns ExplainSearchResult
import { pickUrn } from '../platform/urnPicker';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Services } from '../platform/services';
import { activeTitle } from '../platform/titles';
import { registerCommand, registrationWith, type CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { Commands } from '../shared/commandIds';
import { GmsError, isGmsError } from '../gms/errors';
import { parseUrn } from '../gms/urn';
import type { SearchExplanation } from '../gms/types';
import { explainSearchArgs } from './logic/args';
import { normaliseUrnInput } from '../shared/findUrn';
import { shortenUrn } from '../restore/logic/restoreFormat';
import {
  checkQueryInput,
  headline,
  noExplainMessage,
  reasonsOf,
  renderExplainDocument,
  shortEntityName,
  type ExplainReport,
  type FirstMatch,
  type RawState,
} from './logic/explainReport';
import { askText } from '../platform/prompts';
import { ReadOnlyDocuments } from '../platform/readOnlyDocuments';

export const EXPLAIN_COMMAND = Commands.explainSearch;
export const EXPLAIN_SCHEME = 'datahub-explain';

export interface ExplainSearchResult extends Outcome {
  urn: string;
  query: string;
  entityName: string;
  /** The entity index holds a document for the URN. */
  inIndex: boolean;
  /** The search text matches that document. */
  matched: boolean;
  /** The document's score for the search text (when it matched). */
  score?: number;
  /** The reasons in words, most important first. */
  reasons: string[];
  /** The first result DataHub search returned for the search text, with its score when known. */
  firstMatch?: { urn: string; score?: number };
  /** The explain document (datahub-explain: scheme, Markdown). */
  documentUri: string;
}

class NoExplain extends Error {
  constructor(
    message: string,
    readonly urn: string,
  ) {
    super(message);
  }
}

function isMissingOpenapi(error: unknown): boolean {
  return isGmsError(error) && error.kind === 'notFound' && error.code === 'openapiMissing';
}

async function rawState(active: ActiveClient, urn: string, signal?: AbortSignal): Promise<RawState> {
  try {
    const raw = await active.client.getRawDocuments([urn], signal);
    const found = raw.found.find((d) => d.urn === urn);
    return found ? { state: 'present', document: found.document } : { state: 'missing' };
  } catch (error) {
    if (isGmsError(error) && error.kind === 'forbidden') {
      return { state: 'unknown', reason: "reading it needs the 'Manage System Operations' privilege (MANAGE_SYSTEM_OPERATIONS_PRIVILEGE)." };
    }
    if (isMissingOpenapi(error)) return { state: 'unknown', reason: 'this server has no entity/raw operation (newer DataHub versions add it).' };
    return { state: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}

async function firstMatchOf(
  active: ActiveClient,
  urn: string,
  query: string,
  entityName: string,
  signal?: AbortSignal,
): Promise<{ firstMatch?: FirstMatch; note?: string }> {
  let hits;
  try {
    hits = await active.client.search.findEntities(query, signal, 1);
  } catch (error) {
    return { note: `DataHub search could not be asked for the first result: ${error instanceof Error ? error.message : String(error)}` };
  }
  const first = hits[0];
  if (!first) return { note: `DataHub search finds nothing at all for "${query}".` };
  if (first.urn === urn) return { firstMatch: { urn, note: 'That is this entity: it is the first result.' } };
  const parsed = parseUrn(first.urn);
  const hitType = parsed.ok ? parsed.value.entityType : undefined;
  const match: FirstMatch = { urn: first.urn };
  try {
    const explained = await active.client.explainSearchQuery({ urn: first.urn, query, entityName: hitType }, signal);
    if (explained.match && explained.explanation) match.score = explained.explanation.value;
  } catch (error) {
    match.note = `Its score could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (hitType !== undefined && hitType.toLowerCase() !== entityName.toLowerCase()) {
    match.note = `It is a ${hitType}, not a ${entityName}: the two are in different indices, so there is no diff.`;
    return { firstMatch: match };
  }
  try {
    match.diff = await active.client.explainSearchQueryDiff({ urnA: urn, urnB: first.urn, query, entityName }, signal);
  } catch (error) {
    match.note = `The diff could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { firstMatch: match };
}

/** Asks the server; a server without the explain operation throws NoExplain. */
async function explain(active: ActiveClient, urn: string, query: string, entityName: string, signal?: AbortSignal): Promise<ExplainReport> {
  if (active.connection.api === 'restli') throw new NoExplain(noExplainMessage(true), urn);
  let explanation: SearchExplanation;
  try {
    explanation = await active.client.explainSearchQuery({ urn, query, entityName }, signal);
  } catch (error) {
    if (isMissingOpenapi(error)) throw new NoExplain(noExplainMessage(false), urn);
    if (isGmsError(error) && error.kind === 'forbidden') {
      // Name both privileges by id: either one lets the token's user explain (AuthUtil.isAPIOperationsAuthorized).
      const from = /^\d{3} from \S+?: /.exec(error.message)?.[0] ?? '';
      throw new GmsError({
        kind: 'forbidden',
        action: error.action,
        status: error.status,
        cause: error,
        message: `${from}explaining a search needs the 'Explain ElasticSearch Query API' privilege (ES_EXPLAIN_QUERY_PRIVILEGE) or 'Manage System Operations' (MANAGE_SYSTEM_OPERATIONS_PRIVILEGE); ask a DataHub admin to grant one to the token's user.`,
      });
    }
    throw error;
  }
  const [raw, first] = await Promise.all([rawState(active, urn, signal), firstMatchOf(active, urn, query, entityName, signal)]);
  return {
    urn,
    query,
    entityName,
    connection: active.connection.name,
    explanation,
    raw,
    firstMatch: first.firstMatch,
    firstMatchNote: first.note,
  };
}

async function promptUrn(services: Services): Promise<string | undefined> {
  return pickUrn(services, {
    title: activeTitle(services, 'DataHub: Explain Search (1/2): the entity'),
    prompt: 'The entity that search does not find (or finds lower than expected). A DataHub link or URL-encoded URN works too.',
    placeHolder: 'A URN, or a name to search DataHub for',
  });
}

async function promptQuery(services: Services, urn: string): Promise<string | undefined> {
  return askText({
    title: activeTitle(services, 'DataHub: Explain Search (2/2): the search text'),
    prompt: `What was typed in DataHub's search box, expecting to find ${shortenUrn(urn, 70)}`,
    placeHolder: 'e.g. orders',
    check: (value) => {
      const problem = checkQueryInput(value);
      return problem ? { severity: 'error', message: problem } : undefined;
    },
  });
}

function showNoExplain(error: NoExplain): void {
  void safeWindow.showWarningMessage(error.message, 'Check Search Index').then((choice) => {
    if (choice === 'Check Search Index') void vscode.commands.executeCommand(Commands.checkSearchIndex, { urn: error.urn, notify: true });
  });
}

async function explainSearch(services: Services, docs: ReadOnlyDocuments, arg: Record<string, unknown> | undefined, run: CommandRun) {
  const args = arg ? parseArgs(EXPLAIN_COMMAND, explainSearchArgs, arg) : undefined;
  let urn: string | undefined;
  if (args) {
    urn = normaliseUrnInput(args.urn);
    const parsed = parseUrn(urn);
    if (!parsed.ok) throw new Error(`${EXPLAIN_COMMAND}: "urn" is not a URN: ${parsed.reason}.`);
  }
  let query = args?.query ?? undefined;
  if (query !== undefined) {
    const problem = checkQueryInput(query);
    if (problem) throw new Error(`${EXPLAIN_COMMAND}: "query" is empty or too long: ${problem}`);
  } else if (args && run.mode === 'api') {
    throw new Error(`${EXPLAIN_COMMAND}: the argument object needs "query", the search text to explain.`);
  }
  run.errorContext = { action: 'explainSearchQuery' };
  const active = await services.connections.client();
  run.errorContext = { connection: active.connection, hasToken: active.hasToken, action: 'explainSearchQuery' };
  urn ??= await promptUrn(services);
  if (!urn) return undefined;
  query ??= await promptQuery(services, urn);
  if (!query) return undefined;
  const target = urn;
  const text = query;
  const parsed = parseUrn(target);
  const entityName = args?.entityName || (parsed.ok ? parsed.value.entityType : 'dataset');
  const interactive = run.mode !== 'api';
  let report: ExplainReport;
  try {
    report = await safeWindow.runCancellable(
      interactive ? { location: vscode.ProgressLocation.Notification, title: `Explaining DataHub search "${text}" for ${shortenUrn(target, 50)}` } : undefined,
      undefined,
      (signal) => explain(active, target, text, entityName, signal),
    );
  } catch (error) {
    if (error instanceof NoExplain) {
      services.log.info(`Explain search: ${error.message}`);
      if (interactive) {
        showNoExplain(error);
        return undefined;
      }
    }
    throw error;
  }
  const e = report.explanation;
  const uri = docs.add(`${shortEntityName(target)} for ${text}`, renderExplainDocument(report));
  services.log.info(`Explain search "${text}" for ${target}: ${headline(e)}`);
  if (interactive) await vscode.commands.executeCommand('markdown.showPreview', uri);
  const result: ExplainSearchResult = {
    message: `${shortenUrn(target, 80)} for "${text}": ${headline(e)}.`,
    urn: target,
    query: text,
    entityName,
    inIndex: e.exists,
    matched: e.match,
    ...(e.match && e.explanation ? { score: e.explanation.value } : {}),
    reasons: reasonsOf(e),
    ...(report.firstMatch
      ? { firstMatch: { urn: report.firstMatch.urn, ...(report.firstMatch.score !== undefined ? { score: report.firstMatch.score } : {}) } }
      : {}),
    documentUri: uri.toString(),
  };
  return result;
}

export function registerExplainSearch(services: Services) {
  const docs = new ReadOnlyDocuments(EXPLAIN_SCHEME, 'Explain', '# This explanation is gone\n\nRun **DataHub: Explain Search for This URN…** again.');
  const provider = docs.register();
  const command = registerCommand<typeof EXPLAIN_COMMAND, Record<string, unknown>, ExplainSearchResult>(services, EXPLAIN_COMMAND, (arg, run) =>
    explainSearch(services, docs, arg, run),
  );
  return registrationWith(command, provider);
}
