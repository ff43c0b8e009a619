// The argument objects of the DataHub Doctor's commands, one schema each: the handler parses through
// it, the typed API takes its parameter type from it and docs/api.md its table. Pure: no vscode import.
import { describe, flag, listOf, oneOf, optionalTrimmed, text, wholeNumber } from '../../shared/args';
import { DATAHUB_CONSUMER_GROUPS, RESET_STRATEGIES } from '../../gms/messagingTypes';
import * as z from '../../shared/zod';
import { REPLAY_CHOSEN_MAX } from './failedWrites';
import { COMPARE_SECTIONS } from './compare';

const NOTHING_SENT = 'Nothing was sent.';

export const diagnoseArgs = z.object({
  timeoutSeconds: describe(
    z.optional(wholeNumber(`"timeoutSeconds" must be a whole number of seconds from 1 to 120. ${NOTHING_SENT}`, 1, 120)),
    'How long each endpoint may take before its line reads "no answer" (default 10); the endpoints are read at once.',
  ),
});

const timeoutSeconds = describe(
  z.optional(wholeNumber(`"timeoutSeconds" must be a whole number of seconds from 1 to 120. ${NOTHING_SENT}`, 1, 120)),
  'How long each endpoint of each connection may take before it reads "no answer" (default 10).',
);

export const diagnoseAllArgs = z.object({
  connections: describe(
    z.optional(
      listOf(text(`"connections" must be a list of connection names. ${NOTHING_SENT}`), `"connections" must be a list of connection names. ${NOTHING_SENT}`),
    ),
    'The connections to read, by name (default: every connection).',
  ),
  timeoutSeconds,
});

export const compareConnectionsArgs = z.object({
  left: describe(optionalTrimmed(`"left" must be a connection name. ${NOTHING_SENT}`), 'One connection, by name (in the palette: picked).'),
  right: describe(optionalTrimmed(`"right" must be a connection name. ${NOTHING_SENT}`), 'The other connection, by name (in the palette: picked).'),
  sections: describe(
    z.optional(
      listOf(
        oneOf(COMPARE_SECTIONS, `each of "sections" must be one of ${COMPARE_SECTIONS.join(', ')}. ${NOTHING_SENT}`),
        `"sections" must be a list of ${COMPARE_SECTIONS.join(', ')}. ${NOTHING_SENT}`,
      ),
    ),
    `The sections to compare (default all: ${COMPARE_SECTIONS.join(', ')}).`,
  ),
  timeoutSeconds,
});

export const browseFailedWritesArgs = z.object({
  more: describe(flag(), 'Read the next pages after the ones already listed (default: start again from the first offset).'),
  partition: describe(z.optional(wholeNumber(`"partition" must be a whole number from 0. ${NOTHING_SENT}`, 0)), 'The partition to read (default 0).'),
  offset: describe(
    z.optional(wholeNumber(`"offset" must be a whole number from 0. ${NOTHING_SENT}`, 0)),
    'The first offset to read (default 0: the oldest kept).',
  ),
});

const position = z.object({
  partition: wholeNumber(`"partition" must be a whole number from 0. ${NOTHING_SENT}`, 0),
  offset: wholeNumber(`"offset" must be a whole number from 0. ${NOTHING_SENT}`, 0),
});

export const openFailedWriteArgs = z.object({
  partition: describe(wholeNumber(`"partition" must be a whole number from 0. ${NOTHING_SENT}`, 0), 'The partition of a failed write on the list.'),
  offset: describe(wholeNumber(`"offset" must be a whole number from 0. ${NOTHING_SENT}`, 0), 'Its offset.'),
});

export const replayFailedWritesArgs = z.object({
  messages: describe(
    z.optional(listOf(position, `"messages" must be a list of { partition, offset } of failed writes on the list. ${NOTHING_SENT}`)),
    `The failed writes to replay (at most ${REPLAY_CHOSEN_MAX}), each one on the list browseFailedWrites read; left out in the palette, a pick from the list.`,
  ),
  dryRunOnly: describe(flag(), "Only the server's dry run: what a replay would do, nothing re-published."),
});

export const checkEndToEndArgs = z.object({
  waitSeconds: describe(
    z.optional(wholeNumber(`"waitSeconds" must be a whole number of seconds from 5 to 900. ${NOTHING_SENT}`, 5, 900)),
    'How long to follow the canary before saying where it stopped (default 120).',
  ),
});

const GROUPS_TEXT = DATAHUB_CONSUMER_GROUPS.join(', ');

export const resetConsumerOffsetsArgs = z.object({
  group: describe(
    z.optional(oneOf(DATAHUB_CONSUMER_GROUPS, `"group" must be one of DataHub's consumer groups: ${GROUPS_TEXT}. ${NOTHING_SENT}`)),
    "One of DataHub's consumer groups (e.g. generic-mae-consumer-job-client); left out in the palette, a pick.",
  ),
  topic: describe(
    z.optional(z.string()),
    "DataHub's topic alias (mcp, mcl-versioned, mcl-timeseries, platform-event, upgrade-history, mcp-failed) or the topic's name.",
  ),
  strategy: describe(
    z.optional(oneOf(RESET_STRATEGIES, `"strategy" must be one of ${RESET_STRATEGIES.join(', ')}. ${NOTHING_SENT}`)),
    'Kafka: earliest, latest, to-offset or shift-by (with value). Left out on the Postgres queue, which moves stuck-ahead partitions to the end.',
  ),
  value: describe(z.optional(z.string()), 'The offset (to-offset) or the signed shift, e.g. "-100" (shift-by).'),
  partitions: describe(
    z.optional(
      listOf(
        wholeNumber(`"partitions" must be partition numbers from 0. ${NOTHING_SENT}`, 0, 100_000),
        `"partitions" must be a list of partition numbers. ${NOTHING_SENT}`,
      ),
    ),
    'Only these partitions (default: every partition the dry run lists).',
  ),
  dryRunOnly: describe(flag(), 'Only the dry run: what a reset would do, nothing moved.'),
});

/** Compare Connections' refusals of its two sides (before anything is read). */
export function compareArgsError(kind: 'needsBoth' | 'same'): string {
  return kind === 'needsBoth'
    ? `datahub.compareConnections: the argument object needs "left" and "right", two connection names. ${NOTHING_SENT}`
    : `datahub.compareConnections: "left" and "right" name the same connection; compare two different ones. ${NOTHING_SENT}`;
}
