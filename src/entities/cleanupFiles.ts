// Where an entity cleanup keeps its plan between the dry run, the apply and a resume, under the extension's
// global storage (cleanup/): <id>.json the plan (connection, GMS URL, query, figures), <id>.urns the planned
// URNs one a line (the only URNs an apply may delete), <id>.done each settled URN ("ok\t<urn>",
// "failed\t<urn>\t<reason>", or "left\t<urn>\t<why>": left out by the re-read before its batch), appended as
// it settles; <id>.lock while an apply holds the plan (src/shared/applyLock.ts). One plan per connection and
// query: an apply resumes one of its own that was stopped, after checking where and when it was made (its
// origin: a plan made against another server under the same name is refused, not resumed); a new dry run
// replaces the plan and its progress (what was deleted is no longer listed, so nothing is sent twice). Files
// are written through unique temporary names, so two windows never share one. Node's fs only: no vscode.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import type { CleanupQuery, PlanFigures } from './logic/cleanupPlan';
import type { PlanOrigin } from '../shared/writePlan';
import { uniqueTempPath, writeFileAtomic } from '../shared/applyLock';

export interface StoredPlan {
  id: string;
  connection: string;
  gmsUrl: string;
  query: CleanupQuery;
  figures: PlanFigures;
  createdAt: number;
  /** Where and when the plan read what it relies on (planOrigin('entityCleanup', …)); checked before an apply resumes it. */
  origin?: PlanOrigin;
  /** Set when an apply started; `finished` when every URN settled. */
  applying?: boolean;
  finished?: boolean;
}

export interface Settled {
  ok: Set<string>;
  failed: Map<string, string>;
  /** Left out by an earlier apply's re-read (never sent), with why. */
  left: Map<string, string>;
}

export class CleanupFiles {
  constructor(readonly dir: string) {}

  /** The plan of one connection and query. Not the server: a plan made against another server is found, and refused. */
  idOf(connection: string, query: CleanupQuery): string {
    const key = JSON.stringify([connection, query.entityType, query.kind, query.keepLastPerJob ?? null, query.olderThanDays ?? null]);
    return createHash('sha256').update(key).digest('hex').slice(0, 20);
  }

  private file(id: string, ext: 'json' | 'urns' | 'done'): string {
    return path.join(this.dir, `${id}.${ext}`);
  }

  /** A sink for the planned URNs: add() buffers, flush() writes what was added (awaited per page). */
  async writer(id: string): Promise<{ add(urn: string): void; flush(): Promise<void>; commit(): Promise<void>; discard(): Promise<void> }> {
    await fs.mkdir(this.dir, { recursive: true });
    const tmp = uniqueTempPath(this.file(id, 'urns'));
    const out = createWriteStream(tmp, { encoding: 'utf8' });
    let lines: string[] = [];
    const flush = async () => {
      if (lines.length === 0) return;
      const chunk = `${lines.join('\n')}\n`;
      lines = [];
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    };
    const close = () => new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return {
      add: (urn) => void lines.push(urn),
      flush,
      commit: async () => {
        await flush();
        await close();
        await fs.rename(tmp, this.file(id, 'urns'));
        await fs.rm(this.file(id, 'done'), { force: true });
      },
      discard: async () => {
        await close().catch(() => undefined);
        await fs.rm(tmp, { force: true });
      },
    };
  }

  async save(plan: StoredPlan): Promise<void> {
    await writeFileAtomic(this.file(plan.id, 'json'), JSON.stringify(plan));
  }

  async load(id: string): Promise<StoredPlan | undefined> {
    try {
      const plan = JSON.parse(await fs.readFile(this.file(id, 'json'), 'utf8')) as StoredPlan;
      await fs.access(this.file(id, 'urns'));
      return plan.id === id ? plan : undefined;
    } catch {
      return undefined;
    }
  }

  /** The planned URNs, in order, one at a time. */
  async *urns(id: string): AsyncGenerator<string> {
    const lines = createInterface({ input: createReadStream(this.file(id, 'urns'), { encoding: 'utf8' }), crlfDelay: Infinity });
    try {
      for await (const line of lines) if (line !== '') yield line;
    } finally {
      lines.close();
    }
  }

  /** What earlier applies of this plan settled (the last word on each URN counts). */
  async settled(id: string): Promise<Settled> {
    const ok = new Set<string>();
    const failed = new Map<string, string>();
    const left = new Map<string, string>();
    const text = await fs.readFile(this.file(id, 'done'), 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      const [state, urn, reason] = line.split('\t');
      if (!urn) continue;
      if (state === 'ok') {
        ok.add(urn);
        failed.delete(urn);
      } else if (state === 'failed' && !ok.has(urn)) failed.set(urn, reason ?? '');
      else if (state === 'left' && !ok.has(urn)) {
        failed.delete(urn);
        left.set(urn, reason ?? '');
      }
    }
    return { ok, failed, left };
  }

  async record(id: string, lines: string[]): Promise<void> {
    if (lines.length > 0) await fs.appendFile(this.file(id, 'done'), `${lines.join('\n')}\n`, 'utf8');
  }
}
