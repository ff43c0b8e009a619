// Turns any failure into words a person can act on, plus the follow-up actions
// (command ids) to offer. Shared by notifications and by the tree's error items,
// so both say the same thing. Pure: no vscode import.
import { isGmsError, PRIVILEGES } from '../gms/errors';
import { hideUserInfo } from '../gms/redact';
import type { GmsAction } from '../gms/types';
import { isConnectionError } from './connectionError';
import { urlOrigin } from './connections';
import { uiLine, uiText } from './uiText';
import { Commands } from './commandIds';

export interface ErrorAction {
  title: string;
  command: string;
  args?: unknown[];
}

export type ErrorState =
  | 'noConnection'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'unreachable'
  | 'tls'
  | 'invalidResponse'
  | 'server'
  | 'invalidInput'
  | 'readOnly'
  | 'cancelled'
  | 'other';

export interface ErrorDescription {
  state: ErrorState;
  /** Full sentence(s): what happened and what to do next. */
  message: string;
  /** A short line for a tree item label. */
  short: string;
  actions: ErrorAction[];
  /** Extra lines for the log only (status, server message, body excerpt). */
  logDetail: string[];
}

export interface ErrorContext {
  /** The connection the failing request went to. */
  connection?: { name: string; gmsUrl: string };
  /** Whether a token was sent. */
  hasToken?: boolean;
  /** The action the caller ran, when the error does not carry it. */
  action?: GmsAction;
  /** Offered as "Retry" for transient failures. */
  retry?: ErrorAction;
}

export const ACTIONS = {
  setToken: { title: 'Set Access Token', command: Commands.setAccessToken },
  addConnection: { title: 'Add Connection', command: Commands.addConnection },
  importFromCli: { title: 'Import Connection from DataHub CLI', command: Commands.importFromCli },
  openSettings: { title: 'Open Settings', command: Commands.openSettings },
  showLog: { title: 'Show Log', command: Commands.showLog },
  switchConnection: { title: 'Switch Connection', command: Commands.switchConnection },
  editConnection: { title: 'Edit Connection', command: Commands.editConnection },
} satisfies Record<string, ErrorAction>;

/** Replaces anything that looks like a bearer credential, and URL user info, defensively, before logging. */
export function redact(text: string): string {
  return hideUserInfo(text.replace(/(Bearer\s+)[^\s"',;]+/gi, '$1<redacted>'));
}

function where(ctx: ErrorContext): string {
  return ctx.connection ? ` from "${ctx.connection.name}" (${urlOrigin(ctx.connection.gmsUrl)})` : '';
}

/** Appends a next step unless the client's message already gives one. */
function withNextStep(message: string, next: string): string {
  if (/retry|check|try |\?/i.test(message)) return message;
  return `${message}${/[.!?]$/.test(message) ? '' : '.'} ${next}`;
}

/**
 * The description of a failure. Its message and short line are safe to show:
 * they often quote the server (Rest.li messages, a redirect's Location), so no
 * link may survive in them (see uiText).
 */
export function describeError(error: unknown, ctx: ErrorContext = {}): ErrorDescription {
  const description = describeUnsafe(error, ctx);
  return { ...description, message: uiText(description.message), short: uiLine(description.short, 200) };
}

function describeUnsafe(error: unknown, ctx: ErrorContext): ErrorDescription {
  const retry = ctx.retry ? [ctx.retry] : [];
  if (isConnectionError(error)) {
    if (error.code === 'noConnection') {
      return {
        state: 'noConnection',
        message: error.message,
        short: 'No DataHub connection',
        actions: [ACTIONS.addConnection, ACTIONS.importFromCli],
        logDetail: [],
      };
    }
    if (error.code === 'readOnly') {
      return { state: 'readOnly', message: error.message, short: 'Read-only connection', actions: [ACTIONS.editConnection], logDetail: [] };
    }
    const actions = error.code === 'caFile' ? [ACTIONS.openSettings] : [];
    return { state: 'invalidInput', message: error.message, short: error.message, actions, logDetail: [] };
  }
  if (!isGmsError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { state: 'other', message, short: message, actions: [ACTIONS.showLog], logDetail: [] };
  }
  const logDetail = [`kind=${error.kind}` + (error.status !== undefined ? ` status=${error.status}` : '') + (error.code ? ` code=${error.code}` : '')];
  if (error.serverMessage) logDetail.push(`server message: ${redact(error.serverMessage)}`);
  if (error.body) logDetail.push(`body: ${redact(error.body.slice(0, 2000))}`);
  if (error.location) logDetail.push(`location: ${redact(error.location)}`);

  const action = error.action ?? ctx.action;
  switch (error.kind) {
    case 'unauthorized': {
      const noToken = ctx.hasToken === false;
      const message = noToken
        ? `DataHub asked for an access token${where(ctx)} (401) and none is set. Set an access token for this connection.`
        : error.message;
      const short = noToken ? 'Access token needed — Set Access Token' : 'The token was refused — Set Access Token';
      return { state: 'unauthorized', message, short, actions: [ACTIONS.setToken], logDetail };
    }
    case 'forbidden': {
      const privilege = action ? PRIVILEGES[action]?.label : undefined;
      const message =
        privilege && !error.message.includes(privilege)
          ? `${error.message} The token's user needs the "${privilege}" privilege; ask a DataHub admin to grant it.`
          : error.message;
      const short = privilege ? `Not allowed: needs the "${privilege}" privilege` : 'Not allowed (403)';
      return { state: 'forbidden', message, short, actions: [ACTIONS.setToken, ACTIONS.showLog], logDetail };
    }
    case 'notFound': {
      if (error.code === 'taskNotFound') {
        return { state: 'other', message: error.message, short: error.message, actions: [ACTIONS.showLog], logDetail };
      }
      const base = ctx.connection?.gmsUrl;
      const suggestion = base && !/\/api\/gms$/.test(base) ? `${urlOrigin(base)}/api/gms` : undefined;
      let message = error.message;
      if (suggestion && !message.includes('/api/gms')) {
        message = `${message.replace(/[.\s]*$/, '.')} If this is the DataHub UI (frontend) address, try ${suggestion}.`;
      }
      return {
        state: 'notFound',
        message,
        short: suggestion ? `No operations endpoint (404) — try ${suggestion}` : 'No operations endpoint (404): DataHub 0.10.5+ needed',
        actions: [ACTIONS.openSettings, ACTIONS.switchConnection],
        logDetail,
      };
    }
    case 'redirect':
      // Retrying gets the same redirect: the URL is what needs changing.
      return {
        state: 'unreachable',
        message: error.message,
        short: 'DataHub redirected the request elsewhere — Open Settings',
        actions: [ACTIONS.openSettings, ...retry],
        logDetail,
      };
    case 'network':
    case 'timeout':
      return {
        state: 'unreachable',
        message: withNextStep(error.message, 'Check that DataHub is running and the URL is right, then retry.'),
        short: error.kind === 'timeout' ? 'DataHub did not answer in time — Retry' : 'DataHub is unreachable — Retry',
        actions: [...retry, ACTIONS.openSettings],
        logDetail,
      };
    case 'tls':
      return {
        state: 'tls',
        message: error.message,
        short: 'TLS certificate problem — Open Settings',
        actions: [ACTIONS.openSettings, ...retry],
        logDetail,
      };
    case 'invalidResponse':
    case 'tooLarge':
      return {
        state: 'invalidResponse',
        message: error.message,
        short: 'DataHub sent an answer this extension cannot read — Show Log',
        actions: [ACTIONS.showLog, ...retry],
        logDetail,
      };
    case 'server':
    case 'badRequest':
      return {
        state: 'server',
        message: error.message,
        short: error.status ? `DataHub failed (${error.status}) — Show Log` : 'DataHub failed — Show Log',
        actions: [...retry, ACTIONS.showLog],
        logDetail,
      };
    case 'invalidInput':
      return { state: 'invalidInput', message: error.message, short: error.message, actions: [], logDetail };
    case 'cancelled':
      return { state: 'cancelled', message: error.message, short: 'Cancelled', actions: [], logDetail };
  }
  return { state: 'other', message: error.message, short: error.message, actions: [ACTIONS.showLog], logDetail };
}
