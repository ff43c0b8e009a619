// vscode.window's message, progress and status bar calls, with every text passed
// through uiText on the way: the only way this extension puts words on screen,
// so no server or document text can become a live link. In test mode every text
// shown is also recorded, so tests can check what actually reached the screen.
import * as vscode from 'vscode';
import { uiLine, uiText } from '../shared/uiText';

export interface ShownText {
  surface: 'information' | 'warning' | 'error' | 'modal detail' | 'progress' | 'status bar' | 'quick pick';
  text: string;
  /** Date.now() when it was shown. */
  at?: number;
  /** A modal dialog's message (not a notification toast). */
  modal?: boolean;
  /** Progress notifications: Date.now() once the notification had closed. */
  closedAt?: number;
}

let recorder: ShownText[] | undefined;

/** Test seam: starts (or stops, with undefined) recording every text shown. */
export function recordShownTexts(into: ShownText[] | undefined): void {
  recorder = into;
}

function shown(surface: ShownText['surface'], text: string, extra?: Partial<ShownText>): string {
  recorder?.push({ surface, text, at: Date.now(), ...extra });
  return text;
}

/** Test seam: answers modals instead of showing them (returns the chosen button's title, or undefined to dismiss). */
export type ModalAnswerer = (message: string, detail: string | undefined, buttons: string[]) => string | undefined | Promise<string | undefined>;
let answerer: ModalAnswerer | undefined;

export function answerModals(answer: ModalAnswerer | undefined): void {
  answerer = answer;
}

/** Test seam: a notification with buttons (not a modal) caught instead of shown; the test clicks one of them later, or none. */
export interface CaughtNotification {
  surface: 'information' | 'warning' | 'error';
  text: string;
  buttons: string[];
  /** The person's click on `title` (undefined: the notification closed without one). */
  click(title: string | undefined): void;
}
let catcher: ((caught: CaughtNotification) => void) | undefined;

export function catchNotifications(into: ((caught: CaughtNotification) => void) | undefined): void {
  catcher = into;
}

const titleOf = (item: unknown): string => (typeof item === 'string' ? item : String((item as vscode.MessageItem).title));

function isOptions(value: unknown): value is vscode.MessageOptions {
  return typeof value === 'object' && value !== null && !('title' in value);
}

type Show = typeof vscode.window.showInformationMessage;

function message(surface: 'information' | 'warning' | 'error', show: () => Show): Show {
  return ((text: string, ...rest: unknown[]) => {
    const [first, ...items] = rest;
    if (isOptions(first)) {
      const options: vscode.MessageOptions = { ...first };
      if (options.detail !== undefined) options.detail = shown('modal detail', uiText(options.detail, 4000));
      const safeText = shown(surface, uiText(text), options.modal ? { modal: true } : undefined);
      if (options.modal && answerer) {
        return Promise.resolve(answerer(safeText, options.detail, items.map(titleOf))).then((title) => items.find((item) => titleOf(item) === title));
      }
      return (show() as (...args: unknown[]) => Thenable<unknown>)(safeText, options, ...items);
    }
    const safeText = shown(surface, uiText(text));
    if (catcher && rest.length > 0) {
      const catchInto = catcher;
      return new Promise((resolve) => {
        catchInto({ surface, text: safeText, buttons: rest.map(titleOf), click: (title) => resolve(rest.find((item) => titleOf(item) === title)) });
      });
    }
    return (show() as (...args: unknown[]) => Thenable<unknown>)(safeText, ...rest);
  }) as Show;
}

export const showInformationMessage = message('information', () => vscode.window.showInformationMessage);
export const showWarningMessage = message('warning', () => vscode.window.showWarningMessage);
export const showErrorMessage = message('error', () => vscode.window.showErrorMessage);

/**
 * How long VS Code keeps a progress notification up at the least: its progress
 * service closes it only when both the task and an 800 ms timer are done
 * (ProgressService.withNotificationProgress in microsoft/vscode,
 * src/vs/workbench/services/progress/browser/progressService.ts), plus a margin
 * for the close to reach the screen.
 */
export const PROGRESS_NOTIFICATION_MIN_MS = 800;
const CLOSE_MARGIN_MS = 150;

/**
 * vscode.window.withProgress with the title and every reported message
 * sanitised. A notification progress settles only once its toast has closed, so
 * the result (or error) that follows replaces it instead of appearing beside a
 * stale progress toast, and a modal is never shown over one.
 */
export function withProgress<R>(
  options: vscode.ProgressOptions,
  task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>,
): Thenable<R> {
  const opened = Date.now();
  const entries: ShownText[] = [];
  const record = (text: string): string => {
    const before = recorder?.length ?? 0;
    shown('progress', text);
    if (recorder && recorder.length > before) entries.push(recorder[recorder.length - 1]);
    return text;
  };
  const safe = options.title === undefined ? options : { ...options, title: record(uiLine(options.title)) };
  const running = vscode.window.withProgress(safe, (progress, token) =>
    task(
      {
        report: (value) => progress.report(value.message === undefined ? value : { ...value, message: record(uiLine(value.message)) }),
      },
      token,
    ),
  );
  const closed = async (): Promise<void> => {
    if (options.location === vscode.ProgressLocation.Notification) {
      const wait = opened + PROGRESS_NOTIFICATION_MIN_MS + CLOSE_MARGIN_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const at = Date.now();
    for (const entry of entries) entry.closedAt = at;
  };
  return Promise.resolve(running).then(
    async (value) => {
      await closed();
      return value;
    },
    async (error: unknown) => {
      await closed();
      throw error;
    },
  );
}

/**
 * Work that takes one cancel signal: with `progress` options, shown in a cancellable progress whose
 * Cancel ends it and whose messages (and the bar's increments) are the work's `say`; without them (a program's call), quietly.
 * `also` ends it too (e.g. the active connection changing); without it, only Cancel does.
 */
export function runCancellable<R>(
  progress: vscode.ProgressOptions | undefined,
  also: AbortSignal | undefined,
  work: (signal: AbortSignal, say: (message: string, increment?: number) => void) => Promise<R>,
): Promise<R> {
  if (!progress) return work(also ?? new AbortController().signal, () => undefined);
  return Promise.resolve(
    withProgress({ ...progress, cancellable: true }, (shown, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return work(also ? AbortSignal.any([controller.signal, also]) : controller.signal, (message, increment) => shown.report({ message, increment }));
    }),
  );
}

export function setStatusBarMessage(text: string, hideAfterTimeout: number): vscode.Disposable {
  return vscode.window.setStatusBarMessage(shown('status bar', uiLine(text)), hideAfterTimeout);
}

/** A quick pick item whose label, description and detail are safe to show. */
export function safeItem<T extends vscode.QuickPickItem>(item: T): T {
  const copy = { ...item, label: shown('quick pick', uiLine(item.label)) };
  if (item.description !== undefined) copy.description = shown('quick pick', uiLine(item.description));
  if (item.detail !== undefined) copy.detail = shown('quick pick', uiLine(item.detail));
  return copy;
}
