// DataHub: Show Log — the "DataHub" log output channel.
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';

export function registerShowLog(services: Services) {
  return registerCommand(services, Commands.showLog, () => {
    services.log.show(true);
    return { message: 'Showed the DataHub log.' };
  });
}
