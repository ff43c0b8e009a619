// Shared by the suites that check a question was asked (not a suite itself):
// answers the extension's modals through its test seam, and its input boxes (the
// typed production name) by standing in for vscode.window.showInputBox, which
// the suites share with the extension in its own host. Records both.
import * as vscode from 'vscode';
import { activateExtension, run } from '../../host/inHost';
import { Commands } from '../../../src/shared/commandIds';

/** A button's title, undefined to dismiss, or a function picking from the buttons shown (it may first change the sandbox: a change between a plan and its apply). */
export type ModalAnswer = string | undefined | ((buttons: string[]) => string | undefined | Promise<string | undefined>);

export interface Answering {
  /** Each modal as "message\ndetail\n[buttons]". */
  readonly modals: string[];
  /** Each input box's prompt. */
  readonly inputs: string[];
  stop(): void;
}

/** Answers every modal with `answer` and every input box with `typed` (undefined: Escape) until stop(). */
export async function answering(answer?: ModalAnswer, typed?: string): Promise<Answering> {
  const api = await activateExtension();
  const modals: string[] = [];
  const inputs: string[] = [];
  api.screen.answerModals((message, detail, buttons) => {
    modals.push(`${message}\n${detail ?? ''}\n[${buttons.join('|')}]`);
    return typeof answer === 'function' ? answer(buttons) : answer;
  });
  const win = vscode.window as unknown as { showInputBox: typeof vscode.window.showInputBox };
  const original = win.showInputBox;
  win.showInputBox = (options?: vscode.InputBoxOptions) => {
    inputs.push(options?.prompt ?? '');
    return Promise.resolve(typed);
  };
  return {
    modals,
    inputs,
    stop: () => {
      api.screen.answerModals(undefined);
      win.showInputBox = original;
    },
  };
}

/** Runs `body` with the connection marked production, then marks it none again (answering that edit's own question). */
export async function onProduction(connection: string, body: () => Promise<void>): Promise<void> {
  await run(Commands.editConnection, { name: connection, environment: 'production' });
  try {
    await body();
  } finally {
    const back = await answering((buttons) => buttons[0]);
    try {
      await run(Commands.editConnection, { name: connection, environment: null });
    } finally {
      back.stop();
    }
  }
}
