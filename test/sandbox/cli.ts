// `npm run sandbox -- [--port 8080] [--version newer|legacy|seedString|pre0105] [--api restli|openapi|both] [--no-auth]
//   [--service-time ms] [--task-duration ms] [--bench-rows n] [--extra-indices n] [--seed n]
//   [--search-lag-ms ms|never] [--consistency on|off] [--lag messaging|kafka|none] [--messaging kafka|pgqueue] [--quiet]`

import { parseArgs } from 'node:util';
import { API_MODES, LAG_ENDPOINTS, OPENAPI_OPERATIONS, SANDBOX_TOKENS, SERVER_VERSIONS, type ApiMode, type LagEndpoints, type ServerVersion } from './api';
import { SAMPLE_URNS } from './data';
import { startSandbox } from './server';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(2);
}

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} takes a non-negative integer (got "${value}")`);
  return n;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string' },
        version: { type: 'string' },
        api: { type: 'string' },
        'no-auth': { type: 'boolean' },
        'service-time': { type: 'string' },
        'task-duration': { type: 'string' },
        'bench-rows': { type: 'string' },
        'extra-indices': { type: 'string' },
        seed: { type: 'string' },
        'search-lag-ms': { type: 'string' },
        consistency: { type: 'string' },
        lag: { type: 'string' },
        messaging: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}. Run with --help for the options.`);
  }
  const v = parsed.values;
  if (v.help) {
    console.log(
      'Usage: npm run sandbox -- [--port 8080] [--version newer|legacy|seedString|pre0105] [--no-auth]\n' +
        '  [--api restli|openapi|both]  (operations transports served, default both; the other answers 404)\n' +
        '  [--service-time ms] [--task-duration ms] [--bench-rows n] [--extra-indices n] [--seed n]\n' +
        '  [--search-lag-ms ms|never]  (how long a restored entity takes to become searchable; never: a failing indexing consumer)\n' +
        '  [--consistency on|off] [--lag messaging|kafka|none]  (search-health operations of a newer server with OpenAPI; default on, messaging)\n' +
        '  [--messaging kafka|pgqueue]  (the messaging transport: pgqueue has no /openapi/operations/kafka/**; default kafka)\n' +
        '  [--quiet]',
    );
    return;
  }
  const version = (v.version ?? 'newer') as ServerVersion;
  if (!SERVER_VERSIONS.includes(version)) fail(`--version must be one of ${SERVER_VERSIONS.join(', ')} (got "${v.version}")`);
  const api = (v.api ?? 'both') as ApiMode;
  if (!API_MODES.includes(api)) fail(`--api must be one of ${API_MODES.join(', ')} (got "${v.api}")`);
  if (v.consistency !== undefined && !['on', 'off'].includes(v.consistency)) fail(`--consistency takes on or off (got "${v.consistency}")`);
  const lag = (v.lag ?? 'messaging') as LagEndpoints;
  if (!LAG_ENDPOINTS.includes(lag)) fail(`--lag must be one of ${LAG_ENDPOINTS.join(', ')} (got "${v.lag}")`);
  if (v.messaging !== undefined && !['kafka', 'pgqueue'].includes(v.messaging)) fail(`--messaging takes kafka or pgqueue (got "${v.messaging}")`);
  const sandbox = await startSandbox({
    api,
    consistency: v.consistency !== 'off',
    lag,
    messaging: v.messaging === 'pgqueue' ? 'pgqueue' : 'kafka',
    port: count('port', v.port) ?? 0,
    version,
    auth: { enabled: !v['no-auth'] },
    serviceTimeMs: count('service-time', v['service-time']),
    taskDurationMs: count('task-duration', v['task-duration']),
    benchRows: count('bench-rows', v['bench-rows']),
    extraIndices: count('extra-indices', v['extra-indices']),
    seed: count('seed', v.seed),
    searchLagMs: v['search-lag-ms'] === 'never' ? null : count('search-lag-ms', v['search-lag-ms']),
    quiet: v.quiet ?? false,
  });
  const auth = v['no-auth'] ? 'off (quickstart: every request allowed)' : 'on';
  console.log(`DataHub sandbox (${version}, api ${api}, auth ${auth}, ${sandbox.countRows()} aspect rows)`);
  console.log(`  GMS direct:          ${sandbox.url}`);
  console.log(`  via datahub-frontend: ${sandbox.frontendUrl}`);
  if (!v['no-auth']) {
    console.log('  tokens (test values):');
    for (const [name, token] of Object.entries(SANDBOX_TOKENS)) console.log(`    ${name.padEnd(9)} ${token}`);
  }
  const authHeader = v['no-auth'] ? '' : ` -H 'Authorization: Bearer ${SANDBOX_TOKENS.admin}'`;
  console.log('  try:');
  if (api !== 'openapi')
    console.log(`    curl -s -X POST '${sandbox.url}/operations?action=getIndexSizes'${authHeader} -H 'Content-Type: application/json' -d '{}'`);
  if (api !== 'openapi')
    console.log(
      `    curl -s -X POST '${sandbox.url}/operations?action=restoreIndices'${authHeader} -H 'Content-Type: application/json' -d '{"urn":"${SAMPLE_URNS.ordersDataset}"}'`,
    );
  if (api !== 'restli') console.log(`    curl -s '${sandbox.url}${OPENAPI_OPERATIONS}/getIndexSizes'${authHeader}`);
  console.log('Ctrl+C stops it.');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox`);
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') fail('that port is in use: pick another with --port, or omit --port for a free one.');
  fail(err instanceof Error ? err.message : String(err));
});
