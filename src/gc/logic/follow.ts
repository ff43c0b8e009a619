// One run of an ingestion source followed to its end: the request made (createIngestionExecutionRequest), then read
// (executionRequest) until it has a final status, with two limits of ours beside the server's answer: the executor
// must pick the request up (a result at all) within `pickupMs`, else the run is said as not picked up (DataHub's
// docs: the executor is down, #12468); and the whole run must end within `waitMs`. Each read waits `pollMs`; the
// loop also ends on the cancel signal. Whoever stops following a request that was picked up sends it the KILL
// signal (CancelIngestionExecutionRequestResolver.java), so nothing runs on unwatched; one never picked up is sent it
// too, as the request carries its recipe and an executor that comes back could still run it. Pure: no vscode import.
import type { ExecutionRequestDetail, GmsClient } from '../../gms/types';
import { pause } from '../../gms/sleep';

export type FollowClient = { ingestion: Pick<GmsClient['ingestion'], 'startRun' | 'executionRequest' | 'cancel'> };

export interface FollowLimits {
  pickupMs: number;
  waitMs: number;
  pollMs: number;
}

export type FollowEnd =
  | { kind: 'ended'; request: ExecutionRequestDetail }
  | { kind: 'notPickedUp'; requestUrn: string; waitedMs: number; killed: boolean }
  | { kind: 'tooLong'; requestUrn: string; status: string; killed: boolean }
  | { kind: 'cancelled'; requestUrn: string; killed: boolean };

/** Statuses a run does not leave on its own (ingestion.graphql ExecutionRequestResult.status). */
const GOING = new Set(['RUNNING', 'PENDING', 'ROLLING_BACK']);

/** The KILL signal, sent once, never throwing: whether DataHub recorded it. */
async function kill(client: FollowClient, sourceUrn: string, requestUrn: string): Promise<boolean> {
  try {
    await client.ingestion.cancel(sourceUrn, requestUrn);
    return true;
  } catch {
    return false;
  }
}

/** Starts one run of `sourceUrn` and follows it to its end (or a limit, or the signal). */
export async function runAndFollow(
  client: FollowClient,
  sourceUrn: string,
  limits: FollowLimits,
  signal: AbortSignal | undefined,
  now: () => number = Date.now,
  onRequest?: (requestUrn: string) => void,
): Promise<FollowEnd> {
  const requestUrn = await client.ingestion.startRun(sourceUrn, signal);
  onRequest?.(requestUrn);
  const started = now();
  // A limit of ours as well as the server's answer: at most this many reads, whatever the clock says.
  const maxReads = Math.ceil(limits.waitMs / Math.max(1, limits.pollMs)) + 2;
  let picked = false;
  let status = 'none';
  for (let reads = 0; reads < maxReads; reads++) {
    if (signal?.aborted) return { kind: 'cancelled', requestUrn, killed: await kill(client, sourceUrn, requestUrn) };
    const request = await client.ingestion.executionRequest(requestUrn, signal).catch((error: unknown) => {
      if (signal?.aborted) return undefined;
      throw error;
    });
    if (request === undefined) continue;
    if (request === null) throw new Error(`DataHub no longer knows the run it was asked to start (${requestUrn}).`);
    if (request.result) {
      picked = true;
      status = request.result.status;
      if (!GOING.has(status)) return { kind: 'ended', request };
    }
    const waited = now() - started;
    if (!picked && waited >= limits.pickupMs) {
      // Never picked up: the request carries its recipe, so an executor that comes back could still run it; the
      // KILL is sent all the same (the executor honours it, or the request stays queued).
      return { kind: 'notPickedUp', requestUrn, waitedMs: waited, killed: await kill(client, sourceUrn, requestUrn) };
    }
    if (waited >= limits.waitMs) break;
    await pause(limits.pollMs, signal);
  }
  if (signal?.aborted) return { kind: 'cancelled', requestUrn, killed: await kill(client, sourceUrn, requestUrn) };
  return { kind: 'tooLong', requestUrn, status, killed: await kill(client, sourceUrn, requestUrn) };
}
