// datahub.rollbackIngestionRun: DataHub's own dry run first (Rest.li POST /runs?action=rollback with dryRun: true:
// what it would revert, and the entities other runs wrote to as well), shown in the confirmation; then exactly one
// real rollback of that run id with safe: true (RollbackService.java: hardDelete false, so the entities the run
// created are soft-deleted, not purged, and aspects other runs wrote stay). Never the GraphQL rollbackIngestion
// mutation, which has no dry run: where no dry run can be had, nothing is rolled back and the reason is said.
import type { Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { activeClient } from '../platform/activeClient';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import * as safeWindow from '../platform/safeWindow';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import { RESERVED_RUN_ID, type RollbackFigures } from '../gms/ingestionTypes';
import { rollbackIngestionRunArgs } from './logic/args';

export interface RollbackDryRun {
  entitiesAffected: number;
  aspectsReverted: number;
  /** Entities the run created that other runs wrote to as well (their aspects stay). */
  unsafeEntities: number;
  unsafeSample: string[];
}

export interface RollbackIngestionRunResult extends Outcome {
  runId: string;
  dryRun: RollbackDryRun;
  /** DataHub's figures of the real rollback, when it was made. */
  applied?: { entitiesAffected: number; aspectsReverted: number; unsafeEntities: number };
  /** Why the real rollback was not made. */
  notDone?: { reason: 'dryRunOnly' | 'declined' | 'nothingToRevert' };
  /** Some of the URNs whose aspects it reverts: what to inspect or restore next. */
  affectedSample: string[];
}

const n = (v: number) => v.toLocaleString('en-US');
const SAMPLE = 10;

function dryOf(f: RollbackFigures): RollbackDryRun {
  return {
    entitiesAffected: f.entitiesAffected,
    aspectsReverted: f.aspectsReverted,
    unsafeEntities: f.unsafeEntitiesCount,
    unsafeSample: f.unsafeEntities.slice(0, SAMPLE),
  };
}

function figuresText(f: RollbackFigures): string {
  return (
    `${n(f.entitiesAffected)} entities affected, ${n(f.aspectsReverted)} aspects reverted; ${n(f.entitiesDeleted)} entities the run created would be soft-deleted (not purged)` +
    (f.unsafeEntitiesCount > 0 ? `; ${n(f.unsafeEntitiesCount)} of them were written by other runs too (unsafe: what those runs wrote stays)` : '')
  );
}

export async function rollbackIngestionRun(
  services: Services,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<RollbackIngestionRunResult | undefined> {
  // Before any prompt or request: a read-only connection refuses the rollback, its dry run too (it reaches the server).
  const active = await activeClient(services, run, { action: 'rollbackIngestionRun', writes: 'Roll Back Ingestion Run' });
  const args = parseArgs(Commands.rollbackIngestionRun, rollbackIngestionRunArgs, arg ?? {});
  const runId = args.runId;
  if (runId === RESERVED_RUN_ID) {
    throw new Error(
      `${Commands.rollbackIngestionRun}: "${RESERVED_RUN_ID}" is DataHub's reserved run id for metadata written without one; DataHub refuses to roll it back (RollbackService.java), and so does this command. Nothing was sent.`,
    );
  }
  const name = active.connection.name;
  const ops = active.client.ingestion;
  let dry: RollbackFigures;
  try {
    dry = await run.progress(`DataHub's dry run of the rollback of ${runId}`, (signal) => ops.rollback(runId, true, signal));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `No rollback of ${runId} on "${name}": DataHub's dry run could not be had (${why}). Nothing was rolled back; the GraphQL rollbackIngestion mutation has no dry run and is not used.`,
      { cause: error },
    );
  }
  const affectedSample = [...new Set(dry.rows.map((r) => r.urn))].slice(0, SAMPLE);
  const base = { runId, dryRun: dryOf(dry), affectedSample };
  const what = `DataHub's dry run of run ${runId} on "${name}": ${figuresText(dry)}.`;
  if (dry.entitiesAffected === 0 && dry.aspectsReverted === 0) {
    return { ...base, message: `${what} Nothing to roll back.`, notDone: { reason: 'nothingToRevert' } };
  }
  if (args.dryRunOnly === true) return { ...base, message: `${what} Dry run only: nothing changed.`, notDone: { reason: 'dryRunOnly' } };
  const go = 'Roll Back';
  const sample = dry.unsafeEntities.slice(0, 5);

  const chosen = await confirmDestructive(run, {
    apiClass: 'ingestion',
    message: `Roll back ingestion run ${runId} on "${name}"?`,
    detail:
      `DataHub's dry run: ${figuresText(dry)}.` +
      (sample.length > 0 ? `\nUnsafe entities, for example:\n${sample.join('\n')}${dry.unsafeEntitiesCount > sample.length ? '\n…' : ''}` : '') +
      `\nSafe mode: nothing is purged; a soft-deleted entity can be restored.${askedByProgram(run)}`,
    go,
    typed: { connection: active.connection, action: 'Roll Back Ingestion Run', expected: name, consequence: `What run ${runId} wrote will be reverted.` },
  });
  if (chosen !== go) return { ...base, message: `${what} Not rolled back: the confirmation was dismissed; nothing changed.`, notDone: { reason: 'declined' } };
  const real = await ops.rollback(runId, false);
  const applied = { entitiesAffected: real.entitiesAffected, aspectsReverted: real.aspectsReverted, unsafeEntities: real.unsafeEntitiesCount };
  const next = affectedSample.length > 0 ? ` Next: inspect or restore a sample of the affected URNs (DataHub: Inspect URN…), e.g. ${affectedSample[0]}.` : '';
  const message = `Rolled back run ${runId} on "${name}" (safe): ${n(applied.entitiesAffected)} entities affected, ${n(applied.aspectsReverted)} aspects reverted.${next}`;
  services.log.info(message);
  if (run.interactive) void safeWindow.showInformationMessage(message);
  return { ...base, message, applied };
}
