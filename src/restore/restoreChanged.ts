// datahub.restoreIndicesChangedBetween: restore the rows written in a time window
// (e.g. since the search cluster went down) for a pattern, every matching row.
// Prompts: the window (presets, "since…", "between…", dates read as local time),
// the pattern (default urn:li:%), advanced options (limit, createDefaultAspects);
// then a confirmation that shows the instants. The argument object skips them all.
import { titleFor } from '../shared/connections';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { registerCommand, type CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { restoreIndicesChangedBetweenArgs, WINDOW_BATCH_SIZE } from './logic/args';
import { checkUrnLikeInput } from '../shared/inputChecks';
import { askText, pickOne } from '../platform/prompts';
import { restoreClient } from './restoreRun';
import { patternArgs, runPatternAndReport, type PatternResult } from './restorePattern';
import { describeWindow, formatInstant, normaliseWindow, parseLocalDateTime, WINDOW_PRESETS, type RestoreWindow } from './logic/restoreWindow';
import { Commands } from '../shared/commandIds';

const ID = Commands.restoreIndicesChangedBetween;
const ACTION = 'DataHub: Restore Indices Changed Between…';

function dateCheck(value: string) {
  const parsed = parseLocalDateTime(value);
  if (typeof parsed === 'string') return { severity: 'error' as const, message: parsed };
  if (parsed > Date.now()) return { severity: 'error' as const, message: `${formatInstant(parsed)} is in the future.` };
  return { severity: 'info' as const, message: formatInstant(parsed) };
}

async function askDate(title: string, step: string, prompt: string, value: string): Promise<number | undefined> {
  const text = await askText({ title: `${title} ${step}`, prompt, value, placeHolder: 'YYYY-MM-DD HH:MM (local time)', check: dateCheck });
  if (text === undefined) return undefined;
  const parsed = parseLocalDateTime(text);
  return typeof parsed === 'number' ? parsed : undefined;
}

const localNow = (offsetMs: number): string => formatInstant(Date.now() - offsetMs).slice(0, 16);

async function promptWindow(title: string): Promise<RestoreWindow | undefined> {
  const now = Date.now();
  const choice = await pickOne(`${title} (1/3)`, 'Restore the rows written when?', [
    ...WINDOW_PRESETS.map((p) => ({ id: p.id, label: p.label, description: describeWindow(p.window(now)) })),
    { id: 'since', label: 'Since…', description: 'a local date and time until now (e.g. when the search cluster went down)' },
    { id: 'between', label: 'Between…', description: 'two local dates and times' },
  ]);
  if (!choice) return undefined;
  const preset = WINDOW_PRESETS.find((p) => p.id === choice);
  if (preset) return preset.window(Date.now());
  const from = await askDate(title, '(1/3)', 'From (local time): rows written at or after this instant.', localNow(24 * 3_600_000));
  if (from === undefined) return undefined;
  if (choice === 'since') return normaliseWindow({ gePitEpochMs: from }, Date.now());
  const to = await askDate(title, '(1/3)', 'To (local time): rows written at or before this instant.', localNow(0));
  if (to === undefined) return undefined;
  try {
    return normaliseWindow({ gePitEpochMs: from, lePitEpochMs: to }, Date.now());
  } catch (error) {
    void safeWindow.showErrorMessage(`${(error as Error).message} Nothing was restored.`);
    return undefined;
  }
}

interface Advanced {
  maxRows?: number;
  createDefaultAspects?: boolean;
}

async function promptAdvanced(title: string): Promise<Advanced | undefined> {
  const choice = await pickOne(`${title} (3/3)`, 'Options', [
    { id: 'run', label: 'Restore every matching row', description: `${WINDOW_BATCH_SIZE} rows per request` },
    { id: 'advanced', label: 'Advanced options…', description: 'a row limit, or create default aspects (writes to the database)' },
  ]);
  if (choice !== 'advanced') return choice === 'run' ? {} : undefined;
  const limit = await askText({
    title: `${title}: limit`,
    prompt: 'limit: stop after this many rows (empty: no limit). Needs a DataHub version that reads `limit`; checked before restoring.',
    value: '',
    check: (v) =>
      v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) >= 1)
        ? undefined
        : { severity: 'error', message: 'A whole number of rows, 1 or more, or empty for no limit.' },
  });
  if (limit === undefined) return undefined;
  const create = await pickOne(`${title}: createDefaultAspects`, 'Create missing key aspects?', [
    { id: 'no', label: 'No', description: 'only re-send what the database holds (read-only for the database)' },
    { id: 'yes', label: 'Yes: create default aspects', description: 'WRITES key aspects to the database; not for a read-only replica' },
  ]);
  if (!create) return undefined;
  return { maxRows: limit === '' ? undefined : Number(limit), createDefaultAspects: create === 'yes' || undefined };
}

async function restoreChangedCommand(services: Services, arg: Record<string, unknown> | undefined, run: CommandRun): Promise<PatternResult | undefined> {
  if (arg) {
    const parsed = parseArgs(ID, restoreIndicesChangedBetweenArgs, arg);
    if (parsed.gePitEpochMs == null && parsed.lePitEpochMs == null) {
      throw new Error(`${ID}: give gePitEpochMs and/or lePitEpochMs (epoch milliseconds): the window of rows to restore.`);
    }
    const params = patternArgs({ ...parsed, all: true }, ID);
    const active = await restoreClient(services, run);
    return runPatternAndReport(services, active, params, { interactive: params.notify === true, confirmIn: run });
  }
  const active = await restoreClient(services, run);
  const title = titleFor(active.connection, ACTION);
  const window = await promptWindow(title);
  if (!window) return undefined;
  const urnLike = await askText({
    title: `${title} (2/3)`,
    prompt: 'urnLike: a SQL LIKE pattern on the URN. urn:li:% is every entity (you confirm before anything runs).',
    value: 'urn:li:%',
    check: checkUrnLikeInput,
  });
  if (!urnLike) return undefined;
  const advanced = await promptAdvanced(title);
  if (!advanced) return undefined;
  return runPatternAndReport(
    services,
    active,
    { urnLike, start: 0, batchSize: WINDOW_BATCH_SIZE, all: true, window, ...advanced },
    { interactive: true, confirmIn: run },
  );
}

export function registerRestoreChangedCommand(services: Services) {
  return registerCommand<typeof ID, Record<string, unknown>, PatternResult>(services, ID, (arg, run) => restoreChangedCommand(services, arg, run));
}
