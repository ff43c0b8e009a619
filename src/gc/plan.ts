// datahub.planGarbageCollection: what a change to DataHub's GC would change and do, without changing the GC. A
// read-only connection refuses it before any request (its dry run writes a temporary source and runs it); the
// settings are checked before any request; then logic/plan.ts: the source read, the server's truncate dry runs at
// the proposed cutoff, and the GC's own dry run on a temporary unscheduled source, always removed after. The
// plan opens as a read-only Markdown document (every server string inert) and carries its origin (where and when
// it read the GC) for the write discipline of datahub.applyGarbageCollection.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { CommandRun } from '../platform/commandRun';
import type { Services } from '../platform/services';
import { activeClient } from '../platform/activeClient';
import type { ReadOnlyDocuments } from '../platform/readOnlyDocuments';
import * as safeWindow from '../platform/safeWindow';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { formatDateTime } from '../shared/format';
import { planOrigin, type PlanOrigin } from '../shared/writePlan';
import { settingsProblem, type GcChange, type GcSettings } from './logic/settings';
import { DEFAULT_PICKUP_SECONDS, DEFAULT_WAIT_MINUTES, NOT_SETTINGS, planGarbageCollectionArgs } from './logic/planArgs';
import { planGc, type GcDryRun, type GcPlan, type GcTruncation } from './logic/plan';
import { planMarkdown, planMessage } from './logic/planReport';
import type { ActiveClient } from '../platform/services';
import { askText } from '../platform/prompts';

export interface PlanGarbageCollectionResult extends Outcome {
  changes: GcChange[];
  dryRun?: GcDryRun;
  truncation?: GcTruncation[];
  /** Where and when the plan read the GC (the write discipline: a plan is applied on its connection, within a day). */
  origin: PlanOrigin;
  /** false: the temporary source could not be removed (its urn is in the message). */
  temporarySourceRemoved: boolean;
  /** The plan's read-only document. */
  documentUri: string;
}

/** The settings of an argument object, checked before any request: an Error that says what to give. */
export function settingsOf(commandId: string, arg: Record<string, unknown> | undefined): GcSettings {
  const given = { ...(arg ?? {}) };
  for (const key of [...NOT_SETTINGS, 'notify']) delete given[key];
  const problem = settingsProblem(given);
  if (problem) throw new Error(`${commandId}: ${problem}`);
  return given as GcSettings;
}

const EXAMPLE = '{"dataProcessCleanup": {"enabled": true, "keepLastN": 5, "retentionDays": 10}}';

/**
 * From the palette (no settings given): the settings typed as a JSON object, checked as typed (settings.ts); the
 * other arguments as given. Undefined when dismissed. Any other way in: the argument object as given.
 */
export async function argsWithSettings(arg: Record<string, unknown> | undefined, run: CommandRun): Promise<Record<string, unknown> | undefined> {
  const given = arg ?? {};
  const named = Object.keys(given).some((k) => !(NOT_SETTINGS as readonly string[]).includes(k) && k !== 'notify');
  if (run.mode !== 'ui' || named) return given;
  const typed = await askText({
    title: "DataHub's garbage collector: the settings to change",
    prompt:
      'A JSON object of GC settings (see docs/api.md): truncateIndicesOlderThanDays, dataProcessCleanup, softDeletedCleanup, executionRequestCleanup, schedule',
    value: EXAMPLE,
    check: (v) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(v);
      } catch {
        return { message: 'Not JSON: e.g. ' + EXAMPLE, severity: 'error' };
      }
      const problem = settingsProblem(parsed);
      return problem ? { message: problem.replace(/ Nothing was sent\.$/, ''), severity: 'error' } : undefined;
    },
  });
  if (typed === undefined) return undefined;
  return { ...given, ...(JSON.parse(typed) as Record<string, unknown>) };
}

/** A temporary source's name no other source has: the GC's name, the time and a random part. */
export function temporaryName(now: number): string {
  return `datahub-gc dry run ${new Date(now).toISOString()} ${randomBytes(4).toString('hex')}`;
}

export interface PlanOptionsArg {
  pickupSeconds?: number;
  waitMinutes?: number;
}

/** Runs the plan under the run's cancellable progress. */
export async function runPlan(active: ActiveClient, run: CommandRun, settings: GcSettings, o: PlanOptionsArg): Promise<{ plan: GcPlan; origin: PlanOrigin }> {
  const origin = planOrigin('garbageCollector', active.connection, Date.now());
  const plan = await run.progress("Planning the GC change (DataHub's dry run)", (signal, say) =>
    planGc(
      active.client,
      active.connection.name,
      settings,
      {
        pickupMs: (o.pickupSeconds ?? DEFAULT_PICKUP_SECONDS) * 1000,
        waitMs: (o.waitMinutes ?? DEFAULT_WAIT_MINUTES) * 60_000,
        pollMs: 1000,
        now: Date.now,
        temporaryName: temporaryName(Date.now()),
        onStep: (step) => say(step),
      },
      signal,
    ),
  );
  return { plan, origin };
}

export async function planGarbageCollection(
  services: Services,
  docs: ReadOnlyDocuments,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<PlanGarbageCollectionResult | undefined> {
  // Before any prompt or request: the dry run creates and runs a temporary source, so read-only refuses it.
  const active = await activeClient(services, run, { action: 'graphql', writes: 'Plan Garbage Collection (its dry run creates and runs a temporary source)' });
  const given = await argsWithSettings(arg, run);
  if (!given) return undefined;
  const settings = settingsOf(Commands.planGarbageCollection, given);
  const args = parseArgs(Commands.planGarbageCollection, planGarbageCollectionArgs, given);
  const pickupSeconds = args.pickupSeconds ?? DEFAULT_PICKUP_SECONDS;
  const { plan, origin } = await runPlan(active, run, settings, args);
  const name = active.connection.name;
  const message = planMessage(name, plan, pickupSeconds);
  const uri = docs.add(name, planMarkdown(name, plan, pickupSeconds, formatDateTime(Date.now())));
  if (run.mode === 'ui') await vscode.commands.executeCommand('markdown.showPreview', uri);
  if (run.interactive) void safeWindow.showInformationMessage(message);
  return {
    message,
    changes: plan.changes,
    ...(plan.dryRun ? { dryRun: plan.dryRun } : {}),
    ...(plan.truncation ? { truncation: plan.truncation } : {}),
    origin,
    temporarySourceRemoved: plan.temporaryRemoved === true,
    documentUri: uri.toString(),
  };
}
