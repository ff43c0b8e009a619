// The RestoreIndices job text: each format parses (YAML) or runs (sh) to exactly
// the arguments chosen, special characters survive quoting, and combinations
// DataHub's job would ignore or that would lose data are refused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { load } from 'js-yaml';
import { jobArgv, planProblem, type JobPlan } from '../../../src/jobs/logic/upgradeJob';
import { isBroadPattern } from '../../../src/restore/logic/urnPattern';
import { imageTagFor, renderJob, shellQuote, yamlQuote, type JobTarget } from '../../../src/jobs/logic/upgradeJobText';

const target: JobTarget = { connection: 'prod', gmsUrl: 'https://datahub.example.com/api/gms', version: { ok: true, version: 'v1.0.0' } };
const unread: JobTarget = { ...target, version: { ok: false, reason: 'https://datahub.example.com/api/gms/config answered 500' } };

function plan(over: Partial<JobPlan> = {}): JobPlan {
  return { urnLike: 'urn:li:dataset:%', batchSize: 1000, urnBasedPagination: true, clean: false, ...over };
}

// Quotes, $, backticks, backslash, #, YAML indicators and a newline-free unicode tail: all legal in a LIKE pattern.
const NASTY = `urn:li:dataset:(urn:li:dataPlatform:hive,db.it's "x" $(rm -rf ~) \`id\` \\ # &a *b: [c] {d} | > %,PROD)é`;

interface K8sJob {
  apiVersion: string;
  kind: string;
  spec: { backoffLimit: number; template: { spec: { restartPolicy: string; containers: Array<{ image: string; args: string[]; envFrom: unknown[] }> } } };
}

/** Runs the generated docker command with `docker` replaced by a function printing its arguments, one per line. */
function dockerArgs(text: string): string[] {
  const script = `docker() { for a in "$@"; do printf '%s\\n' "$a"; done; }\n${text}`;
  return execFileSync('sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } })
    .split('\n')
    .slice(0, -1);
}

describe('RestoreIndices job arguments', () => {
  it("names every argument as DataHub's job reads it, in a stable order", () => {
    const argv = jobArgv(plan({ aspect: 'schemaMetadata', window: { gePitEpochMs: 1_700_000_000_000, lePitEpochMs: 1_700_086_400_000 }, batchDelayMs: 100 }));
    assert.deepEqual(argv, [
      '-u',
      'RestoreIndices',
      '-a',
      'urnLike=urn:li:dataset:%',
      '-a',
      'aspectName=schemaMetadata',
      '-a',
      'gePitEpochMs=1700000000000',
      '-a',
      'lePitEpochMs=1700086400000',
      '-a',
      'batchSize=1000',
      '-a',
      'urnBasedPagination=true',
      '-a',
      'batchDelayMs=100',
    ]);
  });

  it('resumes by offset with offset paging and threads, or by key with urn-based paging', () => {
    assert.deepEqual(jobArgv(plan({ urnBasedPagination: false, resume: { startingOffset: 48000 }, numThreads: 4 })).slice(8), [
      '-a',
      'startingOffset=48000',
      '-a',
      'numThreads=4',
    ]);
    assert.deepEqual(jobArgv(plan({ resume: { lastUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', lastAspect: 'status' } })).slice(8), [
      '-a',
      'lastUrn=urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)',
      '-a',
      'lastAspect=status',
    ]);
  });

  it('refuses what the job would ignore or what would lose data', () => {
    assert.match(planProblem(plan({ resume: { startingOffset: 10 } })) ?? '', /ignores it with urnBasedPagination=true/);
    assert.match(planProblem(plan({ urnBasedPagination: false, resume: { lastUrn: 'urn:li:x:y' } })) ?? '', /only take effect with urnBasedPagination=true/);
    assert.match(planProblem(plan({ numThreads: 4 })) ?? '', /one thread with urnBasedPagination=true/);
    assert.match(planProblem(plan({ batchSize: 0 })) ?? '', /"batchSize" must be a whole number from 1/);
    assert.match(planProblem(plan({ batchDelayMs: -1 })) ?? '', /"batchDelayMs"/);
    assert.match(planProblem(plan({ clean: true })) ?? '', /clean wipes the whole search and graph indices/);
    assert.match(planProblem(plan({ urnLike: 'urn:li:%', aspect: 'status', clean: true })) ?? '', /full restore/);
    assert.equal(planProblem(plan({ urnLike: 'urn:li:%', clean: true })), undefined);
    assert.equal(planProblem(plan()), undefined);
  });

  it('calls a pattern broad when it covers everything or a whole entity type', () => {
    for (const p of ['%', 'urn:li:%', 'urn:li:dataset:%', 'urn:li:corpuser:%']) assert.equal(isBroadPattern(p), true, p);
    for (const p of ['urn:li:dataset:(urn:li:dataPlatform:hive,%', 'urn:li:corpuser:j%', 'urn:li:tag:pii']) assert.equal(isBroadPattern(p), false, p);
  });

  it('takes the image tag from release versions only', () => {
    assert.equal(imageTagFor('v1.0.0'), 'v1.0.0');
    assert.equal(imageTagFor('0.14.1'), 'v0.14.1');
    assert.equal(imageTagFor('v0.13.3rc1'), undefined);
    assert.equal(imageTagFor('v1.2.0.1'), 'v1.2.0.1');
    assert.equal(imageTagFor('null'), undefined);
    assert.equal(imageTagFor('v1.0.0; rm -rf /'), undefined);
  });
});

describe('RestoreIndices job text', () => {
  it("Kubernetes: a Job that parses, on the server's image tag, with exactly the chosen arguments", () => {
    const chosen = plan({ urnLike: NASTY, aspect: 'schemaMetadata' });
    const out = renderJob('kubernetes', chosen, target);
    assert.equal(out.language, 'yaml');
    const job = load(out.text) as K8sJob;
    assert.equal(job.apiVersion, 'batch/v1');
    assert.equal(job.kind, 'Job');
    assert.equal(job.spec.backoffLimit, 0);
    const [container] = job.spec.template.spec.containers;
    assert.equal(job.spec.template.spec.restartPolicy, 'Never');
    assert.equal(container.image, 'acryldata/datahub-upgrade:v1.0.0');
    assert.deepEqual(container.args, jobArgv(chosen));
    assert.equal(container.args[3], `urnLike=${NASTY}`);
    assert.deepEqual(out.args, container.args);
    // Connection settings are references to the user's own ConfigMap and Secret, never values.
    assert.deepEqual(container.envFrom, [{ configMapRef: { name: 'datahub-upgrade-env' } }, { secretRef: { name: 'datahub-upgrade-secrets' } }]);
    assert.match(out.text, /CHANGE ME/);
    assert.doesNotMatch(out.text, /PASSWORD\s*[:=]\s*\S/);
  });

  it('Kubernetes: says when the version could not be read and marks the tag to set', () => {
    const out = renderJob('kubernetes', plan(), unread);
    const job = load(out.text) as K8sJob;
    assert.equal(job.spec.template.spec.containers[0].image, 'acryldata/datahub-upgrade:CHANGE-ME-to-your-DataHub-version');
    assert.match(out.text, /# The DataHub version could not be read \(https:\/\/datahub\.example\.com\/api\/gms\/config answered 500\)/);
    assert.equal(out.tagFromServer, false);
  });

  it('docker: the shell receives exactly the chosen arguments, special characters intact', () => {
    const chosen = plan({ urnLike: NASTY, urnBasedPagination: false, resume: { startingOffset: 480 }, numThreads: 2 });
    const out = renderJob('docker', chosen, target);
    assert.equal(out.language, 'shellscript');
    assert.deepEqual(dockerArgs(out.text), ['run', '--rm', '--env-file', './datahub-upgrade.env', 'acryldata/datahub-upgrade:v1.0.0', ...jobArgv(chosen)]);
  });

  it('docker: without a readable version the command stops until DATAHUB_VERSION is set', () => {
    const out = renderJob('docker', plan(), unread);
    assert.throws(() => dockerArgs(out.text), /set DATAHUB_VERSION to your DataHub version/);
    const script = `DATAHUB_VERSION=v0.14.1\n${out.text}`;
    assert.equal(dockerArgs(script)[4], 'acryldata/datahub-upgrade:v0.14.1');
  });

  it('args: a YAML list of exactly the arguments, ready for a container or Helm values', () => {
    const chosen = plan({ urnLike: 'urn:li:%', urnBasedPagination: false, clean: true });
    const out = renderJob('args', chosen, target);
    const parsed = load(out.text) as { args: string[] };
    assert.deepEqual(parsed.args, jobArgv(chosen));
    assert.equal(parsed.args.at(-1), 'clean');
    assert.match(out.text, /# WARNING: clean WIPES the search, graph and system-metadata indices first/);
  });

  it('comments stay comments whatever the connection name holds', () => {
    const out = renderJob('kubernetes', plan(), { ...target, connection: 'evil\nkind: Pod\r\u2028x' });
    const job = load(out.text) as K8sJob;
    assert.equal(job.kind, 'Job');
  });

  it('notes values holding "=", which older job versions refuse', () => {
    const out = renderJob('args', plan({ urnLike: 'urn:li:dataset:a=b%' }), target);
    assert.match(out.text, /# Note: urnLike contains "="/);
  });

  it('quotes single values for YAML and the shell', () => {
    assert.equal(yamlQuote('a\u2028b\u007f'), '"a\\u2028b\\u007f"');
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
    assert.equal(shellQuote('urnLike=urn:li:dataset:%'), 'urnLike=urn:li:dataset:%');
    assert.equal(shellQuote(''), "''");
  });
});
