// Restore commands of the palette:
//   datahub.restoreIndices            one URN (optionally one aspect)
//   datahub.restoreIndicesByPattern   a urnLike pattern, one batch or every matching row
//   datahub.cancelRestore             stops running restores between requests
// Each also takes an argument object (no prompts; result returned; errors reject),
// documented in the README under "Programmatic use".
import { pickUrn } from '../platform/urnPicker';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { registerCommand, reportError, type CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { restoreIndicesArgs, restoreIndicesByPatternArgs } from './logic/args';
import { normaliseUrnInput } from '../shared/findUrn';
import { parseUrn } from '../gms/urn';
import { MAX_BATCH_SIZE } from '../gms/validate';
import { checkAspect, checkBatchSize, checkStart, checkUrnLikeInput } from '../shared/inputChecks';
import { entityTypeOfPattern } from '../shared/aspects';
import { askText, pickAspect, pickOne, pickOrType } from '../platform/prompts';
import {
  restoreClient,
  cancelRunningRestores,
  configuredConcurrency,
  recentStore,
  restoreUrn,
  savedRuns,
  withRestoreProgress,
  type PatternRun,
  type UrnRestoreOutcome,
} from './restoreRun';
import { continuation, offerSavedRun } from './restoreResume';
import { registerRestoreChangedCommand } from './restoreChanged';
import { shortenUrn, urnResultMessage } from './logic/restoreFormat';
import { patternArgs, runPatternAndReport, type PatternResult } from './restorePattern';
import { confirmSearchable, missingFromSearch, searchStateBefore } from './searchVerify';
import { Commands } from '../shared/commandIds';
import { activeTitle } from '../platform/titles';
import type { RestoreCounts } from './logic/restoreRequests';
import type { Outcome } from '../shared/outcome';
import type { StalledSearch } from '../shared/searchLagWatch';
import type { WaitOutcome } from '../shared/searchCheck';

export interface RestoreUrnArgs {
  urn: string;
  aspect?: string;
  /** Show progress and the result like an interactive run, and report errors instead of rejecting (hover links). */
  notify?: boolean;
  /** After the restore, poll DataHub search until the entity is searchable (up to 30 s). */
  verify?: boolean;
}

/** Why a verified restore was not confirmed searchable: a caller branches on `reason`. */
export type NotSearchable =
  /** The search-indexing consumer stopped moving: waiting longer is pointless. */
  | Omit<StalledSearch, 'text'>
  /** Search did not find it within the wait (about 30 s, longer while the consumer catches up). */
  | { reason: 'timeout'; waitedMs: number }
  /** The wait was cancelled. */
  | { reason: 'cancelled' };

export interface RestoreUrnResult extends RestoreCounts, Outcome {
  urn: string;
  raw: string;
  /** With verify: whether search found the entity within 30 s. */
  searchable?: boolean;
  /** With verify, when searchable: ms from the restore's answer until search found it. */
  searchableAfterMs?: number;
  /** With verify, when not searchable: why. */
  notSearchable?: NotSearchable;
}

/** The stable reason of a wait that did not find the entity. */
function notSearchableOf(waited: WaitOutcome): NotSearchable {
  if (waited.stopped) {
    const { text: _text, ...stall } = waited.stopped;
    return stall;
  }
  return waited.elapsedMs < 0 ? { reason: 'cancelled' } : { reason: 'timeout', waitedMs: waited.elapsedMs };
}

/** Parses the programmatic argument of datahub.restoreIndices; the URN must parse and the aspect be a name. */
function urnArgs(arg: unknown): RestoreUrnArgs {
  const id = Commands.restoreIndices;
  const parsedArgs = parseArgs(id, restoreIndicesArgs, arg);
  const urn = normaliseUrnInput(parsedArgs.urn);
  const parsed = parseUrn(urn);
  if (!parsed.ok) throw new Error(`${id}: "urn" is not a URN: ${parsed.reason}.`);
  const aspect = parsedArgs.aspect;
  const problem = aspect ? checkAspect(aspect) : undefined;
  if (problem) throw new Error(`${id}: ${problem}`);
  return { urn, aspect, notify: parsedArgs.notify === true, verify: parsedArgs.verify === true };
}

/** The result notification; "Show Details" opens the log where the parsed answer was written. */
export function showUrnResult(services: Services, outcome: UrnRestoreOutcome): void {
  const message = urnResultMessage(outcome.urn, outcome.aspect, outcome.rowsMigrated, outcome.ignored, outcome.durationMs);
  const show = outcome.rowsMigrated === 0 && outcome.ignored === 0 ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
  void show(message, 'Show Details').then((choice) => {
    if (choice === 'Show Details') services.log.show(true);
  });
}

async function promptUrn(services: Services, connection: string): Promise<{ urn: string; aspect?: string } | undefined> {
  const title = activeTitle(services, 'DataHub: Restore Indices for URN');
  const urn = await pickUrn(services, {
    title: `${title} (1/2)`,
    prompt: 'The URN to index again in DataHub search and graph. A DataHub link or URL-encoded URN works too.',
    placeHolder: 'A URN, or a name to search DataHub for (e.g. a table name)',
    recent: recentStore(services).list(connection, 'urns'),
  });
  if (!urn) return undefined;
  const parsed = parseUrn(urn);
  const picked = await pickAspect(`${title} (2/2): ${shortenUrn(urn, 60)}`, parsed.ok ? parsed.value.entityType : undefined);
  if (!picked) return undefined;
  return { urn, aspect: picked.aspect };
}

async function restoreIndicesCommand(services: Services, arg: Record<string, unknown> | undefined, run: CommandRun): Promise<RestoreUrnResult | undefined> {
  const args = run.mode === 'ui' ? undefined : urnArgs(arg ?? {});
  const interactive = run.interactive;
  try {
    const active = await restoreClient(services, run);
    const input = args ?? (await promptUrn(services, active.connection.name));
    if (!input) return undefined;
    // Only an entity that search is missing is worth confirming afterwards (interactive runs ask first).
    const before = interactive && !args?.verify ? await searchStateBefore(services, active, [input.urn]) : undefined;
    const outcome = interactive
      ? await withRestoreProgress(`Restoring indices for ${shortenUrn(input.urn, 60)}`, (signal) =>
          restoreUrn(services, active, input.urn, input.aspect, signal),
        )
      : await restoreUrn(services, active, input.urn, input.aspect);
    const restored = urnResultMessage(outcome.urn, outcome.aspect, outcome.rowsMigrated, outcome.ignored, outcome.durationMs);
    const result: RestoreUrnResult = {
      message: restored,
      urn: outcome.urn,
      rowsMigrated: outcome.rowsMigrated,
      ignored: outcome.ignored,
      raw: outcome.raw,
    };
    const confirm = args?.verify ? [input.urn] : before ? missingFromSearch(before) : [];
    // One notification per operation: when search is confirmed next, the restore's result leads that message.
    if (interactive && confirm.length === 0) showUrnResult(services, outcome);
    if (confirm.length > 0) {
      const confirmation = await confirmSearchable(services, active, confirm, { interactive, lead: restored });
      result.message = confirmation.message;
      const waited = confirmation.outcomes.get(input.urn);
      if (args?.verify && waited) {
        result.searchable = waited.searchable;
        if (waited.searchable) result.searchableAfterMs = waited.elapsedMs;
        else result.notSearchable = notSearchableOf(waited);
      }
    }
    return result;
  } catch (error) {
    if (!args?.notify) throw error;
    // A hover link: the person clicked, so say what went wrong rather than reject.
    reportError(services, error, { ...run.errorContext, retry: { title: 'Retry', command: run.id, args: [arg] } }, { source: run.id });
    return undefined;
  }
}

async function promptPattern(services: Services, connection: string) {
  const title = activeTitle(services, 'DataHub: Restore Indices by URN Pattern');
  const urnLike = await pickOrType({
    title: `${title} (1/5)`,
    prompt: 'urnLike: a SQL LIKE pattern on the URN. % matches any run of characters, _ any one character.',
    placeHolder: 'urn:li:dataset:(urn:li:dataPlatform:hive,%',
    typeLabel: 'Type a pattern…',
    suggestions: [],
    recent: recentStore(services).list(connection, 'patterns'),
    check: checkUrnLikeInput,
  });
  if (!urnLike) return undefined;
  const aspect = await pickAspect(`${title} (2/5): ${shortenUrn(urnLike, 60)}`, entityTypeOfPattern(urnLike));
  if (!aspect) return undefined;
  const start = await askText({
    title: `${title} (3/5)`,
    prompt: 'start: the row offset to begin at (0 for the first matching row; a resume point to continue).',
    value: '0',
    check: checkStart,
  });
  if (start === undefined) return undefined;
  const batchSize = await askText({
    title: `${title} (4/5)`,
    prompt: `batchSize: rows per request (1 to ${MAX_BATCH_SIZE}). Larger batches are faster but each request takes longer.`,
    value: '10',
    check: checkBatchSize,
  });
  if (batchSize === undefined) return undefined;
  const s = Number(start);
  const b = Number(batchSize);
  const concurrency = configuredConcurrency();
  const scope = await pickOne(`${title} (5/5)`, 'How many rows?', [
    { id: 'one', label: 'One batch', description: `rows ${s} to ${s + b - 1} of the matching rows` },
    {
      id: 'all',
      label: 'All matching rows',
      description: `pages of ${b} from start=${s} until a short page`,
      detail:
        concurrency > 1 ? `${concurrency} pages at once (setting datahub.restore.concurrency)` : 'one page at a time (setting datahub.restore.concurrency)',
    },
  ]);
  if (!scope) return undefined;
  return { urnLike, aspect: aspect.aspect, start: s, batchSize: b, all: scope === 'all', concurrency };
}

async function restoreByPatternCommand(services: Services, arg: Record<string, unknown> | undefined, run: CommandRun): Promise<PatternResult | undefined> {
  const active = await restoreClient(services, run);
  const saved = savedRuns(services).get(active.connection.name);
  const parsed = run.mode === 'ui' ? undefined : parseArgs(run.id, restoreIndicesByPatternArgs, arg);
  if (parsed && 'resume' in parsed) {
    // Programmatic resume of the saved run of the active connection.
    if (!saved) throw new Error(`${run.id}: no interrupted run is saved for "${active.connection.name}".`);
    return runPatternAndReport(services, active, continuation(saved), { interactive: run.interactive, confirmIn: run });
  }
  const args = parsed ? patternArgs(parsed) : undefined;
  let params: PatternRun | undefined = args;
  let confirm = true;
  if (!args && saved) {
    const offered = await offerSavedRun(saved, active.connection);
    if (offered === undefined) return undefined;
    if (offered !== 'new') {
      params = offered;
      confirm = false;
    }
  }
  params ??= await promptPattern(services, active.connection.name);
  if (!params) return undefined;
  return runPatternAndReport(services, active, params, {
    interactive: run.interactive,
    confirmIn: confirm ? run : undefined,
  });
}

export function registerRestoreCommands(services: Services) {
  return [
    registerRestoreChangedCommand(services),
    registerCommand<typeof Commands.restoreIndices, Record<string, unknown>, RestoreUrnResult>(services, Commands.restoreIndices, (arg, run) =>
      restoreIndicesCommand(services, arg, run),
    ),
    registerCommand<typeof Commands.restoreIndicesByPattern, Record<string, unknown>, PatternResult>(services, Commands.restoreIndicesByPattern, (arg, run) =>
      restoreByPatternCommand(services, arg, run),
    ),
    registerCommand(services, Commands.cancelRestore, (_arg, run) => {
      const n = cancelRunningRestores();
      const message = n === 0 ? 'No restore is running.' : `Stopping ${n === 1 ? 'the restore' : `${n} restores`} after the requests in flight…`;
      if (run.mode === 'ui') void safeWindow.showInformationMessage(message);
      return { cancelled: n, message };
    }),
  ];
}
