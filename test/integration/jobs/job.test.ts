// A restore handed to DataHub's RestoreIndices job, inside VS Code against the
// sandbox, through the command's argument-object contract: the text and the
// arguments come back without an editor, the image tag follows the server's
// version, an interrupted run's resume point is handed over, and bad input is refused.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec, rejection } from '../support/core';
import type { JobResult } from '../../../src/jobs/manifest/restoreAsJob';
import { Commands } from '../../../src/shared/commandIds';

const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';
const ID = Commands.restoreIndicesAsJob;
const untitled = (): number => vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'untitled').length;

describe('restore as an upgrade job', () => {
  beforeEach(() => sandbox.reset());

  it("returns a Kubernetes Job on the server's version with exactly the chosen arguments, and restores nothing itself", async () => {
    await useSandboxConnection({ token: 'admin', viaFrontend: true });
    await sandbox.clearRequests();
    const before = untitled();
    const window = { gePitEpochMs: Date.UTC(2026, 0, 1), lePitEpochMs: Date.UTC(2026, 1, 1) };
    const result = await exec<JobResult>(ID, { urnLike: HIVE, aspect: 'schemaMetadata', ...window, batchSize: 500, format: 'kubernetes' });
    assert.deepEqual(result.args, [
      '-u',
      'RestoreIndices',
      '-a',
      `urnLike=${HIVE}`,
      '-a',
      'aspectName=schemaMetadata',
      '-a',
      `gePitEpochMs=${window.gePitEpochMs}`,
      '-a',
      `lePitEpochMs=${window.lePitEpochMs}`,
      '-a',
      'batchSize=500',
      '-a',
      'urnBasedPagination=true',
    ]);
    assert.equal(result.image, 'acryldata/datahub-upgrade:v1.0.0');
    assert.equal(result.language, 'yaml');
    assert.match(result.text, /^kind: Job$/m);
    assert.match(result.text, /image: "acryldata\/datahub-upgrade:v1\.0\.0"/);
    assert.ok(result.text.includes(`- "urnLike=${HIVE}"`), result.text);
    assert.equal(untitled(), before, 'no editor was opened');
    // The view may refresh the sizes after the connection switch; nothing else may go out.
    const requests = (await sandbox.requests()).filter((r) => r.action !== 'getIndexSizes');
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      ['GET /api/gms/config'],
    );
    assert.deepEqual(await sandbox.restoreCounts(), {});
    // The token never appears in what the user copies.
    assert.doesNotMatch(result.text, /sandbox-admin-token/);
  });

  it('says when the version cannot be read and leaves a marked tag to set', async () => {
    await useSandboxConnection({ token: 'admin', viaFrontend: true });
    await sandbox.control('POST', '/reported-version', { version: null });
    const result = await exec<JobResult>(ID, { urnLike: 'urn:li:%', format: 'docker' });
    assert.equal(result.version.ok, false);
    assert.equal(result.language, 'shellscript');
    assert.match(result.text, /could not be read \(.*reports no DataHub version\)/);
    assert.match(result.text, /\$\{DATAHUB_VERSION:\?set DATAHUB_VERSION/);
  });

  it('hands over the resume point of an interrupted restore', async () => {
    await useSandboxConnection({ token: 'admin', viaFrontend: true });
    await sandbox.addFault({
      fault: { kind: 'restliError', status: 500, message: 'java.lang.RuntimeException: database timeout' },
      action: 'restoreIndices',
      start: 30,
      times: 1,
    });
    const stopped = await rejection(exec(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, all: true }));
    assert.match(stopped.message, /Stopped at start=30/);
    const result = await exec<JobResult>(ID, { resumeSavedRun: true, format: 'args' });
    assert.deepEqual(result.args.slice(2), ['-a', `urnLike=${HIVE}`, '-a', 'batchSize=1000', '-a', 'urnBasedPagination=false', '-a', 'startingOffset=30']);
    assert.match(result.text, /^args:$/m);
    // Finish the run so no resume point is left for other suites.
    await exec(Commands.restoreIndicesByPattern, { resume: true });
  });

  it('refuses bad input with a message naming the field, before anything is read', async () => {
    await useSandboxConnection({ token: 'admin', viaFrontend: true });
    await sandbox.clearRequests();
    const format = await rejection(exec(ID, { urnLike: HIVE, format: 'helm' }));
    assert.match(format.message, /"format" must be one of 'kubernetes', 'docker', 'args'/);
    const clean = await rejection(exec(ID, { urnLike: HIVE, format: 'args', clean: true }));
    assert.match(clean.message, /clean wipes the whole search and graph indices/);
    const regex = await rejection(exec(ID, { urnLike: 'urn:li:dataset:.*', format: 'args' }));
    assert.match(regex.message, /SQL LIKE pattern/);
    const threads = await rejection(exec(ID, { urnLike: HIVE, format: 'args', numThreads: 4 }));
    assert.match(threads.message, /numThreads only with offset paging/);
    assert.deepEqual(await sandbox.requests(), [], 'nothing was sent');
  });
});
