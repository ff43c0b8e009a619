// vscode.window's message, progress and status bar calls, with every text passed
// through uiText on the way: the only way this extension puts words on screen,
// so no server or document text can become a live link. In test mode every text
// shown is also recorded, so tests can check what actually reached the screen.
import * as vscode from 'vscode';
import { uiLine, uiText } from '../model/shared/uiText';

export interface ShownText {
  surface: 'information' | 'warning' | 'error' | 'modal detail' | 'progress' | 'status bar' | 'quick pick';
  text: string;
}

let recorder: ShownText[] | undefined;

/** Test seam: starts (or stops, with undefined) recording every text shown. */
export function recordShownTexts(into: ShownText[] | undefined): void {
  recorder = into;
}

function shown(surface: ShownText['surface'], text: string): string {
  recorder?.push({ surface, text });
  return text;
}

/** Test seam: answers modals instead of showing them (returns the chosen button's title, or undefined to dismiss). */
export type ModalAnswerer = (message: string, detail: string | undefined, buttons: string[]) => string | undefined | Promise<string | undefined>;
let answerer: ModalAnswerer | undefined;

export function answerModals(answer: ModalAnswerer | undefined): void {
  answerer = answer;
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
      const safeText = shown(surface, uiText(text));
      if (options.modal && answerer) {
        return Promise.resolve(answerer(safeText, options.detail, items.map(titleOf))).then((title) => items.find((item) => titleOf(item) === title));
      }
      return (show() as (...args: unknown[]) => Thenable<unknown>)(safeText, options, ...items);
    }
    return (show() as (...args: unknown[]) => Thenable<unknown>)(shown(surface, uiText(text)), ...rest);
  }) as Show;
}

export const showInformationMessage = message('information', () => vscode.window.showInformationMessage);
export const showWarningMessage = message('warning', () => vscode.window.showWarningMessage);
export const showErrorMessage = message('error', () => vscode.window.showErrorMessage);

/** vscode.window.withProgress with the title and every reported message sanitised. */
export function withProgress<R>(
  options: vscode.ProgressOptions,
  task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>,
): Thenable<R> {
  const safe = options.title === undefined ? options : { ...options, title: shown('progress', uiLine(options.title)) };
  return vscode.window.withProgress(safe, (progress, token) =>
    task(
      {
        report: (value) =>
          progress.report(value.message === undefined ? value : { ...value, message: shown('progress', uiLine(value.message)) }),
      },
      token,
    ),
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
