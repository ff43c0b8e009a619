// Server and document text on its way to the screen: no link may survive. The
// hostile strings go through a real hostile server (Rest.li messages, redirects,
// task errors, truncation answers) and the describers, then the sanitiser; a
// scan of src/ checks that every notification, progress title and status bar
// text goes through the sanitising wrapper (src/platform/safeWindow.ts).
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeError } from '../../../src/shared/errors';
import { uiLine, uiText } from '../../../src/shared/uiText';
import { clientFor, listen, stopServer } from '../helpers';

/** VS Code's notification link pattern (src/vs/base/common/linkedText.ts, LINK_REGEX). */
const WORKBENCH_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

const RUN = 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D';
export const HOSTILE: string[] = [
  `[Fix it](${RUN})`,
  `\\[Fix it\\](${RUN})`,
  `[a](command:datahub.truncateTimeseriesAspect?%5B%7B%22dryRun%22%3Afalse%7D%5D "Retry")`,
  '[Docs](https://evil.example/x) and [file](file:///etc/passwd)',
  '[x]](command:a) [[y]](command:b) [z]\u202e(command:c)',
  `${'['.repeat(3000)}x](command:a)`,
  `[${'a'.repeat(5000)}](command:x)`,
  `line one\n[two](command:x)\r\n[three](HTTPS://x.example)`,
  '\u0000\u001b[31m[ctl](command:x)',
];

function assertNoLink(text: string, where: string): void {
  WORKBENCH_LINK.lastIndex = 0;
  const match = WORKBENCH_LINK.exec(text);
  assert.equal(match, null, `${where}: a live link survived: ${match?.[0].slice(0, 80)}`);
  assert.ok(!text.includes(']('), `${where}: "](" survived`);
}

describe('uiText: no link survives, length is capped', () => {
  it('breaks every link form the workbench would render, Markdown escapes included', () => {
    for (const text of HOSTILE) {
      const safe = uiText(text);
      assertNoLink(safe, JSON.stringify(text.slice(0, 40)));
      assert.ok(safe.length <= 1000, `length ${safe.length}`);
      assert.equal(uiText(safe), safe, 'sanitising twice changes nothing');
      // eslint-disable-next-line no-control-regex -- the control characters must be gone
      assert.doesNotMatch(safe, /[\u0000-\u0008\u001b\u202e]/);
    }
  });

  it('keeps ordinary text as it is: URNs, index names, sentences', () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.[table],PROD)';
    assert.equal(uiText(urn), urn);
    assert.equal(uiText('Delete 120 out of 201 rows (59.70%).'), 'Delete 120 out of 201 rows (59.70%).');
    assert.equal(uiLine('a\nb'), 'a b');
    assert.equal(uiText('x'.repeat(2000), 50).length, 50);
  });

  it('is linear: a 1 MB hostile string is sanitised in under 500 ms', () => {
    const big = `[a](command:x)`.repeat(80_000);
    // CPU time of this process, not wall time: other test stages on the same cores do not count against it.
    const cpu0 = process.cpuUsage();
    const safe = uiText(big);
    const used = process.cpuUsage(cpu0);
    const ms = (used.user + used.system) / 1000;
    assert.ok(ms < 500, `${ms.toFixed(1)} ms of CPU`);
    assertNoLink(safe, 'big');
  });
});

describe('hostile server text reaches error messages without a link', () => {
  let server: Server;
  let url: string;
  let payload = HOSTILE[0];
  let mode: 'restli' | 'redirect' | 'html' | 'plain' = 'restli';
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      if (mode === 'redirect') {
        res.writeHead(302, { location: `https://evil.example/${encodeURI(payload).slice(0, 2000)}` });
        res.end();
      } else if (mode === 'restli') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ exceptionClass: 'com.linkedin.restli.server.RestLiServiceException', message: payload, status: 500 }));
      } else if (mode === 'html') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(`<html><title>${payload}</title></html>`);
      } else {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(payload);
      }
    });
    url = `http://127.0.0.1:${await listen(server)}`;
  });
  after(() => stopServer(server));

  for (const m of ['restli', 'redirect', 'html', 'plain'] as const) {
    it(`${m} answers: every hostile string, every action`, async () => {
      mode = m;
      const client = clientFor(url, { retries: 0 });
      let tried = 0;
      for (const text of HOSTILE) {
        payload = text;
        const calls = [
          () => client.getIndexSizes(),
          () => client.restoreIndices({ urn: 'urn:li:corpuser:datahub' }),
          () => client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 1, dryRun: true }),
          () => client.getEsTaskStatus('node:1'),
        ];
        for (const call of calls) {
          const error = await call().then(
            () => assert.fail('expected a failure'),
            (e: unknown) => e,
          );
          const described = describeError(error, { connection: { name: 'prod', gmsUrl: url }, hasToken: true });
          assertNoLink(described.message, `${m} message`);
          assertNoLink(described.short, `${m} short`);
          tried++;
        }
      }
      await client.close();
      assert.equal(tried, HOSTILE.length * 4);
    });
  }
});

describe('every on-screen text goes through the sanitising wrapper', () => {
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  }
  it('no file but src/platform/safeWindow.ts calls vscode.window message, progress or status bar functions', () => {
    const direct = /window\s*\.\s*(showInformationMessage|showWarningMessage|showErrorMessage|withProgress|setStatusBarMessage)\b/;
    const offenders = sources('src')
      .filter((file) => !file.endsWith(join('platform', 'safeWindow.ts')))
      .filter((file) => direct.test(readFileSync(file, 'utf8')));
    assert.deepEqual(offenders, []);
  });
});
