// The restore prompts. A value is typed in an InputBox with live validation; when
// there are recent values (or a URN at the cursor), a QuickPick offers them first
// and also takes typing, handing an invalid entry to the InputBox to explain.
import * as vscode from 'vscode';
import { safeItem } from './safeWindow';
import type { InputCheck } from '../shared/inputChecks';
import { checkAspect } from '../shared/inputChecks';
import { suggestAspects } from '../shared/aspects';
import { attachLiveSearch, type LiveSearchSource } from './urnLiveSearch';

/** InputBoxValidationSeverity for a check's severity. */
function toValidation(check: InputCheck | undefined): vscode.InputBoxValidationMessage | undefined {
  if (!check) return undefined;
  const severity =
    check.severity === 'error'
      ? vscode.InputBoxValidationSeverity.Error
      : check.severity === 'warning'
        ? vscode.InputBoxValidationSeverity.Warning
        : vscode.InputBoxValidationSeverity.Info;
  return { message: check.message, severity };
}

export interface TextStep {
  title: string;
  prompt: string;
  placeHolder?: string;
  value?: string;
  check: (value: string) => InputCheck | undefined;
}

/** An InputBox whose message updates as the user types; errors block, warnings do not. */
export async function askText(step: TextStep): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: step.title,
    prompt: step.prompt,
    placeHolder: step.placeHolder,
    value: step.value,
    ignoreFocusOut: true,
    validateInput: (v) => toValidation(step.check(v)),
  });
  return value === undefined ? undefined : value.trim();
}

export interface Suggestion {
  value: string;
  description?: string;
  detail?: string;
}

export interface PickOrTypeStep extends TextStep {
  /** Offered first (e.g. the URN at the cursor). */
  suggestions: Suggestion[];
  /** Recently used values, newest first. */
  recent: string[];
  /** Label of the entry that opens the input box. */
  typeLabel: string;
  /** Turns what was typed into the value to use (e.g. decodes a pasted link). */
  normalise?: (value: string) => string;
  /** Text that is not a value searches DataHub; results are listed to pick. */
  live?: LiveSearchSource;
}

interface ValueItem extends vscode.QuickPickItem {
  value?: string;
  typed?: boolean;
}

/**
 * Recent values and suggestions in a QuickPick that also accepts typing: a
 * typed value that passes the check is used as is; anything else opens the
 * InputBox, prefilled, where the check explains what is wrong.
 */
export async function pickOrType(step: PickOrTypeStep): Promise<string | undefined> {
  const recent = step.recent.filter((r) => !step.suggestions.some((s) => s.value === r));
  if (step.suggestions.length === 0 && recent.length === 0 && !step.live) return askText(step);
  const normalise = step.normalise ?? ((v: string) => v.trim());

  const qp = vscode.window.createQuickPick<ValueItem>();
  qp.title = step.title;
  qp.placeholder = step.placeHolder ?? step.prompt;
  qp.ignoreFocusOut = true;
  qp.matchOnDescription = true;
  const typeItem: ValueItem = { label: `$(edit) ${step.typeLabel}`, alwaysShow: true };
  const fixed: ValueItem[] = [typeItem];
  if (step.suggestions.length > 0) {
    fixed.push({ label: 'suggested', kind: vscode.QuickPickItemKind.Separator });
    for (const s of step.suggestions) fixed.push(safeItem({ label: s.value, value: s.value, description: s.description, detail: s.detail }));
  }
  if (recent.length > 0) {
    fixed.push({ label: 'recent', kind: vscode.QuickPickItemKind.Separator });
    for (const r of recent) fixed.push(safeItem({ label: r, value: r }));
  }
  qp.items = fixed;
  // A suggestion from context (the URN at the cursor) is what Enter takes by default.
  const suggested = fixed.find((i) => i.value !== undefined && step.suggestions.some((s) => s.value === i.value));
  if (suggested) qp.activeItems = [suggested];

  const typedItem = (text: string): ValueItem | undefined => {
    if (text.trim() === '') return undefined;
    const value = normalise(text);
    const check = step.check(text);
    const ok = !check || check.severity !== 'error';
    return {
      label: value,
      value,
      typed: true,
      alwaysShow: true,
      description: ok
        ? check
          ? `${check.severity === 'warning' ? '$(warning)' : '$(info)'} ${check.message}`
          : 'press Enter to use'
        : `$(error) ${check.message}`,
    };
  };
  let found: ValueItem[] = [];
  const render = (): void => {
    const item = typedItem(qp.value);
    const typed = item && !fixed.some((f) => f.value === item.value) ? [item] : [];
    // Text that is no value yet (a table name) puts the search results first, where Enter takes them.
    const typedIsValue = item !== undefined && !(item.description ?? '').startsWith('$(error)');
    qp.items = typedIsValue ? [...typed, ...found, ...fixed] : [...found, ...typed, ...fixed];
  };
  const live = step.live
    ? attachLiveSearch(qp, step.live, (items) => {
        found = items;
        render();
      })
    : undefined;
  qp.onDidChangeValue((text) => {
    live?.update(text);
    render();
  });

  const picked = await new Promise<{ item?: ValueItem; text: string } | undefined>((resolve) => {
    let settled = false;
    qp.onDidAccept(() => {
      settled = true;
      resolve({ item: qp.selectedItems[0], text: qp.value });
      qp.hide();
    });
    qp.onDidHide(() => {
      if (!settled) resolve(undefined);
      live?.dispose();
      qp.dispose();
    });
    qp.show();
  });
  if (!picked) return undefined;
  const { item, text } = picked;
  if (item?.value !== undefined && !item.typed) return item.value;
  const check = text.trim() ? step.check(text) : { severity: 'error' as const, message: '' };
  if (item?.typed && (!check || check.severity !== 'error')) return item.value;
  // "Type…" chosen, or an invalid entry: the InputBox explains as the user edits.
  const value = await askText({ ...step, value: text.trim() || step.value });
  return value === undefined ? undefined : normalise(value);
}

/** undefined: cancelled. `{ aspect: undefined }`: all aspects. */
export async function pickAspect(title: string, entityType?: string): Promise<{ aspect?: string } | undefined> {
  const { own, common } = suggestAspects(entityType);
  const allItem: ValueItem = { label: '(all aspects)', description: 'restore every aspect', alwaysShow: true };
  const fixed: ValueItem[] = [allItem];
  if (own.length > 0) {
    fixed.push({ label: `${entityType} aspects`, kind: vscode.QuickPickItemKind.Separator });
    for (const a of own) fixed.push({ label: a, value: a });
  }
  fixed.push({ label: 'common aspects', kind: vscode.QuickPickItemKind.Separator });
  for (const a of common) fixed.push({ label: a, value: a });

  const qp = vscode.window.createQuickPick<ValueItem>();
  qp.title = title;
  qp.placeholder = 'Aspect to restore: pick one, type any aspect name, or keep (all aspects)';
  qp.ignoreFocusOut = true;
  qp.items = fixed;
  qp.onDidChangeValue((text) => {
    const name = text.trim();
    if (!name || fixed.some((f) => f.value === name)) {
      qp.items = fixed;
      return;
    }
    const problem = checkAspect(name);
    const typed: ValueItem = {
      label: name,
      value: name,
      typed: true,
      alwaysShow: true,
      description: problem ? `$(error) ${problem}` : 'use this aspect name',
    };
    qp.items = [typed, ...fixed];
  });
  return new Promise((resolve) => {
    let settled = false;
    qp.onDidAccept(() => {
      const item = qp.selectedItems[0];
      if (!item) return;
      if (item === allItem) {
        settled = true;
        resolve({});
      } else if (item.value && !checkAspect(item.value)) {
        settled = true;
        resolve({ aspect: item.value });
      } else {
        return; // an invalid name: the item already says why; keep the picker open
      }
      qp.hide();
    });
    qp.onDidHide(() => {
      if (!settled) resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}

/** A two-way choice as a QuickPick; undefined when dismissed. */
export async function pickOne<T extends string>(
  title: string,
  placeHolder: string,
  options: Array<{ id: T; label: string; description?: string; detail?: string }>,
): Promise<T | undefined> {
  const picked = await vscode.window.showQuickPick(
    options.map((o) => ({ ...o, label: o.label })),
    { title, placeHolder, ignoreFocusOut: true },
  );
  return picked?.id;
}
