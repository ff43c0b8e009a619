// Which connection a command acts on: the one named in its argument, or the active one.
import type { Connection, Services } from './services';
import { ConnectionError, noConnectionError } from '../shared/connectionError';
import type { CommandRun } from './commandRunner';

/** The connection named in the (parsed) argument, or the active one. */
export function targetConnection(services: Services, arg: { connection?: string | null } | undefined, run?: CommandRun): Connection {
  const name = arg?.connection?.trim();
  const connection = name ? services.connections.get(name) : services.connections.active();
  if (!connection) {
    if (name) throw new ConnectionError('unknownConnection', `There is no connection named "${name}".`);
    throw noConnectionError();
  }
  if (run) run.errorContext = { ...run.errorContext, connection };
  return connection;
}
