// Shared by the DataHub Doctor suites: the sandbox's scripted GMS states, and the skip for a
// Rest.li-only run (the Doctor's endpoints exist only on servers with OpenAPI).
import { sandbox } from '../../host/inHost';
import { TRANSPORT } from './core';

export const needsOpenapi = (ctx: Mocha.Context): void => {
  if (TRANSPORT === 'restli') ctx.skip();
};

/** POST /__sandbox/doctor: states and timings (test/sandbox/doctorControl.ts). */
export const setDoctor = (body: Record<string, unknown>) => sandbox.control<object>('POST', '/doctor', body);
