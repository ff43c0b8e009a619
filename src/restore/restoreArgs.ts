// The scope of a restore (urnLike, aspect, time window) read from an argument
// object, shared by the pattern restore and the job writer; throws naming the field.
import { optionalString, requireString } from '../platform/commandRunner';
import { checkAspect, checkUrnLikeInput } from './logic/restoreValidation';
import { normaliseWindow, type RestoreWindow } from './logic/restoreWindow';

/** The scope of a pattern restore from an argument object (urnLike, aspect, time window); throws naming the field. */
export function restoreScopeArgs(arg: Record<string, unknown>, command: string): { urnLike: string; aspect?: string; window?: RestoreWindow } {
  const urnLike = requireString(arg, 'urnLike', command);
  const check = checkUrnLikeInput(urnLike);
  if (check?.severity === 'error') throw new Error(`${command}: urnLike: ${check.message}`);
  const aspect = optionalString(arg, 'aspect', command)?.trim() || undefined;
  const aspectProblem = aspect ? checkAspect(aspect) : undefined;
  if (aspectProblem) throw new Error(`${command}: ${aspectProblem}`);
  try {
    return { urnLike, aspect, window: normaliseWindow({ gePitEpochMs: arg.gePitEpochMs, lePitEpochMs: arg.lePitEpochMs }, Date.now()) };
  } catch (error) {
    throw new Error(`${command}: ${(error as Error).message}`, { cause: error });
  }
}
