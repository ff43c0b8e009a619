// Resolves what a truncate command addresses, against the server's own listing:
// a tree element or IndexSize, { indexName }, or { entityType, aspect }. Nothing
// destructive is sent for an index the server did not name, nor for a pair that
// has no index (getIndexSizes is the only request made to check).
import type { IndexSize } from '../gms/types';
import type { Services } from '../platform/services';
import { findNamedIndex, noIndexMessage, targetOfIndex } from './logic/namedTarget';
import type { TruncateTarget } from './logic/truncateText';
import { isArgObject } from '../platform/commandRunner';
import { isOurRow } from '../platform/treeRows';
import { parseArgs } from '../shared/args';
import { targetArgs } from './logic/args';

/** The shape of an index row of Timeseries Indices or the size chart (which of them are ours is rowInput's check). */
export function isIndexRow(value: object): value is { kind: 'index'; index: IndexSize } {
  return isArgObject(value) && value.kind === 'index' && isArgObject(value.index);
}

/** The IndexSize of a tree or chart element ({ kind: 'index', index }) that our tree or chart handed out; a look-alike is arguments. */
export function indexOfArg(arg: unknown): IndexSize | undefined {
  return isOurRow(arg) && isArgObject(arg) && arg.kind === 'index' && isArgObject(arg.index) ? (arg.index as unknown as IndexSize) : undefined;
}

/**
 * Looks `find` up in the loaded sizes; when it is not there (or nothing is
 * loaded yet), fetches them once and looks again. Returns the list searched last.
 */
async function lookUp<T>(services: Services, find: (indices: IndexSize[]) => T | undefined): Promise<{ found?: T; indices: IndexSize[] }> {
  const loaded = services.indexSizes.current?.indices;
  const first = loaded ? find(loaded) : undefined;
  if (first !== undefined && loaded) return { found: first, indices: loaded };
  const fresh = (await services.indexSizes.refresh()).indices;
  return { found: find(fresh), indices: fresh };
}

/** The target of a listed index, by its name: the entity type and aspect the server sent for it. */
export async function targetByIndexName(services: Services, indexName: string, command: string): Promise<TruncateTarget> {
  const { found } = await lookUp(services, (indices) => indices.find((i) => i.indexName === indexName));
  if (!found) {
    throw new Error(`${command}: the server lists no index named "${indexName}"; refresh Timeseries Indices and use a name it lists. Nothing was sent.`);
  }
  return targetOfIndex(found, command);
}

/** A typed entity type and aspect, accepted only when the server lists a named index for them. */
export async function targetByPair(services: Services, entityType: string, aspect: string, command: string): Promise<TruncateTarget> {
  const { found, indices } = await lookUp(services, (list) => findNamedIndex(list, entityType, aspect));
  if (!found) throw new Error(`${command}: ${noIndexMessage(indices, entityType, aspect)}`);
  return { entityType, aspect, indexName: found.indexName };
}

/**
 * Any accepted argument: a tree element, { indexName } (an IndexSize too: only its
 * name is read, the entity and aspect come from the listing), or { entityType, aspect }.
 */
export async function resolveTarget(services: Services, arg: Record<string, unknown>, command: string): Promise<TruncateTarget> {
  const index = indexOfArg(arg);
  if (index) return targetOfIndex(index, command);
  const { indexName, entityType, aspect } = parseArgs(command, targetArgs, arg);
  if (indexName !== undefined) {
    if (entityType !== undefined || aspect !== undefined) throw new Error(`${command}: give either "indexName" or "entityType" and "aspect", not both.`);
    return targetByIndexName(services, indexName, command);
  }
  const needs = (field: string) => new Error(`${command}: the argument object needs a non-empty string "${field}".`);
  if (entityType === undefined) throw needs('entityType');
  if (aspect === undefined) throw needs('aspect');
  return targetByPair(services, entityType, aspect, command);
}
