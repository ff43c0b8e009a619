// A 10,000-index getIndexSizes answer: the text the sandbox sends, then what the
// extension does with it on every refresh — JSON.parse + envelope check,
// zod validation and normalising (parseIndexSizes), grouping and sorting
// (arrangeIndices). The first iteration is the cold one a fresh host pays.
import { request } from 'undici';
import { decodeEnvelope } from '../../src/gms/restli/envelope';
import { parseIndexSizes } from '../../src/gms/restli/indexSizes';
import { arrangeIndices } from '../../src/indices/logic/indices';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { startSandbox } from '../sandbox/server';
import { spread, type Spread } from './stats';

export interface LargeResponseTimes {
  indexCount: number;
  groupCount: number;
  responseBytes: number;
  decode: Spread;
  validate: Spread;
  arrange: Spread;
  total: Spread;
  /** The first (cold) iteration's total. */
  firstTotalMs: number;
}

export async function measureLargeResponse(extraIndices: number, iterations: number): Promise<LargeResponseTimes> {
  // The answer's text only; serving it is not what is measured, so the sandbox may share this process.
  const sandbox = await startSandbox({ extraIndices, quiet: true });
  let text: string;
  try {
    const response = await request(`${sandbox.url}/operations?action=getIndexSizes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_TOKENS.reader}` },
      body: '{}',
    });
    text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`getIndexSizes answered ${response.statusCode}: ${text.slice(0, 200)}`);
  } finally {
    await sandbox.stop();
  }

  const decode: number[] = [];
  const validate: number[] = [];
  const arrange: number[] = [];
  const total: number[] = [];
  let indexCount = 0;
  let groupCount = 0;
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const value = decodeEnvelope('getIndexSizes', text);
    const t1 = performance.now();
    const { indices } = parseIndexSizes(value);
    const t2 = performance.now();
    const groups = arrangeIndices(indices, '', 'size');
    const t3 = performance.now();
    decode.push(t1 - t0);
    validate.push(t2 - t1);
    arrange.push(t3 - t2);
    total.push(t3 - t0);
    indexCount = indices.length;
    groupCount = groups.length;
  }
  return {
    indexCount,
    groupCount,
    responseBytes: Buffer.byteLength(text),
    decode: spread(decode),
    validate: spread(validate),
    arrange: spread(arrange),
    total: spread(total),
    firstTotalMs: total[0],
  };
}
