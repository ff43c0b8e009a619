// The client of the active connection for a command, with the run's error context
// set so that a failure names the connection, whether a token is set and what was
// being done. A read-only connection is refused here, before any prompt or request,
// whenever the step writes.
import { assertWritable } from '../shared/connections';
import type { ErrorContext } from '../shared/errors';
import type { CommandRun } from './commandRun';
import type { ActiveClient, Services } from './services';

export interface ClientFor {
  /** The operation, for the wording of errors (e.g. 'restoreIndices'). */
  action: ErrorContext['action'];
  /** What a read-only connection refuses ("Restore Indices"); false for steps that write nothing. */
  writes: string | false;
}

export async function activeClient(services: Services, run: CommandRun | undefined, { action, writes }: ClientFor): Promise<ActiveClient> {
  if (run) run.errorContext = { action };
  const active = await services.connections.client();
  if (run) run.errorContext = errorContextFor(active, action);
  if (writes) assertWritable(active.connection, writes);
  return active;
}

/** The error context of a step on this client: the connection, whether it has a token, the operation. */
export function errorContextFor(active: ActiveClient, action: ErrorContext['action']): ErrorContext {
  return { connection: active.connection, hasToken: active.hasToken, action };
}
