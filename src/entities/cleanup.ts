// The entity cleanup, loaded with the other entity commands (dist/features.js):
//   datahub.planEntityCleanup    reads only: what would go (logic/cleanupPlan.ts), the plan kept on disk
//   datahub.applyEntityCleanup   the plan again (or a stopped apply resumed), the confirmation gate, then the
//                                planned URNs deleted in batches of concurrent requests, cancellable
//   datahub.cancelEntityCleanup  stops a running plan or apply after the requests in flight
// The plan's two steps are ./cleanupRun.ts; both hold the plan's lock (src/shared/applyLock.ts): a second apply of
// one plan, or a new plan while it is applied, is refused. A read-only connection refuses the apply (dry run only too) before any request. The deletes are OpenAPI v3
// (src/gms/openapi/cleanup.ts): soft-deleted entities for good, runs soft-deleted first (as DataHub's GC).
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { personsStep } from '../platform/argObject';
import { registerCommand } from '../platform/commandRunner';
import { registerRowCommand, type RowReading } from '../platform/rowCommands';
import { offerFollowUp } from '../platform/followUp';
import type { CountsNode } from './countsTree';
import * as safeWindow from '../platform/safeWindow';
import { activeClient } from '../platform/activeClient';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { applyEntityCleanupArgs, ENTITY_TYPE_NAME, planEntityCleanupArgs } from './logic/args';
import { DEFAULT_OLDER_THAN_DAYS } from './logic/cleanupPlan';
import { cleanupQuery, gcSettingsOf, whatGoes } from './logic/cleanupText';
import { filesOf, running } from './cleanupApply';
import { withApplyLock } from '../shared/applyLock';
import { applyLocked, makePlan, planResult, refused, type ApplyEntityCleanupResult, type PlanEntityCleanupResult } from './cleanupRun';

export type { ApplyEntityCleanupResult, PlanEntityCleanupResult } from './cleanupRun';

/** The view's type rows: the row stands for { entityType } (dataprocessinstance: its old runs). */
const TYPE_ROWS: RowReading<Extract<CountsNode, { kind: 'type' }>> = {
  isRow: (value): value is Extract<CountsNode, { kind: 'type' }> => (value as { kind?: unknown }).kind === 'type',
  argsOf: (row) => ({ entityType: row.entityType }),
};

/** The plan whose notification's Apply… was clicked: the next palette-less apply takes it (module state, not an argument). */
let offered: Record<string, unknown> | undefined;

/** From the palette: which cleanup (the two that fill clusters, or the soft-deleted entities of a type named). */
async function pickCleanup(): Promise<Record<string, unknown> | undefined> {
  type Item = vscode.QuickPickItem & { args?: Record<string, unknown> };
  const items: Item[] = [
    {
      label: 'Old dataProcessInstance runs',
      description: 'beyond the last 5 of each data job and older than 10 days: soft-delete',
      args: { entityType: 'dataProcessInstance' },
    },
    {
      label: 'Soft-deleted dataProcessInstance runs',
      description: `soft-deleted more than ${DEFAULT_OLDER_THAN_DAYS} days ago: delete for good`,
      args: { entityType: 'dataProcessInstance', softDeletedOnly: true },
    },
    { label: 'Soft-deleted entities of a type…', description: `e.g. dataset, soft-deleted more than ${DEFAULT_OLDER_THAN_DAYS} days ago: delete for good` },
  ];
  const picked = await vscode.window.showQuickPick(items.map(safeWindow.safeItem), {
    title: 'DataHub: Plan Entity Cleanup',
    placeHolder: 'What to clean up (a dry run first)',
  });
  if (!picked) return undefined;
  if (picked.args) return picked.args;
  const entityType = await vscode.window.showInputBox({
    title: 'DataHub: Plan Entity Cleanup',
    prompt: `The entity type whose entities soft-deleted more than ${DEFAULT_OLDER_THAN_DAYS} days ago go for good (as DataHub's GC, the more recent ones stay)`,
    value: 'dataset',
    validateInput: (v) => (ENTITY_TYPE_NAME.test(v.trim()) ? undefined : 'An entity type name, e.g. dataset'),
  });
  return entityType === undefined ? undefined : { entityType: entityType.trim() };
}

export function registerCleanupCommands(services: Services) {
  return [
    // On an Entity Counts row (a type with soft-deleted entities, or dataprocessinstance): that type's cleanup.
    registerRowCommand(services, Commands.planEntityCleanup, TYPE_ROWS, async (arg, run): Promise<PlanEntityCleanupResult | undefined> => {
      const given = arg ?? (run.mode === 'ui' ? await pickCleanup() : {});
      if (given === undefined) return undefined;
      const query = cleanupQuery(parseArgs(Commands.planEntityCleanup, planEntityCleanupArgs, given));
      const active = await activeClient(services, run, { action: 'graphql', writes: false });
      // A new plan replaces the files an apply of the same cleanup reads and appends to: not while one runs.
      const files = filesOf(services);
      const made = await withApplyLock(files.dir, files.idOf(active.connection.name, query), `this entity cleanup (${whatGoes(query)})`, () =>
        makePlan(services, active, query, run),
      );
      if (!made.ran) throw new Error(`${Commands.planEntityCleanup}: ${made.message.replace('nothing was sent', 'the plan was not made again')}`);
      const result = planResult(active, made.value);
      if (run.interactive) {
        // The next step beside the figures: apply exactly this plan (it asks first).
        const apply = 'Apply…';
        // Bound to this connection and good for 10 minutes (src/platform/followUp.ts).
        const offer = offerFollowUp(services, active.connection, 'Plan the cleanup again');
        // For a plan too big for the editor: the same rule handed to DataHub's own GC (planned there, asked, then written).
        const hand = "Hand to DataHub's GC…";
        void safeWindow.showInformationMessage(result.message, ...(result.count > 0 ? [apply, hand] : [])).then((choice) => {
          if (choice === hand) {
            void offer.run(
              hand,
              () => void vscode.commands.executeCommand(Commands.applyGarbageCollection, personsStep(gcSettingsOf(query))).then(undefined, () => undefined),
            );
            return;
          }
          if (choice !== apply) return;
          void offer.run(apply, () => {
            // As the person's own step (no arguments: the modal does not say a program asked), on exactly this plan.
            offered = given;
            void vscode.commands.executeCommand(Commands.applyEntityCleanup);
          });
        });
      }
      return result;
    }),
    registerCommand(services, Commands.applyEntityCleanup, async (arg, run): Promise<ApplyEntityCleanupResult | undefined> => {
      // Before any prompt or request: a read-only connection refuses the whole step, its dry run too.
      const active = await activeClient(services, run, { action: 'hardDeleteEntity', writes: 'Entity Cleanup' });
      const fromPlan = run.mode === 'ui' ? offered : undefined;
      offered = undefined;
      const given = arg ?? (run.mode === 'ui' ? (fromPlan ?? (await pickCleanup())) : {});
      if (given === undefined) return undefined;
      const args = parseArgs(Commands.applyEntityCleanup, applyEntityCleanupArgs, given);
      const query = cleanupQuery(args);
      if (query.kind === 'runs') run.errorContext = { ...run.errorContext, action: 'softDeleteEntity' };
      const files = filesOf(services);
      const id = files.idOf(active.connection.name, query);
      // One apply of a plan at a time, in this window and others: a second is refused and sends nothing.
      const locked = await withApplyLock(files.dir, id, `this entity cleanup (${whatGoes(query)})`, () => applyLocked(services, active, query, args, run));
      if (locked.ran) return locked.value;
      const stored = await files.load(id);
      return refused(active, query, stored, 'busy', locked.message);
    }),
    registerCommand(services, Commands.cancelEntityCleanup, async (_arg, run) => {
      const cancelled = running.size;
      for (const c of running) c.abort();
      const message = cancelled
        ? `Stopping ${cancelled} entity cleanup${cancelled === 1 ? '' : 's'} after the requests in flight; apply the same cleanup again to resume.`
        : 'No entity cleanup is running.';
      if (run.interactive) void safeWindow.showInformationMessage(message);
      return { message, cancelled };
    }),
  ];
}
