// The argument objects of the ingestion commands, one schema each: the handler parses through it, the typed API
// takes its parameter type from it and docs/api.md its table. Pure: no vscode import.
import * as z from '../../shared/zod';
import { describe, flag, text, wholeNumber } from '../../shared/args';

const NOTHING_SENT = 'Nothing was sent.';
const REQUEST_URN = /^urn:li:dataHubExecutionRequest:.+$/;
const SOURCE_URN = /^urn:li:dataHubIngestionSource:.+$/;

const requestUrn = describe(
  text(`the argument object needs "executionRequestUrn", an execution request's URN (urn:li:dataHubExecutionRequest:<id>). ${NOTHING_SENT}`).check(
    z.regex(REQUEST_URN, { error: `"executionRequestUrn" must be an execution request's URN, urn:li:dataHubExecutionRequest:<id>. ${NOTHING_SENT}` }),
  ),
  "The run's execution request URN (urn:li:dataHubExecutionRequest:<id>), as listIngestionRuns names it.",
);

export const listIngestionRunsArgs = z.object({
  hours: describe(
    z.optional(wholeNumber(() => `"hours" must be a whole number of hours from 1 to 720. ${NOTHING_SENT}`, 1, 720)),
    'The window of runs listed, in hours back from now (default 24). Runs still RUNNING or never started are listed whenever they were requested.',
  ),
  source: describe(
    z.optional(
      text(`"source" must be an ingestion source's URN, urn:li:dataHubIngestionSource:<id>. ${NOTHING_SENT}`).check(
        z.regex(SOURCE_URN, { error: `"source" must be an ingestion source's URN, urn:li:dataHubIngestionSource:<id>. ${NOTHING_SENT}` }),
      ),
    ),
    'Only this ingestion source (urn:li:dataHubIngestionSource:<id>); every source by default.',
  ),
});

export const cancelIngestionRunArgs = z.object({
  executionRequestUrn: requestUrn,
  waitSeconds: describe(
    z.optional(wholeNumber(() => `"waitSeconds" must be a whole number of seconds from 0 to 600. ${NOTHING_SENT}`, 0, 600)),
    'How long to follow the run after the cancel is sent, for CANCELLED (default 60; 0 only sends it).',
  ),
});

export const rollbackIngestionRunArgs = z.object({
  runId: describe(
    text(`the argument object needs "runId", the run id of an ingestion run (a UI run's execution request id). ${NOTHING_SENT}`).check(
      z.maxLength(500, { error: `"runId": at most 500 characters. ${NOTHING_SENT}` }),
    ),
    'The run id whose metadata is rolled back: for a run DataHub\'s UI started, its execution request id. "no-run-id-provided" (DataHub\'s reserved id) is refused.',
  ),
  dryRunOnly: describe(flag(), "Only DataHub's dry run: what would be reverted and the unsafe entities; nothing changes."),
});

export const showIngestionReportArgs = z.object({ executionRequestUrn: requestUrn });
