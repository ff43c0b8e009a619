// A RestoreIndices job's arguments as a server lists them: read strictly into a plan, so a
// resume sends only -u RestoreIndices and -a name=value pairs of the names the job accepts,
// and refuses clean however it is spelled, other upgrades, unknown names and unbounded keys.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { argumentLines, restorePlanOf } from '../../../src/jobs/logic/cluster/jobArgs';
import { resumePoint } from '../../../src/jobs/logic/cluster/jobResume';
import { parseJobLog } from '../../../src/jobs/logic/cluster/jobLog';

const BASE = ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'batchSize=1000', '-a', 'urnBasedPagination=true'];
const P = '2026-01-01 10:00:00,123 [main] INFO  c.l.d.u.impl.DefaultUpgradeReport:16 - ';
const keyLog = (urn: string, aspect = 'schemaMetadata') =>
  parseJobLog(
    [
      `${P}batchSize is 1000`,
      `${P}Found 10000 latest aspects in aspects table in 0.01 minutes.`,
      `${P}Getting next batch of urns + aspects, starting with ${urn} - ${aspect}`,
      `${P}Successfully sent MAEs for 1000/10000 rows (10.00% of total). 0 rows ignored (0.00% of total)`,
    ].join('\n'),
  );
const problemOf = (argv: string[]) => {
  const r = restorePlanOf(argv);
  assert.ok('problem' in r, `refused: ${argv.join(' ')}`);
  return r.problem;
};

describe('RestoreIndices job arguments read for a resume', () => {
  it('refuses clean in every spelling', () => {
    for (const extra of [['-a', 'clean'], ['-aclean'], ['--args=clean'], ['--arg', 'clean'], ['-a', 'clean=true'], ['-a', 'CLEAN']]) {
      assert.match(problemOf([...BASE, ...extra]), /clean .*wipe them again/, extra.join(' '));
    }
  });

  it('refuses another upgrade id, wherever it stands', () => {
    assert.match(problemOf(['-u', 'NoCodeDataMigrationCleanup', '-a', 'RestoreIndices']), /only a RestoreIndices job .*"NoCodeDataMigrationCleanup"/);
    assert.match(problemOf([...BASE, '-u', 'SystemUpdate']), /only a RestoreIndices job .*"SystemUpdate"/);
    assert.match(problemOf(['-a', 'urnLike=urn:li:%', '-u', 'RestoreIndices']), /only a RestoreIndices job/);
  });

  it('refuses names the job does not take here, stray tokens and repeated names', () => {
    assert.match(problemOf([...BASE, '-a', 'urn=urn:li:corpuser:x']), /"urn=urn:li:corpuser:x" is not one a resume keeps/);
    assert.match(problemOf([...BASE, '--batchSize', '5']), /"--batchSize", not a "-a name=value" pair/);
    assert.match(problemOf([...BASE, '-a', 'batchSize=5']), /batchSize twice/);
    assert.match(problemOf([...BASE, '-a']), /"-a", not a "-a name=value" pair/);
    assert.match(problemOf(['-u', 'RestoreIndices', '-a', 'batchSize=1e9']), /batchSize is not a whole number: "1e9"/);
    assert.match(problemOf(['-u', 'RestoreIndices', '-a', 'aspectName=a b']), /aspectName is not an aspect name/);
  });

  it('refuses a lastUrn that is no URN or is longer than DataHub allows, and a lastAspect that is no aspect name', () => {
    const long = `urn:li:dataset:(urn:li:dataPlatform:hive,${'x'.repeat(4096)},PROD)`;
    assert.match(problemOf([...BASE, '-a', `lastUrn=${long}`]), /"lastUrn" is not a URN .*\(4\d{3} characters\)/);
    assert.match(problemOf([...BASE, '-a', 'lastUrn=not-a-urn']), /"lastUrn" is not a URN/);
    const r1 = resumePoint(BASE, keyLog(long));
    assert.ok('problem' in r1 && /last batch key is refused: "lastUrn" is not a URN/.test(r1.problem));
    const r2 = resumePoint(BASE, keyLog('urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', '-a'));
    assert.ok('problem' in r2, 'a lastAspect that is a flag');
  });

  it('writes the resume again from the plan: the same names, the new key, nothing of the server kept verbatim', () => {
    const r = resumePoint(
      [...BASE, '-a', 'lastUrn=urn:li:dataset:(urn:li:dataPlatform:hive,old,PROD)'],
      keyLog('urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)'),
    );
    assert.ok('argv' in r);
    assert.deepEqual(r.argv, [
      '-u',
      'RestoreIndices',
      '-a',
      'urnLike=urn:li:%',
      '-a',
      'batchSize=1000',
      '-a',
      'urnBasedPagination=true',
      '-a',
      'lastUrn=urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)',
      '-a',
      'lastAspect=schemaMetadata',
    ]);
  });

  it('lists the arguments one per line, quoted, with long values after the list, cut', () => {
    const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,${'y'.repeat(300)},PROD)`;
    const text = argumentLines(['-u', 'RestoreIndices', '-a', 'batchSize=1000', '-a', `lastUrn=${urn}`], 100, 120);
    const lines = text.split('\n');
    assert.deepEqual(lines.slice(0, 3), ['  -u "RestoreIndices"', '  -a "batchSize=1000"', `  -a "lastUrn=…" (value [1] below, ${urn.length + 8} characters)`]);
    assert.equal(lines[3], 'Long values:');
    assert.match(lines[4], /^\[1\] "lastUrn=urn:li:dataset:\(urn:li:dataPlatform:hive,y+…" \(cut; \d+ characters\)$/);
    assert.ok(lines[4].length < 200);
  });
});

describe('following a pod log a poll at a time', () => {
  it('reads the whole log first, then since the last read, keeping only the lines after the last one seen', async () => {
    const { LogFollower } = await import('../../../src/jobs/logic/cluster/logFollow');
    const f = new LogFollower();
    assert.equal(f.follow('pod-a'), true);
    assert.deepEqual(f.request(1000), { limitBytes: 1024 * 1024 });
    assert.deepEqual(f.take('l1\nl2\nl3 partial', 1000), ['l1', 'l2']);
    assert.deepEqual(f.request(11_000), { limitBytes: 1024, sinceSeconds: 12 }, 'no growth seen yet: the smallest limit');
    assert.deepEqual(f.take('l2\nl3 partial done\nl4\n', 11_000), ['l3 partial done', 'l4']);
    assert.deepEqual(f.take('l4\n', 12_000), []);
    assert.equal(f.gap, false);
    // Cut before the last line seen: nothing taken, read again four times wider.
    f.request(13_000);
    assert.deepEqual(f.take('[truncated...]\nl9\n', 13_000), []);
    assert.equal(f.readAgain, true);
    assert.equal(f.request(13_000).limitBytes, 4096);
    assert.deepEqual(f.take('[truncated...]\nl4\nl5\nl9\n', 13_000), ['l5', 'l9']);
    assert.equal(f.readAgain, false);
    assert.equal(f.gap, false, 'cut, but after the last line seen: nothing skipped');
    // At the cap and still without the last line seen: lines may be missing.
    f.follow('pod-c');
    f.request(20_000);
    f.take('a\n', 20_000);
    assert.deepEqual(f.take('[truncated...]\nz\n', 21_000), ['z']);
    assert.equal(f.gap, true, 'a cut answer at the cap may have skipped lines');
    assert.equal(f.follow('pod-b'), true, 'another pod starts over');
    assert.deepEqual(f.request(14_000), { limitBytes: 1024 * 1024 });
  });

  it('retries what does not answer (5xx, HTML, resets, timeouts) and says for how long, not what answered', async () => {
    const { isTransient, WatchTrouble } = await import('../../../src/jobs/logic/cluster/watchTrouble');
    const { GmsError } = await import('../../../src/gms/errors');
    assert.equal(isTransient(new GmsError({ kind: 'network', message: 'reset' })), true);
    assert.equal(isTransient(new GmsError({ kind: 'server', status: 503, message: 'ingress' })), true);
    assert.equal(isTransient(new GmsError({ kind: 'invalidResponse', message: 'HTML' })), true);
    assert.equal(isTransient(new GmsError({ kind: 'forbidden', status: 403, message: 'no' })), false);
    assert.equal(isTransient(new GmsError({ kind: 'server', status: 503, code: 'k8sUnavailable', message: 'not in k8s' })), false);
    assert.equal(isTransient(new Error('Job x is not in GMS namespace')), false);
    const t = new WatchTrouble();
    assert.equal(t.line(0), undefined);
    t.fail(0, 'a');
    t.fail(2000, 'b');
    assert.equal(t.delayMs(1000), 4000);
    assert.equal(t.line(120_000), 'GMS not answering for 2 min 00 s; still watching');
    assert.equal(t.gaveUp(59_000, 60_000), false);
    assert.equal(t.gaveUp(60_000, 60_000), true);
    t.ok();
    assert.equal(t.delayMs(1000), 1000);
  });
});

describe('following a log at one-second polls', () => {
  it('fetches at most 1.5 times the log, bursts included, and loses no line', async () => {
    const { LogFollower } = await import('../../../src/jobs/logic/cluster/logFollow');
    // A job printing one line of ~90 bytes every 5 ms (2,000 batches of 100 rows), with a burst of 3,000 lines at once.
    const log: Array<{ at: number; text: string }> = [];
    const serve = (now: number, q: { limitBytes: number; sinceSeconds?: number }) => {
      const since = q.sinceSeconds === undefined ? -Infinity : now - q.sinceSeconds * 1000;
      const text = log
        .filter((l) => l.at >= since && l.at <= now)
        .map((l) => `${l.text}\n`)
        .join('');
      return text.length > q.limitBytes ? `[truncated...]\n${text.slice(text.length - q.limitBytes)}` : text;
    };
    const f = new LogFollower();
    f.follow('pod');
    const taken: string[] = [];
    let n = 0;
    for (let now = 0; now <= 120_000; now += 1000) {
      const printed = now === 60_000 ? 3000 : 200;
      for (let i = 0; i < printed; i++)
        log.push({
          at: now - 1000 + (i * 1000) / printed,
          text: `INFO RestoreIndicesStep - batch ${n} of 24000: sent 100 rows, ${String(n++).padStart(8, '0')}`,
        });
      for (let i = 0; i === 0 || (f.readAgain && i < 5); i++) taken.push(...f.take(serve(now, f.request(now)), now));
    }
    const whole = log.map((l) => `${l.text}\n`).join('').length;
    assert.deepEqual(
      taken,
      log.map((l) => l.text),
      'every line once, in order',
    );
    assert.equal(f.gap, false);
    assert.ok(f.fetchedChars <= 1.5 * whole, `fetched ${f.fetchedChars} for a log of ${whole}: ${(f.fetchedChars / whole).toFixed(2)}x`);
  });
});
