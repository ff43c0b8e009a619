// On a production connection, a destructive step asks for its target's name to
// be typed (the index of a truncation, the pattern of an all-rows restore). The
// input box accepts only the exact text; Escape cancels and nothing is sent.
import * as vscode from 'vscode';
import { uiLine } from '../shared/uiText';
import { titleFor, typedConfirmationProblem } from '../shared/connections';
import type { Connection } from './services';

export interface TypedConfirmation {
  connection: Connection;
  /** The action, for the title ("Truncate Old Rows"). */
  action: string;
  /** What must be typed, exactly. */
  expected: string;
  /** One sentence saying what happens, shown above the box. */
  consequence: string;
}

/** Resolves true only when the exact text was typed and Enter pressed. */
export async function confirmByTyping(ask: TypedConfirmation): Promise<boolean> {
  const expected = ask.expected;
  const typed = await vscode.window.showInputBox({
    title: uiLine(titleFor(ask.connection, ask.action)),
    prompt: uiLine(`${ask.consequence} "${ask.connection.name}" is a production connection: type ${expected} to confirm.`, 600),
    placeHolder: uiLine(expected),
    ignoreFocusOut: true,
    validateInput: (value) => typedConfirmationProblem(value, expected),
  });
  return typed !== undefined && typedConfirmationProblem(typed, expected) === undefined;
}
