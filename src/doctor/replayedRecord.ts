// The offsets of mcp-failed a real replay from this profile re-published, per connection and server: a
// small file in global storage (every window of the profile reads it), written through a unique temporary
// file, read back entry by entry (./logic/replayRecheck.ts parseReplayed). A replay reads it under its
// apply lock, so two windows never replay one failed write of one list twice.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Services } from '../platform/services';
import { planLockDir, planLockId } from '../platform/planApply';
import { writeFileAtomic } from '../shared/applyLock';
import { FRESHNESS_MS } from '../shared/writePlan';
import { parseReplayed, replayedSince, replayedText, type ReplayedEntry } from './logic/replayRecheck';

export class ReplayedRecord {
  private readonly file: string;

  constructor(
    services: Services,
    connection: string,
    private readonly gmsOrigin: string,
  ) {
    this.file = path.join(planLockDir(services), '..', 'doctor', `${planLockId('replay', connection, gmsOrigin)}.replayed.json`);
  }

  private async entries(now: number): Promise<ReplayedEntry[]> {
    const text = await fs.readFile(this.file, 'utf8').catch(() => '');
    // Entries older than a list may be kept are of no use: dropped on the next write.
    return parseReplayed(text, this.gmsOrigin, now - FRESHNESS_MS.replay);
  }

  /** The positions replayed since a list read at `listReadAt`. */
  async since(listReadAt: number, now = Date.now()): Promise<Set<string>> {
    return replayedSince(await this.entries(now), listReadAt);
  }

  async add(positions: readonly string[], now = Date.now()): Promise<void> {
    if (positions.length === 0) return;
    await writeFileAtomic(this.file, replayedText(await this.entries(now), positions, now, this.gmsOrigin));
  }
}
