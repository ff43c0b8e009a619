// Reset Consumer Offsets, built as the replay of failed writes is (replayFlow.ts): the dry run first, its
// figures (partition, from, to, change) in the confirmation (the connection's name typed on production),
// then exactly those partitions to exactly those offsets; read-only refused before any request; only
// DataHub's own groups and topic aliases. Kafka: KafkaController.java resetConsumerGroupOffsets (a dry run
// the server computes; an active group is refused by Kafka, a 400: told to stop its consumer first, and
// found before anything real is sent from the group's members). The Postgres queue:
// PgQueueMessagingOperationsController.java has no dry run: the lag endpoint's stuck-ahead partitions
// (PgQueueConsumerLagPort.java: committed offset, how far past the log's end) are the figures, and each
// is reset to the log's end on its own (onlyStuckAhead). Under the write discipline (src/shared/writePlan.ts):
// the dry run is the plan (its origin checked again after the confirmation), one reset of a group's topic
// at a time (applyLock.ts), and each partition's committed offset read again right before it is moved: a
// partition whose offset moved since the dry run is left out, counted and named.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { activeClient } from '../platform/activeClient';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { uiLine, uiText } from '../shared/uiText';
import type { Outcome } from '../shared/outcome';
import { isGmsError, isNotOffered } from '../gms/errors';
import type { PartitionReset } from '../gms/types';
import { resetConsumerOffsetsArgs } from './logic/args';
import { movedSinceDryRun, resolveTopic, resetTable, type ResetTarget, type ResolvedTopic } from './logic/resetPlan';
import type * as z from '../shared/zod';

type ResetArgs = z.output<typeof resetConsumerOffsetsArgs>;
import { pickResetTarget } from './resetPick';
import { LeftOutTally, planOrigin, type PlanRefusal } from '../shared/writePlan';
import { withApplyLock } from '../shared/applyLock';
import { checkPlanNow, planLockDir, planLockId } from '../platform/planApply';
import type { DoctorStore } from './doctorStore';

export interface ResetConsumerOffsetsResult extends Outcome {
  connection: string;
  transport: 'kafka' | 'pgqueue';
  group: string;
  topic: string;
  /** Kafka: the server's dry run; the Postgres queue: its lag endpoint's stuck-ahead partitions. */
  dryRun: { partitionResets: PartitionReset[] };
  /** What the server reset for real. */
  applied?: { partitionResets: PartitionReset[] };
  /** Partitions left out by the read right before each was moved (their offset moved since the dry run): per reason, a count and the first ones. */
  leftOut?: Array<{ why: string; count: number; sample: string[] }>;
  /** busy: another reset of this group's topic runs; stale, otherConnection, otherServer, unreadable: the dry run may no longer be applied (run it again). */
  notDone?: { reason: 'declined' | 'dryRunOnly' | 'nothingToReset' | 'active' | 'busy' | PlanRefusal['reason'] } | { reason: 'stopped'; message: string };
}

const ACTIVE = /member|active|not empty|rebalanc/i;

async function transportOf(active: ActiveClient, signal: AbortSignal): Promise<'kafka' | 'pgqueue'> {
  try {
    return (await active.client.messaging.transport(signal)).transport === 'pgqueue' ? 'pgqueue' : 'kafka';
  } catch (error) {
    if (isNotOffered(error)) return 'kafka';
    throw error;
  }
}

/** The Kafka group's members now, or undefined when the server cannot say (its 400 will, then). */
async function membersOf(active: ActiveClient, group: string, signal: AbortSignal): Promise<{ members: number; state: string } | undefined> {
  try {
    const d = await active.client.doctor.consumerGroup(group, signal);
    return { members: d.memberCount, state: uiLine(d.state, 40) };
  } catch {
    return undefined;
  }
}

export async function resetConsumerOffsets(
  services: Services,
  store: DoctorStore,
  arg: unknown,
  run: CommandRun,
  preset?: ResetTarget,
): Promise<ResetConsumerOffsetsResult | undefined> {
  const args = parseArgs(Commands.resetConsumerOffsets, resetConsumerOffsetsArgs, arg ?? {});
  // Read-only refused here, before any prompt or request: the dry run too (a server that ignores dryRun moves them).
  const active = await activeClient(services, run, { action: 'resetKafkaOffsets', writes: 'Reset Consumer Offsets (its dry run too)' });
  store.forConnection(active.connection.name);
  const name = active.connection.name;
  const signal = store.signal();
  const transport = await transportOf(active, signal);
  const target =
    preset ?? (args.group && args.topic ? { group: args.group, topic: args.topic } : run.mode === 'ui' ? await pickResetTarget(transport) : undefined);
  if (!target) {
    if (run.mode === 'ui') return undefined;
    throw new Error(`${Commands.resetConsumerOffsets}: "group" and "topic" are needed. Nothing was sent.`);
  }
  const topic = resolveTopic(target.topic, transport);
  if (transport === 'pgqueue' && args.strategy !== undefined)
    throw new Error('On the Postgres queue only stuck-ahead partitions are moved, to the log\'s end: leave "strategy" out. Nothing was sent.');
  const strategy = args.strategy ?? (transport === 'kafka' ? target.strategy : undefined);
  if (transport === 'kafka' && strategy === undefined)
    throw new Error(`${Commands.resetConsumerOffsets}: "strategy" is needed on Kafka (earliest, latest, to-offset, shift-by). Nothing was sent.`);
  const base = { connection: name, transport, group: target.group, topic: topic.shown };
  // One reset of this group's topic at a time, in any window: a second sends nothing, not even its dry run.
  const locked = await withApplyLock(
    planLockDir(services),
    planLockId('offsetReset', name, active.connection.gmsUrl, target.group, topic.name),
    `the reset of ${target.group}'s offsets on ${topic.shown}`,
    () => resetLocked(services, active, run, args, { ...target, strategy }, topic, transport, base, signal),
  );
  if (!locked.ran) return { ...base, message: locked.message, dryRun: { partitionResets: [] }, notDone: { reason: 'busy' } };
  return locked.value;
}

type Base = Pick<ResetConsumerOffsetsResult, 'connection' | 'transport' | 'group' | 'topic'>;

async function resetLocked(
  services: Services,
  active: ActiveClient,
  run: CommandRun,
  args: ResetArgs,
  target: ResetTarget,
  topic: ResolvedTopic,
  transport: 'kafka' | 'pgqueue',
  base: Base,
  signal: AbortSignal,
): Promise<ResetConsumerOffsetsResult> {
  const name = active.connection.name;
  const strategy = target.strategy;
  // A dry run alone, asked for by a link or a program: through the gate first (it is a POST on Kafka).
  if (args.dryRunOnly && run.mode !== 'ui') {
    const go = await confirmDestructive(run, {
      apiClass: 'consumerOffsets',
      message: `Send the server a dry run of resetting ${target.group}'s offsets on ${topic.shown} ("${name}")?`,
      detail: `Nothing is moved by a server that honours dryRun.${askedByProgram(run)}`,
      go: 'Dry Run',
    });
    if (go !== 'Dry Run')
      return {
        ...base,
        message: 'No dry run: the confirmation was dismissed; nothing was sent.',
        dryRun: { partitionResets: [] },
        notDone: { reason: 'declined' },
      };
  }

  // The figures: Kafka's own dry run, or the queue's stuck-ahead partitions from its lag endpoint.
  const origin = planOrigin('offsetReset', active.connection, Date.now());
  let planned: PartitionReset[];
  if (transport === 'kafka') {
    const dry = await active.client.messaging.resetKafkaOffsets(
      { groupId: target.group, topic: topic.alias, strategy: strategy!, value: args.value, partitions: args.partitions, dryRun: true },
      signal,
    );
    if (!dry.dryRun) throw new Error('The server answered the dry run as a real reset; nothing more was sent. Look at the consumer group before going on.');
    planned = dry.partitionResets.filter((p) => args.partitions === undefined || args.partitions.includes(p.partition));
  } else {
    const lag = await active.client.getConsumerLag(topic.consumer, signal);
    const t = lag.topics.find((x) => x.group === target.group && x.topic === topic.name);
    planned = (t?.stuck?.partitions ?? [])
      .map(Number)
      .filter((p) => Number.isInteger(p) && (args.partitions === undefined || args.partitions.includes(p)))
      .map((p) => {
        const from = t?.offsets?.[String(p)] ?? 0;
        const to = from - (t?.stuck?.ahead[String(p)] ?? 0);
        return { partition: p, from, to, change: to - from };
      });
  }
  const dryRun = { partitionResets: planned };
  run.noteDryRun({ partitions: planned.length, offsetChange: planned.reduce((sum, p) => sum + p.change, 0) });
  const table = resetTable(planned);
  if (planned.length === 0)
    return {
      ...base,
      message: `Nothing to reset: ${transport === 'pgqueue' ? 'no partition of it is stuck ahead' : 'the dry run lists no partition'}.`,
      dryRun,
      notDone: { reason: 'nothingToReset' },
    };
  if (args.dryRunOnly) return { ...base, message: `Dry run of the reset: ${table}; nothing was moved.`, dryRun, notDone: { reason: 'dryRunOnly' } };
  if (transport === 'kafka') {
    const now = await membersOf(active, target.group, signal);
    if (now && now.members > 0)
      return {
        ...base,
        message: `${target.group} is active (${now.state}, ${now.members} member(s)): Kafka refuses to move the offsets of a group with members. Stop its consumer first, then reset. Only the dry run was sent.`,
        dryRun,
        notDone: { reason: 'active' },
      };
  }
  const go = await confirmDestructive(run, {
    apiClass: 'consumerOffsets',
    message: `Reset ${target.group}'s offsets on ${topic.shown} ("${name}")?`,
    detail: uiText(
      [
        `${transport === 'kafka' ? "The server's dry run" : "The stuck-ahead partitions the server reports (the Postgres queue has no dry run; each goes to its log's end)"}: ${table}.`,
        transport === 'pgqueue'
          ? "Each goes back to its log's end: nothing there was consumed, and new messages are consumed again from there."
          : planned.some((p) => p.change > 0)
            ? 'Moving forward skips the messages in between: they are never consumed.'
            : planned.some((p) => p.change < 0)
              ? 'Moving back consumes the messages in between again.'
              : 'No partition moves.',
        `Exactly these partitions are moved, to exactly these offsets.${askedByProgram(run)}`,
      ].join('\n'),
      3500,
    ),
    go: 'Reset Offsets',
    typed: {
      connection: active.connection,
      action: 'Reset Consumer Offsets',
      expected: name,
      consequence: `${planned.length} partition(s) of ${target.group} are moved.`,
    },
  });
  if (go !== 'Reset Offsets')
    return { ...base, message: 'Not reset: the confirmation was dismissed; only the dry run was sent.', dryRun, notDone: { reason: 'declined' } };
  // The confirmation may have waited: the dry run is checked again (its age, the connection's address now).
  const late = checkPlanNow(services, origin, 'offsetReset', name, 'the dry run of this reset');
  if (late)
    return {
      ...base,
      message: late.message.replace(/Plan again on "([^"]*)"; nothing was sent\.$/, 'Reset again on "$1"; only the dry run was sent.'),
      dryRun,
      notDone: { reason: late.reason },
    };

  const applied: PartitionReset[] = [];
  const tally = new LeftOutTally();
  // The queue's committed offsets read again, once, right before its partitions are moved.
  const queueNow = transport === 'pgqueue' ? await queueOffsets(active, topic, target.group, signal) : undefined;
  const work = async (s: AbortSignal, say: (m: string) => void): Promise<string | undefined> => {
    for (const p of planned) {
      if (s.aborted) return 'cancelled';
      say(`partition ${p.partition}`);
      // Kafka: this partition's committed offset read again (a dry run to the same offset), right before it is moved.
      const now = transport === 'kafka' ? await kafkaFrom(active, target.group, topic.alias, p, s) : queueNow?.get(p.partition);
      const moved = movedSinceDryRun(p, now);
      if (moved) {
        tally.add([moved]);
        continue;
      }
      try {
        const got =
          transport === 'kafka'
            ? await active.client.messaging.resetKafkaOffsets(
                { groupId: target.group, topic: topic.alias, strategy: 'to-offset', value: String(p.to), partitions: [p.partition], dryRun: false },
                s,
              )
            : await active.client.messaging.resetQueueOffsets({ consumerGroup: target.group, topicName: topic.name, partitionId: p.partition }, s);
        const wrong = got.dryRun || got.partitionResets.some((r) => r.partition !== p.partition);
        if (wrong) return `the server answered for other partitions than ${p.partition} (or a dry run); nothing more was sent`;
        applied.push(...got.partitionResets);
      } catch (error) {
        if (transport === 'kafka' && isGmsError(error) && error.status === 400 && ACTIVE.test(error.message))
          return `Kafka refused: the group has members (it is active): stop its consumer first, then reset (${uiLine(error.message, 200)})`;
        throw error;
      }
    }
    return undefined;
  };
  const interactive = run.mode !== 'api';
  const progress = interactive ? { location: vscode.ProgressLocation.Notification, title: `Resetting ${target.group}'s offsets on ${name}` } : undefined;
  const stopped = await safeWindow.runCancellable(progress, signal, work);
  const done = `Reset ${applied.length} of ${planned.length} partition(s) of ${target.group} on ${topic.shown}: ${resetTable(applied) || 'none'}`;
  const left = tally.count ? ` ${tally.sentence('partition')}` : '';
  const message = `${stopped ? `${done}; stopped: ${stopped}.` : `${done}.`}${left}`;
  services.log.info(message);
  if (interactive) void (stopped ? safeWindow.showWarningMessage : safeWindow.showInformationMessage)(message);
  return {
    ...base,
    message,
    dryRun,
    applied: { partitionResets: applied },
    ...(tally.count ? { leftOut: tally.toJSON() } : {}),
    ...(stopped ? { notDone: { reason: 'stopped' as const, message: stopped } } : {}),
  };
}

/** A Kafka partition's committed offset now: the server's own dry run to the planned offset, for that partition alone. */
async function kafkaFrom(active: ActiveClient, group: string, alias: string, p: PartitionReset, signal: AbortSignal): Promise<number | undefined> {
  const again = await active.client.messaging.resetKafkaOffsets(
    { groupId: group, topic: alias, strategy: 'to-offset', value: String(p.to), partitions: [p.partition], dryRun: true },
    signal,
  );
  if (!again.dryRun) throw new Error('The server answered the dry run as a real reset; nothing more was sent. Look at the consumer group before going on.');
  return again.partitionResets.find((r) => r.partition === p.partition)?.from;
}

/** The queue's committed offsets of the group's stuck-ahead partitions now (a partition no longer stuck is absent). */
async function queueOffsets(active: ActiveClient, topic: ResolvedTopic, group: string, signal: AbortSignal): Promise<Map<number, number>> {
  const lag = await active.client.getConsumerLag(topic.consumer, signal);
  const t = lag.topics.find((x) => x.group === group && x.topic === topic.name);
  const stuck = new Set((t?.stuck?.partitions ?? []).map(Number));
  return new Map([...stuck].filter((p) => Number.isInteger(p)).map((p) => [p, t?.offsets?.[String(p)] ?? 0]));
}
