// The scope of a drift check from an argument object (exactly one of entityType,
// urnLike, urns), checked before anything is sent, and its name in messages.
import { Commands } from '../../shared/commandIds';
import { validateUrn } from '../../gms/validate';
import { checkUrnLikeInput } from '../../shared/inputChecks';
import type { HealthScope } from './check';
import type { CheckSearchHealthArgs } from './args';
import { MAX_HEALTH_URNS } from './limits';
import { entityTypeOfPattern } from './like';

const COMMAND = Commands.checkSearchHealth;

/** The scope an argument object names: exactly one of entityType, urnLike, urns. */
export function scopeOf(args: Partial<Pick<CheckSearchHealthArgs, 'entityType' | 'urnLike' | 'urns'>>): HealthScope {
  const given = (['entityType', 'urnLike', 'urns'] as const).filter((k) => args[k] !== undefined);
  if (given.length !== 1) {
    throw new Error(
      `${COMMAND}: give exactly one of "entityType", "urnLike" or "urns"${given.length ? ` (got ${given.join(' and ')})` : ''}. Nothing was sent.`,
    );
  }
  if (args.entityType !== undefined) {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(args.entityType)) throw new Error(`${COMMAND}: "entityType" must be an entity type such as dataset. Nothing was sent.`);
    return { kind: 'entityType', entityType: args.entityType };
  }
  if (args.urnLike !== undefined) {
    const problem = checkUrnLikeInput(args.urnLike);
    if (problem?.severity === 'error') throw new Error(`${COMMAND}: "urnLike": ${problem.message} Nothing was sent.`);
    const entityType = entityTypeOfPattern(args.urnLike);
    if (!entityType)
      throw new Error(`${COMMAND}: "urnLike" must start with a concrete urn:li:<type>: (e.g. urn:li:dataset:%) so one entity type is read. Nothing was sent.`);
    return { kind: 'urnLike', urnLike: args.urnLike, entityType };
  }
  const urns = args.urns ?? [];
  if (urns.length === 0) throw new Error(`${COMMAND}: "urns" is empty. Nothing was sent.`);
  if (urns.length > MAX_HEALTH_URNS) throw new Error(`${COMMAND}: "urns" has ${urns.length} entries; at most ${MAX_HEALTH_URNS}. Nothing was sent.`);
  urns.forEach((u, i) => {
    try {
      validateUrn(u, `urns[${i}]`);
    } catch (error) {
      throw new Error(`${COMMAND}: ${error instanceof Error ? error.message : String(error)}. Nothing was sent.`, { cause: error });
    }
  });
  return { kind: 'urns', urns };
}

export { describeScope } from './scopeText';
