// DataHub: Clear Access Token — deletes the connection's token from SecretStorage.
// Programmatic: { connection? } -> { connection, message }. Through a command id, or the
// typed API outside a Test / Development host (unless the person allowed unconfirmed
// calls), it asks first like the other writes: clearing and then setting a token is a swap.
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { confirmStep, registerCommand } from '../platform/commandRunner';
import { askedByProgram } from '../platform/confirmGate';
import { urlOrigin } from '../shared/connections';
import { parseArgs } from '../shared/args';
import { connectionArgs } from './logic/args';
import { targetConnection } from '../platform/target';
import { Commands } from '../shared/commandIds';

export function registerClearAccessToken(services: Services) {
  return registerCommand(services, Commands.clearAccessToken, async (arg, run) => {
    const connection = targetConnection(services, parseArgs(Commands.clearAccessToken, connectionArgs, arg), run);
    if (run.mode !== 'ui' && (await services.connections.getToken(connection))) {
      const detail = `The token stored for "${connection.name}" (${urlOrigin(connection.gmsUrl)}) is deleted; requests then go without one until a token is set.${askedByProgram(run)}`;
      if (!(await confirmStep(run, `Clear the access token of "${connection.name}"?`, detail, 'Clear Token', 'localChanges'))) return undefined;
    }
    await services.connections.clearToken(connection);
    const message = `Access token cleared for "${connection.name}".`;
    if (run.mode === 'ui') void safeWindow.showInformationMessage(message);
    return { message, connection: connection.name };
  });
}
