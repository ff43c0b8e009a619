// The clock the write discipline reads: a plan's age when it is applied (writePlan.ts) and an offered
// follow-up's age when it is clicked (followUp.ts). Date.now(), except where a test shifts it to age a
// plan or an offer without waiting (the test API's writeClock.shift; never set in a Production host).

let shiftMs = 0;

/** Test seam: every age the write discipline reads grows by `ms` (0: the real clock). */
export function shiftWriteClock(ms: number): void {
  shiftMs = ms;
}

/** Now, in epoch ms, as the write discipline reads it. */
export function writeClockNow(): number {
  return Date.now() + shiftMs;
}
