// Whether a follow-up a notification offered (Apply…, Resume, Restore…) may still run when clicked.
// Pure: src/platform/followUp.ts records the offer and reads the clock and the active connection.
import { urlOrigin } from './connections';

/** An offered follow-up stays good this long: after it, what it offered may no longer be what the server holds. */
export const FOLLOW_UP_TTL_MS = 10 * 60_000;

/** Where and when a follow-up was offered. */
export interface OfferedFollowUp {
  connection: string;
  gmsUrl: string;
  /** Date.now() (or the test clock) at offer time. */
  at: number;
}

/**
 * Why an offered follow-up must not run now, as the sentence the person is told (it names what to
 * do: `again`), or undefined when it may run: the active connection is still the one it was offered
 * for, with the same GMS URL, and at most FOLLOW_UP_TTL_MS passed.
 */
export function staleFollowUp(
  title: string,
  offered: OfferedFollowUp,
  active: { name: string; gmsUrl: string } | undefined,
  now: number,
  again: string,
): string | undefined {
  const label = title.replace(/…$/, '');
  if (!active || active.name !== offered.connection) {
    const other = active ? `the active connection is now "${active.name}"` : 'no connection is active now';
    return `${label} was offered for "${offered.connection}"; ${other}. Nothing was run. ${again} on the connection you mean.`;
  }
  if (active.gmsUrl !== offered.gmsUrl) {
    return `${label} was offered for "${offered.connection}"; its GMS URL changed since (now ${urlOrigin(active.gmsUrl)}). Nothing was run. ${again}.`;
  }
  const minutes = Math.floor((now - offered.at) / 60_000);
  const ttlMinutes = FOLLOW_UP_TTL_MS / 60_000;
  if (now - offered.at > FOLLOW_UP_TTL_MS || now < offered.at) {
    return `${label} was offered ${minutes > ttlMinutes ? `${minutes} minutes` : `more than ${ttlMinutes} minutes`} ago (follow-ups are good for ${ttlMinutes} minutes); what it offered may be out of date. Nothing was run. ${again}.`;
  }
  return undefined;
}
