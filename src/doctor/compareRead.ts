// What Compare Connections reads on one side: each section's endpoint through the side's own client
// (its own token, TLS, proxy), every reading at once with its own time limit (readWithin), so a side
// that does not answer holds nothing of the other's. Reads only. No vscode import.
import { isNotOffered } from '../gms/errors';
import type { ActiveClient } from '../platform/services';
import { readWithin } from './collect';
import type { CompareSectionId, SideReadings } from './logic/compare';
import { cap } from './logic/report';
import { readGc } from '../gc/logic/read';

const words = (e: unknown): string => cap(e instanceof Error ? e.message : String(e), 160);

/** The operations transport the client chose and the messaging transport the server names. */
async function transports(active: ActiveClient, signal: AbortSignal): Promise<{ operations: string; messaging: string }> {
  const chosen = await active.client.transport();
  let messaging: string;
  try {
    messaging = cap((await active.client.messaging.transport(signal)).transport, 40);
  } catch (error) {
    if (signal.aborted) throw error;
    messaging = isNotOffered(error) ? 'not said (an older DataHub)' : `not read (${words(error)})`;
  }
  return { operations: chosen.transport === 'openapi' ? 'OpenAPI' : 'Rest.li', messaging };
}

/** The readings of the sections asked for, on one side. */
export async function readSide(active: ActiveClient, sections: readonly CompareSectionId[], signal: AbortSignal, timeoutMs: number): Promise<SideReadings> {
  const c = active.client;
  const read = <T>(work: (s: AbortSignal) => Promise<T>) => readWithin(work, signal, timeoutMs);
  const want = new Set(sections);
  const [version, transport, settings, entityCounts, indexSizes, gc] = await Promise.all([
    want.has('version') ? read((s) => c.getServerVersion(s)) : undefined,
    want.has('transport') ? read((s) => transports(active, s)) : undefined,
    want.has('settings') ? read((s) => c.upgrade.properties(s)) : undefined,
    want.has('entityCounts') ? read((s) => c.entities.fromEndpoint({}, s)) : undefined,
    want.has('indexSizes') ? read((s) => c.getIndexSizes(s)) : undefined,
    // The last 3 runs: the findings and the stages are what is compared.
    want.has('gc') ? read((s) => readGc(c, active.connection.name, 3, Date.now(), s)) : undefined,
  ]);
  return {
    ...(version ? { version } : {}),
    ...(transport ? { transport } : {}),
    ...(settings ? { settings } : {}),
    ...(entityCounts ? { entityCounts } : {}),
    ...(indexSizes ? { indexSizes } : {}),
    ...(gc ? { gc } : {}),
  };
}

/** A side none of whose readings answered: why, in one phrase (the first failure's words). */
export function sideUnreadable(side: SideReadings): string | undefined {
  const others = [side.transport, side.settings, side.entityCounts, side.indexSizes, side.gc];
  const asked = [side.version, ...others].some((r) => r !== undefined);
  const answered = others.some((r) => r?.ok === true) || (side.version?.ok === true && side.version.value.ok);
  if (!asked || answered) return undefined;
  const version = side.version;
  if (version?.ok && !version.value.ok) return `nothing answered: ${cap(version.value.reason, 160)}`;
  const first = [version, ...others].find((r) => r !== undefined && !r.ok);
  return first && !first.ok ? `nothing answered: ${words(first.error)}` : 'nothing answered';
}
