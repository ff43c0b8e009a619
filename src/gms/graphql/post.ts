// One GraphQL exchange at {gms}/api/graphql over the client's transport (TLS, proxy, timeouts, size cap,
// token and redaction), shared by DataHub search (search.ts) and the ingestion reads (ingestion.ts): the
// answer's `errors` become GmsErrors, its `data` goes to the caller's parser. GMS serves GraphQL at
// {gms}/api/graphql (GraphQLController.java, metadata-service/graphql-servlet-impl); GET is refused there.
import type { Dispatcher } from 'undici';
import { GmsError, isGmsError } from '../errors';
import { bodyForLog, looksLikeHtml } from '../errorMapping';
import { exchange } from '../http';
import { graphqlAnswerSchema, isUnauthorizedError, type ParseOutcome } from './queries';
import type { RequestLogEntry } from '../types';
import type { SentWrite } from '../sentWrite';
import type { WriteDescriptor } from '../wire';

export interface GraphQLContext {
  dispatcher: Dispatcher;
  origin: string;
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  hideToken: (text: string) => string;
  log: (entry: RequestLogEntry) => void;
  /** Told of each mutation sent (a post with `write`), for the operations journal; never a query. */
  onWrite?: (write: SentWrite) => void;
}

const ACTION = 'graphql' as const;

/** A non-2xx answer from /api/graphql, as a message that says what to do. */
export function graphqlHttpError(status: number, origin: string, url: string, body: string, contentType?: string): GmsError {
  const common = { action: ACTION, status, body: bodyForLog(body) };
  const from = `${status} from ${origin}`;
  if (status === 401) {
    return new GmsError({
      ...common,
      kind: 'unauthorized',
      message: `${from}: the token was refused for DataHub search (or is missing/expired). Set a new access token.`,
    });
  }
  if (status === 403) {
    return new GmsError({
      ...common,
      kind: 'forbidden',
      message: `${from}: this token may not use DataHub's GraphQL API; ask a DataHub admin for a token that can view entities.`,
    });
  }
  if (status === 404 || (status < 500 && looksLikeHtml(contentType, body))) {
    return new GmsError({
      ...common,
      kind: 'notFound',
      code: 'graphqlMissing',
      message: `${from}: no GraphQL endpoint at ${url}; DataHub search is not available on this connection.`,
    });
  }
  if (status === 400) {
    return new GmsError({ ...common, kind: 'badRequest', message: `${from}: DataHub refused the search request as malformed; see the log.` });
  }
  return new GmsError({ ...common, kind: 'server', message: `${from}: DataHub search failed on the server; check the GMS logs, then retry.` });
}

/** The first line of a server-written message, cut short (it is shown to people). */
function oneLine(text: string | null | undefined): string {
  const line = (text ?? '').split(/\r?\n/)[0].trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line || 'no message';
}

/** Reads a 200 answer: GraphQL `errors` become GmsErrors, `data` goes to the parser. */
export function readGraphQLAnswer<T>(text: string, origin: string, parse: (data: unknown) => ParseOutcome<T>, words: GraphqlWords = SEARCH_WORDS): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GmsError({
      kind: 'invalidResponse',
      action: ACTION,
      body: bodyForLog(text),
      message: `Unexpected answer from ${origin}/api/graphql: not JSON. Check that the URL points at DataHub GMS.`,
    });
  }
  // The common answer, data and no errors, needs no schema walk: the parser checks what it reads.
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const { data, errors } = json as { data?: unknown; errors?: unknown };
    if (errors == null && data !== null && typeof data === 'object' && !Array.isArray(data)) return finish(parse(data), text, origin, words);
  }
  const answer = graphqlAnswerSchema.safeParse(json);
  if (!answer.success) {
    throw new GmsError({
      kind: 'invalidResponse',
      action: ACTION,
      body: bodyForLog(text),
      message: `Unexpected answer from ${origin}/api/graphql: not a GraphQL answer. Check that the URL points at DataHub GMS.`,
    });
  }
  const errors = answer.data.errors ?? [];
  if (errors.length > 0) {
    const denied = errors.find(isUnauthorizedError);
    if (denied) {
      throw new GmsError({
        kind: 'forbidden',
        action: ACTION,
        status: 200,
        serverMessage: oneLine(denied.message),
        body: bodyForLog(text),
        message: `DataHub on ${origin} answered "Unauthorized" to ${words.what}: the token lacks ${words.privilege}. Ask a DataHub admin for it.`,
      });
    }
    throw new GmsError({
      kind: 'server',
      action: ACTION,
      status: 200,
      serverMessage: oneLine(errors[0].message),
      body: bodyForLog(text),
      message: `DataHub on ${origin} could not run ${words.what}: ${oneLine(errors[0].message)}. Check the GMS logs, then retry.`,
    });
  }
  return finish(parse(answer.data.data ?? undefined), text, origin, words);
}

/** A parser's outcome as the value, or the error that says the answer is not what this DataHub version should send. */
function finish<T>(parsed: ParseOutcome<T>, text: string, origin: string, words: GraphqlWords): T {
  if (!parsed.ok) {
    throw new GmsError({
      kind: 'invalidResponse',
      action: ACTION,
      body: bodyForLog(text),
      message: `Unexpected answer from ${origin}/api/graphql: ${parsed.reason}. This DataHub version may be too old for ${words.check}.`,
    });
  }
  return parsed.value;
}

/** What a request was for, in the words of its errors: search by default, the ingestion reads say theirs. */
export interface GraphqlWords {
  /** "the search", "the ingestion runs' read" */
  what: string;
  /** The privilege a refusal names, "the privilege to view these entities". */
  privilege: string;
  /** What an unexpected answer may be too old for, "the search check". */
  check: string;
}

const SEARCH_WORDS: GraphqlWords = { what: 'the search', privilege: 'the privilege to view these entities', check: 'the search check' };

export type GraphqlPost = <T>(
  operationName: string,
  query: string,
  variables: Record<string, unknown>,
  parse: (data: unknown) => ParseOutcome<T>,
  signal?: AbortSignal,
  /** A mutation that changes the server: what it acts on, for the operations journal. */
  write?: WriteDescriptor,
) => Promise<T>;

/** The exchange for one client: POST {baseUrl}/api/graphql, one log entry each, never retried. */
export function createGraphqlPost(ctx: GraphQLContext, words: GraphqlWords = SEARCH_WORDS): GraphqlPost {
  const url = `${ctx.baseUrl}/api/graphql`;
  const path = new URL(url).pathname;
  return post;
  async function post<T>(
    operationName: string,
    query: string,
    variables: Record<string, unknown>,
    parse: (data: unknown) => ParseOutcome<T>,
    signal?: AbortSignal,
    write?: WriteDescriptor,
  ): Promise<T> {
    const started = Date.now();
    const body = JSON.stringify({ query, variables, operationName });
    let status: number | undefined;
    let bytes = 0;
    try {
      const answer = await exchange(ctx.dispatcher, {
        action: ACTION,
        origin: ctx.origin,
        path,
        headers: ctx.headers,
        body,
        timeoutMs: ctx.timeoutMs,
        maxResponseBytes: ctx.maxResponseBytes,
        signal,
      });
      status = answer.status;
      bytes = answer.bytes;
      const text = ctx.hideToken(answer.text);
      if (answer.status < 200 || answer.status >= 300) throw graphqlHttpError(answer.status, ctx.origin, url, text, answer.contentType);
      const value = readGraphQLAnswer(text, ctx.origin, parse, words);
      ctx.log({ action: ACTION, url, attempt: 1, status, durationMs: Date.now() - started, responseBytes: bytes });
      if (write) reportMutation(ctx, write, status);
      return value;
    } catch (error) {
      const kind = isGmsError(error) ? error.kind : undefined;
      ctx.log({ action: ACTION, url, attempt: 1, status, durationMs: Date.now() - started, responseBytes: bytes, errorKind: kind });
      // A mutation that never left (a refused input, an aborted signal before sending) has no status: not a write sent.
      if (write && status !== undefined) reportMutation(ctx, write, status, kind ?? 'invalidResponse');
      throw error;
    }
  }
}

/** Tells ctx.onWrite of a mutation sent; a failing listener never fails the mutation. */
function reportMutation(ctx: GraphQLContext, write: WriteDescriptor, status: number, failed?: string): void {
  try {
    ctx.onWrite?.({ action: ACTION, targets: write.targets, status, ...(failed ? { failed } : {}) });
  } catch {
    // The journal's trouble is its own (it says so); the mutation's answer stands.
  }
}
