// The scope of a restore (urnLike, aspect, time window) from a parsed argument
// object, shared by the pattern restore and the job writer: the checks that need
// more than the schema's shape; throws naming the field.
import { checkAspect, checkUrnLikeInput } from '../../shared/inputChecks';
import { normaliseWindow, type RestoreWindow } from './restoreWindow';

/** The fields of a parsed argument object that make up a restore's scope. */
export interface ScopeFields {
  urnLike: string;
  aspect?: string;
  gePitEpochMs?: number | null;
  lePitEpochMs?: number | null;
}

/** The scope of a pattern restore (urnLike, aspect, time window), checked; throws naming the field. */
export function restoreScopeArgs(arg: ScopeFields, command: string): { urnLike: string; aspect?: string; window?: RestoreWindow } {
  const { urnLike, aspect } = arg;
  const check = checkUrnLikeInput(urnLike);
  if (check?.severity === 'error') throw new Error(`${command}: urnLike: ${check.message}`);
  const aspectProblem = aspect ? checkAspect(aspect) : undefined;
  if (aspectProblem) throw new Error(`${command}: ${aspectProblem}`);
  try {
    return { urnLike, aspect, window: normaliseWindow({ gePitEpochMs: arg.gePitEpochMs, lePitEpochMs: arg.lePitEpochMs }, Date.now()) };
  } catch (error) {
    throw new Error(`${command}: ${(error as Error).message}`, { cause: error });
  }
}
