// The truncate prompts: the cutoff picker (presets, a typed date or epoch ms,
// and a collapsed "Advanced options…" entry), the options step, the index
// picker of the palette command and the task id box.
import { titleFor, type ConnectionEntry } from '../shared/connections';
import * as vscode from 'vscode';
import { safeItem } from '../platform/safeWindow';
import type { IndexSize } from '../gms/types';
import { CUTOFF_PRESET_DAYS, formatCutoffTime, parseCutoff, presetCutoff, type Cutoff } from './logic/cutoff';
import { formatSize } from '../shared/format';
import { validateTaskId } from './logic/taskPolling';
import { isTruncatable } from './logic/namedTarget';
import { DEFAULT_OPTIONS, formatOptions, METHODS, parseBatchSize, parseTimeoutSeconds, type TruncateOptions, type MethodChoice } from './logic/truncateOptions';

interface Item<T> extends vscode.QuickPickItem {
  value?: T;
}

type Widget = Pick<vscode.InputBox, 'onDidAccept' | 'onDidHide' | 'show' | 'hide' | 'dispose'>;

/** Shows a QuickPick or InputBox; resolves with what `accept` returns (undefined keeps it open), or undefined when dismissed. */
function settle<T>(widget: Widget, accept: () => T | undefined): Promise<T | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    widget.onDidAccept(() => {
      const value = accept();
      if (value === undefined) return;
      settled = true;
      resolve(value);
      widget.hide();
    });
    widget.onDidHide(() => {
      if (!settled) resolve(undefined);
      widget.dispose();
    });
    widget.show();
  });
}

/** A QuickPick that resolves with the accepted item (or undefined when dismissed). */
function pick<T>(qp: vscode.QuickPick<Item<T>>, accept: (item: Item<T>) => boolean = () => true): Promise<Item<T> | undefined> {
  return settle(qp, () => {
    const item = qp.selectedItems[0];
    return item && accept(item) ? item : undefined;
  });
}

type CutoffStep = { kind: 'cutoff'; cutoff: Cutoff } | { kind: 'type'; text: string } | { kind: 'advanced' };

export interface CutoffAndOptions {
  cutoff: Cutoff;
  options: TruncateOptions;
}

/**
 * Step 1: when to cut. Presets show the instant they stand for; typing a date or
 * epoch ms in the filter offers it at once; "Advanced options…" opens step 2 and
 * comes back here. undefined when dismissed.
 */
/** The connection a prompt's title names. */
type TitleConnection = Pick<ConnectionEntry, 'name' | 'environment'>;

export async function pickCutoffAndOptions(
  targetName: string,
  initial: TruncateOptions = DEFAULT_OPTIONS,
  connection?: TitleConnection,
): Promise<CutoffAndOptions | undefined> {
  let options = { ...initial };
  for (;;) {
    const step = await pickCutoffStep(targetName, options, connection);
    if (!step) return undefined;
    if (step.kind === 'cutoff') return { cutoff: step.cutoff, options };
    if (step.kind === 'advanced') {
      options = (await pickAdvancedOptions(targetName, options, connection)) ?? options;
      continue;
    }
    const cutoff = await askCutoff(targetName, step.text, connection);
    if (cutoff) return { cutoff, options };
    // Escape in the box: back to the presets rather than dropping the whole flow.
  }
}

function pickCutoffStep(targetName: string, options: TruncateOptions, connection?: TitleConnection): Promise<CutoffStep | undefined> {
  const now = new Date();
  const qp = vscode.window.createQuickPick<Item<CutoffStep>>();
  qp.title = titleFor(connection, `Truncate ${targetName}: delete rows older than…`);
  qp.placeholder = 'Pick a preset, or type a date (YYYY-MM-DD, local midnight) or epoch milliseconds';
  qp.ignoreFocusOut = true;
  qp.matchOnDescription = false;
  const fixed: Array<Item<CutoffStep>> = CUTOFF_PRESET_DAYS.map((days) => {
    const cutoff = presetCutoff(days, now);
    return { label: `$(history) ${days} days`, description: `rows at or before ${formatCutoffTime(cutoff.endTimeMillis)}`, value: { kind: 'cutoff', cutoff } };
  });
  fixed.push(
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    {
      label: '$(calendar) A date or epoch milliseconds…',
      description: 'YYYY-MM-DD (local midnight) or e.g. 1735689600000',
      alwaysShow: true,
      value: { kind: 'type', text: '' },
    },
    {
      label: '$(settings-gear) Advanced options…',
      description: formatOptions(options),
      alwaysShow: true,
      value: { kind: 'advanced' },
    },
  );
  qp.items = fixed;
  let typedText = '';
  qp.onDidChangeValue((text) => {
    typedText = text;
    if (text.trim() === '') {
      qp.items = fixed;
      return;
    }
    const parsed = parseCutoff(text, new Date());
    const typed: Item<CutoffStep> = parsed.ok
      ? {
          label: `$(check) ${text.trim()}`,
          description: `rows at or before ${formatCutoffTime(parsed.cutoff.endTimeMillis)}`,
          alwaysShow: true,
          value: { kind: 'cutoff', cutoff: parsed.cutoff },
        }
      : // The reason goes on its own line (detail): it is too long for a description.
        { label: `$(error) ${text.trim()}`, detail: parsed.message, alwaysShow: true, value: { kind: 'type', text } };
    qp.items = [typed, ...fixed];
  });
  return pick(qp).then((item) => {
    const value = item?.value;
    // The "type" entry opens the box prefilled with what was typed, which explains the problem.
    if (value?.kind === 'type') return { kind: 'type', text: value.text || typedText };
    return value;
  });
}

/** An InputBox whose prompt shows the resulting date and time, and which refuses futures and non-dates. */
export function askCutoff(targetName: string, initial = '', connection?: TitleConnection): Promise<Cutoff | undefined> {
  const box = vscode.window.createInputBox();
  box.title = titleFor(connection, `Truncate ${targetName}: delete rows at or before…`);
  box.placeholder = 'YYYY-MM-DD (local midnight), epoch milliseconds, or a number of days such as 45d';
  box.ignoreFocusOut = true;
  box.value = initial;
  const basePrompt = 'A date is read as midnight at its start in your time zone.';
  const update = (text: string): Cutoff | undefined => {
    if (text.trim() === '') {
      box.validationMessage = undefined;
      box.prompt = basePrompt;
      return undefined;
    }
    const parsed = parseCutoff(text, new Date());
    box.validationMessage = parsed.ok ? undefined : { message: parsed.message, severity: vscode.InputBoxValidationSeverity.Error };
    box.prompt = parsed.ok ? `Deletes rows at or before ${formatCutoffTime(parsed.cutoff.endTimeMillis)}. Press Enter to continue.` : basePrompt;
    return parsed.ok ? parsed.cutoff : undefined;
  };
  update(initial);
  box.onDidChangeValue(update);
  return settle(box, () => update(box.value));
}

type OptionKey = 'method' | 'batchSize' | 'timeoutSeconds' | 'done' | 'reset';

/** Step 2 (only when asked for): method, batch size, timeout. Escape keeps what was set so far. */
export async function pickAdvancedOptions(targetName: string, initial: TruncateOptions, connection?: TitleConnection): Promise<TruncateOptions | undefined> {
  let options = { ...initial };
  for (;;) {
    const qp = vscode.window.createQuickPick<Item<OptionKey>>();
    qp.title = titleFor(connection, `Truncate ${targetName}: advanced options`);
    qp.placeholder = 'Change an option, then pick "Use these options"';
    qp.ignoreFocusOut = true;
    qp.items = [
      { label: '$(check) Use these options', description: formatOptions(options), value: 'done' },
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      {
        label: 'Method',
        description: METHODS.find((m) => m.id === options.method)?.label,
        detail: 'Auto lets the server choose how to delete; or force one of the two ways',
        value: 'method',
      },
      { label: 'Batch size', description: options.batchSize?.toLocaleString('en-US') ?? 'server default', value: 'batchSize' },
      { label: 'Timeout (seconds)', description: options.timeoutSeconds?.toLocaleString('en-US') ?? 'server default', value: 'timeoutSeconds' },
      { label: '$(discard) Reset to defaults', value: 'reset' },
    ];
    const chosen = (await pick(qp))?.value;
    if (chosen === undefined) return options;
    if (chosen === 'done') return options;
    if (chosen === 'reset') options = { ...DEFAULT_OPTIONS };
    if (chosen === 'method') {
      const method = await vscode.window.showQuickPick(
        METHODS.map((m) => ({ label: m.label, detail: m.detail, picked: m.id === options.method, id: m.id as MethodChoice })),
        { title: titleFor(connection, `Truncate ${targetName}: method`), ignoreFocusOut: true },
      );
      if (method) options.method = method.id;
    }
    if (chosen === 'batchSize' || chosen === 'timeoutSeconds') {
      const parse = chosen === 'batchSize' ? parseBatchSize : parseTimeoutSeconds;
      const text = await vscode.window.showInputBox({
        title: titleFor(connection, `Truncate ${targetName}: ${chosen === 'batchSize' ? 'batch size' : 'timeout in seconds'}`),
        prompt: 'Empty for the server default.',
        value: options[chosen]?.toString() ?? '',
        ignoreFocusOut: true,
        validateInput: (v) => {
          const r = parse(v);
          return r.ok ? undefined : r.message;
        },
      });
      if (text !== undefined) {
        const r = parse(text);
        if (r.ok) options[chosen] = r.value;
      }
    }
  }
}

/** Palette: pick entity and aspect among the loaded indices, biggest first. */
export async function pickIndex(indices: IndexSize[], connection?: TitleConnection): Promise<IndexSize | undefined> {
  const usable = indices.filter(isTruncatable).sort((a, b) => (b.sizeMb ?? -1) - (a.sizeMb ?? -1));
  const qp = vscode.window.createQuickPick<Item<IndexSize>>();
  qp.title = titleFor(connection, 'DataHub: Truncate Old Rows (pick an index)');
  qp.placeholder = usable.length
    ? 'Pick the timeseries index to truncate (type to filter)'
    : 'No timeseries index this server named (entity and aspect); indices of other deployments cannot be truncated';
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  qp.ignoreFocusOut = true;
  qp.items = usable.map((index) =>
    safeItem({ label: `${index.entityName} / ${index.aspectName}`, description: formatSize(index.sizeMb), detail: index.indexName, value: index }),
  );
  return (await pick(qp, (item) => item.value !== undefined))?.value;
}

/** Palette: a task id, checked as typed. */
export async function askTaskId(): Promise<string | undefined> {
  const text = await vscode.window.showInputBox({
    title: 'DataHub: Show Task Status',
    prompt: 'The task id a truncation returned (nodeId:number). Its progress is shown until it completes.',
    placeHolder: 'qhxGdzytQS-pQek8CwBCZg:54654',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? undefined : validateTaskId(v)),
  });
  if (text === undefined || text.trim() === '') return undefined;
  return validateTaskId(text) ? undefined : text.trim();
}
