// The one way a notification offers a further write step (Apply…, Resume, Restore Indices, the fix):
// the offer is bound to the connection it was made for and lasts FOLLOW_UP_TTL_MS. A click after the
// person switched connection, or after the connection's URL changed, or too late, runs nothing and
// says why and what to do (src/shared/followUp.ts decides).
import * as safeWindow from './safeWindow';
import type { Services } from './services';
import { staleFollowUp, type OfferedFollowUp } from '../shared/followUp';
import { writeClockNow } from '../shared/writeClock';

export { FOLLOW_UP_TTL_MS } from '../shared/followUp';

// Offers are made and clicked on the write discipline's clock (a test ages an offer by shifting it).
const now = writeClockNow;

export interface FollowUpOffer {
  /**
   * Runs `act` for the button `title` when the offer still holds; otherwise runs nothing and shows
   * why (a warning naming the connection, or the age). Resolves true when it ran.
   */
  run(title: string, act: () => unknown): Promise<boolean>;
}

/**
 * Records an offer made now for `connection`; `again` is what the person should do when it no
 * longer holds ("Plan the cleanup again"). Make it when the notification is shown, not when clicked.
 */
export function offerFollowUp(services: Services, connection: { name: string; gmsUrl: string }, again: string): FollowUpOffer {
  const offered: OfferedFollowUp = { connection: connection.name, gmsUrl: connection.gmsUrl, at: now() };
  return {
    async run(title, act) {
      const why = staleFollowUp(title, offered, services.connections.active(), now(), again);
      if (why) {
        services.log.info(`Follow-up not run: ${why}`);
        void safeWindow.showWarningMessage(why);
        return false;
      }
      await act();
      return true;
    },
  };
}
