// The Doctor on many connections: each read by collectReport (./collect.ts) with its own client (its own
// token, TLS, proxy and timeout, as the connection service makes it), at most CONNECTIONS_AT_ONCE at a
// time, the next one starting as soon as one ends, so a slow or dead server holds only its own slot. No
// vscode import: the benchmark runs it in Node with the wire layer's clients.
import { setMaxListeners } from 'node:events';
import type { ActiveClient, Connection } from '../platform/services';
import { urlOrigin } from '../shared/connections';
import { collectReport, READ_TIMEOUT_MS } from './collect';
import { diagnosisOf, failedDiagnosis, noTokenDiagnosis, type ConnectionDiagnosis } from './logic/allConnections';

/** Connections read at the same time. */
export const CONNECTIONS_AT_ONCE = 3;

export interface CollectAllOptions {
  signal: AbortSignal;
  /** Each endpoint's own time limit on each connection (default READ_TIMEOUT_MS). */
  timeoutMs?: number;
  now?: () => number;
  /** At most this many connections at once (default CONNECTIONS_AT_ONCE). */
  atOnce?: number;
  /**
   * How long each connection took the last time (by name and URL), kept by the caller between runs: the
   * slowest start first, so a slow server is not left to start last behind quick ones. Updated here.
   */
  lastMs?: Map<string, number>;
  /** Read each connection's DataHub GC too (collectReport's `gc`). */
  gc?: boolean;
}

const durationKey = (c: Connection) => `${c.name}\n${c.gmsUrl}`;

/** A signal of one connection's readings, ended with `parent`: each of its twenty-odd readings listens to it. */
export function connectionSignal(parent: AbortSignal): AbortSignal {
  const signal = AbortSignal.any([parent]);
  setMaxListeners(100, signal);
  return signal;
}

const words = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** One connection: its own client, nothing sent without a token, its report's verdict. */
async function diagnoseOne(connection: Connection, open: (c: Connection) => Promise<ActiveClient>, options: CollectAllOptions): Promise<ConnectionDiagnosis> {
  const identity = {
    name: connection.name,
    ...(connection.environment ? { environment: connection.environment } : {}),
    gmsOrigin: urlOrigin(connection.gmsUrl),
  };
  let active: ActiveClient;
  try {
    active = await open(connection);
  } catch (error) {
    return failedDiagnosis(identity, words(error));
  }
  if (!active.hasToken) return noTokenDiagnosis(identity);
  // A memory of its own: trends (lag per minute) belong to the Doctor view of the active connection.
  const report = await collectReport(
    active,
    { lag: new Map() },
    { signal: connectionSignal(options.signal), timeoutMs: options.timeoutMs ?? READ_TIMEOUT_MS, now: options.now, gc: options.gc },
  );
  return diagnosisOf(identity, report);
}

/** Every connection given, in their order, read at most `atOnce` at a time; a cancel ends them all. */
export async function diagnoseConnections(
  connections: readonly Connection[],
  open: (c: Connection) => Promise<ActiveClient>,
  options: CollectAllOptions,
): Promise<ConnectionDiagnosis[]> {
  const results: ConnectionDiagnosis[] = new Array<ConnectionDiagnosis>(connections.length);
  const last = options.lastMs;
  // Those never timed first (one may be a dead server), then the longest; ties keep their order. The results keep the given order.
  const order = connections.map((_, i) => i);
  if (last)
    order.sort((a, b) => {
      const x = last.get(durationKey(connections[a]));
      const y = last.get(durationKey(connections[b]));
      return x === undefined || y === undefined ? Number(x !== undefined) - Number(y !== undefined) : y - x;
    });
  let next = 0;
  const worker = async () => {
    while (next < order.length) {
      const i = order[next++];
      const started = performance.now();
      results[i] = await diagnoseOne(connections[i], open, options);
      last?.set(durationKey(connections[i]), performance.now() - started);
    }
  };
  const workers = Math.max(1, Math.min(options.atOnce ?? CONNECTIONS_AT_ONCE, connections.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
