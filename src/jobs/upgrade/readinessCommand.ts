// Check Upgrade Readiness: before a system update, what decides its reindex and what could turn it
// into an outage, read from the server (reads only: a read-only connection may use it). The lines come
// from logic/upgrade/readiness.ts; shown as the estimate is (a notification and an output channel),
// kept for the DataHub Doctor as one fact pointing back here, and returned to the typed API.
import * as vscode from 'vscode';
import { isGmsError } from '../../gms/errors';
import type { GmsClient } from '../../gms/types';
import type { CommandRun } from '../../platform/commandRunner';
import { activeClient } from '../../platform/activeClient';
import * as safeWindow from '../../platform/safeWindow';
import type { Services } from '../../platform/services';
import { parseArgs } from '../../shared/args';
import { Commands } from '../../shared/commandIds';
import type { Outcome } from '../../shared/outcome';
import type { ConnectionFact, FactVerdict } from '../../shared/statusFact';
import { uiLine } from '../../shared/uiText';
import { checkUpgradeReadinessArgs } from '../logic/upgradeArgs';
import { incrementalIndices, incrementalUrns, upgradeVersion } from '../logic/upgrade/incremental';
import { readinessLines, readinessMessage, type Reading, type ReadinessLine } from '../logic/upgrade/readiness';
import type { UpgradeWatches } from './upgradeWatch';

export interface ReadinessResult extends Outcome {
  connection: string;
  /** Epoch ms of the reading. */
  at: number;
  /** One per fact: id, title, verdict, summary, figures, nextStep, the endpoint read. */
  lines: ReadinessLine[];
  counts: Record<FactVerdict, number>;
}

const words = (e: unknown): string => (e instanceof Error ? e.message : String(e));

async function reading<T>(p: Promise<T>): Promise<Reading<T>> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    const code = isGmsError(error) ? error.code : undefined;
    return { ok: false, why: words(error), notOffered: code === 'openapiMissing' || code === 'k8sMissing' || code === 'k8sUnavailable' };
  }
}

/** The last reindex's rate: seen in a watch here, else what DataHub recorded for the incremental reindex of this version. */
async function lastRate(client: GmsClient, watches: UpgradeWatches, revision: string): Promise<{ docsPerSecond: number; source: string } | undefined> {
  for (const job of watches.all().reverse()) {
    const seen = job.shownIndices().find((i) => i.docsPerSecond !== undefined && i.docsPerSecond > 0);
    if (seen?.docsPerSecond) return { docsPerSecond: seen.docsPerSecond, source: `seen reindexing ${seen.index} in ${job.name}` };
  }
  // The version: the one a watch here read from the step's log line, else GMS's own (GET /config) with the revision.
  let v = watches.all().find((j) => j.version !== undefined)?.version;
  if (v === undefined) {
    const reported = await client.getServerVersion();
    if (!reported.ok) return undefined;
    v = upgradeVersion(reported.version, revision);
  }
  const phase1 = await client.upgrade.upgradeResult(incrementalUrns(v).phase1).catch(() => undefined);
  let docs = 0;
  let ms = 0;
  for (const i of incrementalIndices(phase1, undefined)) {
    if (i.sourceDocCount && i.reindexStartTime && i.reindexCompleteTime && i.reindexCompleteTime > i.reindexStartTime) {
      docs += i.sourceDocCount;
      ms += i.reindexCompleteTime - i.reindexStartTime;
    }
  }
  return docs > 0 && ms > 0 ? { docsPerSecond: docs / (ms / 1000), source: `the incremental reindex DataHub recorded under ${v}` } : undefined;
}

const WORST: FactVerdict[] = ['failing', 'warning', 'unreadable', 'notOffered', 'ok'];

function reportText(connection: string, message: string, lines: readonly ReadinessLine[]): string {
  const tag: Record<FactVerdict, string> = { ok: 'OK', warning: 'WARNING', failing: 'FAILING', unreadable: 'NOT READ', notOffered: 'NOT OFFERED' };
  return [
    `Upgrade readiness of ${uiLine(connection, 200)}, ${new Date().toISOString()}`,
    message,
    '',
    // The worst first; each line's next step under it; what was read once at the end.
    ...[...lines]
      .sort((a, b) => WORST.indexOf(a.verdict) - WORST.indexOf(b.verdict))
      .flatMap((l) => [`[${tag[l.verdict]}] ${l.title}: ${l.summary}`, ...(l.nextStep ? [`    next: ${l.nextStep}`] : [])]),
    '',
    `Read from: ${[...new Set(lines.flatMap((l) => l.source.split(', ')))].join(', ')}`,
    '',
  ].join('\n');
}

/** The last check per connection, as the Doctor's fact. */
export function readinessFact(connection: string, last: ReadinessResult): ConnectionFact {
  const base = {
    id: 'upgradeReadiness',
    connection,
    title: 'Upgrade readiness',
    source: 'DataHub: Check Upgrade Readiness',
    nextCommand: Commands.checkUpgradeReadiness,
  };
  const verdict: FactVerdict = last.counts.failing ? 'failing' : last.counts.warning ? 'warning' : 'ok';
  return {
    ...base,
    verdict,
    summary: uiLine(last.message, 200),
    figures: { failing: last.counts.failing, warning: last.counts.warning, checkedAt: new Date(last.at).toISOString() },
    ...(verdict !== 'ok' ? { nextStep: "open the readiness report (Check Upgrade Readiness) and follow each line's next step" } : {}),
  };
}

export async function readinessCommand(
  services: Services,
  watches: UpgradeWatches,
  channel: vscode.OutputChannel,
  kept: Map<string, ReadinessResult>,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<ReadinessResult> {
  const parsed = parseArgs(Commands.checkUpgradeReadiness, checkUpgradeReadinessArgs, arg ?? {});
  const active = await activeClient(services, run, { action: 'upgradeProperties', writes: false });
  const client = active.client;
  const work = async () => {
    const [settings, counts, cluster, cronJobs] = await Promise.all([
      reading(client.upgrade.properties()),
      reading(client.upgrade.entityCounts()),
      reading(client.doctor.searchCluster()),
      reading(client.k8s.listAll('cronjobs')),
    ]);
    const dataNodes: Reading<number> = !cluster.ok
      ? cluster
      : cluster.value.dataNodes !== undefined
        ? { ok: true, value: cluster.value.dataNodes }
        : { ok: false, why: 'the search cluster did not say how many data nodes it has' };
    const rate =
      parsed.docsPerSecond !== undefined ? { docsPerSecond: parsed.docsPerSecond, source: 'given' } : await lastRate(client, watches, parsed.revision ?? '0');
    return readinessLines({ settings, counts, dataNodes, cronJobs, ...(rate ? { rate } : {}) });
  };
  const lines =
    run.mode === 'ui'
      ? await safeWindow.withProgress({ location: vscode.ProgressLocation.Notification, title: 'DataHub: Checking upgrade readiness…' }, work)
      : await work();
  const message = readinessMessage(active.connection.name, lines);
  const counts = { ok: 0, warning: 0, failing: 0, unreadable: 0, notOffered: 0 } as Record<FactVerdict, number>;
  for (const l of lines) counts[l.verdict]++;
  const result: ReadinessResult = { message, connection: active.connection.name, at: Date.now(), lines, counts };
  kept.set(active.connection.name, result);
  channel.replace(reportText(active.connection.name, message, lines));
  if (run.mode === 'ui') {
    const show = counts.failing || counts.warning ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
    void Promise.resolve(show(message, 'Show Details')).then((picked) => {
      if (picked === 'Show Details') channel.show(true);
    });
    channel.show(true);
  }
  return result;
}
