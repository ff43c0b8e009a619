// datahub.applyGarbageCollection: the plan first (plan.ts: the changes, DataHub's dry run, the truncation figures),
// its document open (the change preview), then the modal listing the changes (the connection's name typed on
// production; it says DataHub's UI will list the GC afterwards, as updateIngestionSource cannot carry SYSTEM), the
// write discipline (the plan's origin checked again after the modal; the GC source read again right before the
// write and the write refused when it moved), one updateIngestionSource with everything the change does not name
// kept exactly, the stored source read back and compared, and with runNow one run started and followed to its end.
import * as vscode from 'vscode';
import type { CommandRun } from '../platform/commandRun';
import type { Services } from '../platform/services';
import { activeClient } from '../platform/activeClient';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import { checkPlanNow } from '../platform/planApply';
import type { ReadOnlyDocuments } from '../platform/readOnlyDocuments';
import * as safeWindow from '../platform/safeWindow';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { formatDateTime } from '../shared/format';
import { uiText } from '../shared/uiText';
import type { GcChange } from './logic/settings';
import { applyGarbageCollectionArgs, DEFAULT_PICKUP_SECONDS, DEFAULT_WAIT_MINUTES } from './logic/planArgs';
import { readGcSource, type GcDryRun } from './logic/plan';
import { confirmLines, planMarkdown, planMessage, wouldRemove } from './logic/planReport';
import { readBackDiffers, sourceDiffers, updateInput } from './logic/applyCheck';
import { runAndFollow } from './logic/follow';
import { figuresOf } from './logic/figures';
import { GC_SOURCE_URN } from './logic/recipe';
import { argsWithSettings, runPlan, settingsOf } from './plan';

export interface ApplyGarbageCollectionResult extends Outcome {
  changes: GcChange[];
  applied: boolean;
  dryRun?: GcDryRun;
  /** With runNow: the run started after the change, followed to its end. */
  run?: { urn: string; status: string; figures: Record<string, number> };
  /** Fields DataHub stored otherwise than sent (read back after the update); empty when read back as sent. */
  readBackDiffers?: string[];
  /** Why nothing was applied. */
  notDone?: { reason: 'nothingToChange' | 'dryRunFailed' | 'declined' | 'otherConnection' | 'otherServer' | 'stale' | 'unreadable' | 'sourceChanged' };
}

export async function applyGarbageCollection(
  services: Services,
  docs: ReadOnlyDocuments,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<ApplyGarbageCollectionResult | undefined> {
  const active = await activeClient(services, run, { action: 'graphql', writes: 'Apply Garbage Collection' });
  const given = await argsWithSettings(arg, run);
  if (!given) return undefined;
  const settings = settingsOf(Commands.applyGarbageCollection, given);
  const args = parseArgs(Commands.applyGarbageCollection, applyGarbageCollectionArgs, given);
  const pickupSeconds = args.pickupSeconds ?? DEFAULT_PICKUP_SECONDS;
  const name = active.connection.name;
  // A plan handed in (a planGarbageCollection result's origin): another connection's, another server's or a stale one is refused first.
  if (args.planOrigin !== undefined) {
    const refused = checkPlanNow(services, args.planOrigin, 'garbageCollector', name, 'the GC plan given');
    if (refused) return { changes: [], applied: false, message: refused.message, notDone: { reason: refused.reason } };
  }
  const { plan, origin } = await runPlan(active, run, settings, args);
  const planned = planMessage(name, plan, pickupSeconds);
  const base = { changes: plan.changes, ...(plan.dryRun ? { dryRun: plan.dryRun } : {}) };
  if (plan.changes.length === 0) return { ...base, applied: false, message: `${planned} Nothing to apply.`, notDone: { reason: 'nothingToChange' } };
  if (plan.dryRun && plan.dryRun.status !== 'SUCCESS' && !['notPickedUp', 'stillRunning', 'cancelled'].includes(plan.dryRun.status))
    return {
      ...base,
      applied: false,
      message: `${planned} Not applied: the GC's dry run with these settings ended ${plan.dryRun.status}, and its nightly run would too. The GC is unchanged.`,
      notDone: { reason: 'dryRunFailed' },
    };
  if (plan.dryRun?.status === 'cancelled') return { ...base, applied: false, message: `${planned} Not applied.`, notDone: { reason: 'declined' } };

  // The change preview: the plan's document, then the modal with the changes.
  const uri = docs.add(`${name} change`, planMarkdown(name, plan, pickupSeconds, formatDateTime(Date.now())));
  if (run.mode === 'ui') await vscode.commands.executeCommand('markdown.showPreview', uri);
  const go = 'Apply to the GC';
  const chosen = await confirmDestructive(run, {
    apiClass: 'garbageCollector',
    message: `Change DataHub's garbage collector on "${name}"?`,
    detail: uiText(`${confirmLines(plan, pickupSeconds).join('\n')}${askedByProgram(run)}`, 3500),
    go,
    typed: {
      connection: active.connection,
      action: 'Apply Garbage Collection',
      expected: name,
      consequence: `${plan.changes.length} setting(s) of DataHub's GC change.`,
    },
  });
  if (chosen !== go)
    return {
      ...base,
      applied: false,
      message: `${planned} Not applied: the confirmation was dismissed; the GC is unchanged.`,
      notDone: { reason: 'declined' },
    };
  // The modal may have waited: the plan is checked again (its connection and server now, its age).
  const late = checkPlanNow(services, origin, 'garbageCollector', name, 'this GC plan');
  if (late) return { ...base, applied: false, message: late.message, notDone: { reason: late.reason } };
  // Read again right before the write: a GC source changed since the plan (another person, a GMS restart's bootstrap) is not overwritten.
  const now = await readGcSource(active.client, name);
  const moved = sourceDiffers(plan.source.detail, now.detail);
  if (moved.length > 0)
    return {
      ...base,
      applied: false,
      message: `Not applied: DataHub's GC source on "${name}" changed since the plan (${moved.join(', ')}). Plan again; nothing was sent.`,
      notDone: { reason: 'sourceChanged' },
    };
  if (plan.dryRun) run.noteDryRun({ ...wouldRemove(plan.dryRun), changes: plan.changes.length });
  const input = updateInput(plan.source, plan.proposed, settings);
  await active.client.ingestion.updateSource(GC_SOURCE_URN, input);
  const stored = await active.client.ingestion.getIngestionSource(GC_SOURCE_URN);
  const differs = stored ? readBackDiffers(input, stored) : ['the source (not found)'];
  const readBack =
    differs.length === 0
      ? 'Read back as sent.'
      : `Read back, DataHub stored otherwise: ${differs.join(', ')}; look at the GC source in DataHub's UI (DataHub: Read DataHub's Garbage Collector).`;
  let message = `Applied ${plan.changes.length} change(s) to DataHub's GC on "${name}". ${readBack} DataHub's UI now lists the GC among the ingestion sources (the update cannot carry SYSTEM).`;
  let ran: ApplyGarbageCollectionResult['run'];
  if (args.runNow === true) {
    const end = await run.progress("Running DataHub's GC with the new settings", (signal) =>
      runAndFollow(
        active.client,
        GC_SOURCE_URN,
        { pickupMs: pickupSeconds * 1000, waitMs: (args.waitMinutes ?? DEFAULT_WAIT_MINUTES) * 60_000, pollMs: 1000 },
        signal,
      ),
    );
    if (end.kind === 'ended') {
      const report = end.request.result?.structuredReport?.serializedValue;
      ran = { urn: end.request.urn, status: end.request.result?.status ?? 'none', figures: report ? figuresOf(report).figures : {} };
      message += ` The run ${ran.urn} ended ${ran.status}: ${ran.figures.hardDeleted ?? 0} hard-deleted, ${ran.figures.runRecordsRemoved ?? 0} run records removed.`;
    } else {
      ran = { urn: end.requestUrn, status: end.kind === 'tooLong' ? 'stillRunning' : end.kind, figures: {} };
      message +=
        end.kind === 'notPickedUp'
          ? ` The run ${end.requestUrn} was not picked up within ${pickupSeconds} s: the executor (datahub-actions) is down or busy.`
          : ` The run ${end.requestUrn} was not followed to its end (${ran.status}); it was sent a KILL.`;
    }
  }
  services.log.info(message);
  if (run.interactive) void safeWindow.showInformationMessage(message);
  return { ...base, applied: true, message, ...(ran ? { run: ran } : {}), readBackDiffers: differs };
}
