// Control endpoints of the Doctor's scripted GMS (doctor.ts), under /__sandbox/doctor:
//   GET  /doctor          the scripts on, the timings, the failed proposals, the replayed offsets
//   POST /doctor          {state?: <one script>, states?: [<scripts>], bootstrapMs?, processingDelayMs?, indexingDelayMs?,
//                          failedEveryMs?, producedPerSecond?, behindBy?, missing?: [<route names>]}: state/states turn
//                          exactly those on ('green' every other off); the timings apply from now
//   POST /doctor/failed   {count}: adds count failed proposals to mcp-failed (a paging benchmark: 10000)
//   GET  /doctor/replayed the offsets real replays re-published
//   GET  /doctor/aspect?urn=&aspect=   what the store holds for an aspect written through the sandbox
import { DOCTOR_STATES, type DoctorOptions, type DoctorRouteName, type DoctorSim, type DoctorState, type WrittenAspect } from './doctor';
import type { Reply } from './restli';

const ROUTE_NAMES: readonly DoctorRouteName[] = [
  'health',
  'check/ready',
  'debug/elastic',
  'system-info',
  'kafka/consumer-groups',
  'kafka/topics',
  'kafka/messages',
  'kafka/replay',
  'throttle',
  'rate-limits',
  'maintenance',
  'trace/write',
  'v3/entity',
];

/** The Doctor's scripted GMS (doctor.ts), from code (Sandbox.doctor); POST /__sandbox/doctor does the same over HTTP. */
export interface DoctorControls {
  /** These scripts on from now ('green' or [] turns every other off); a script already on keeps its start. */
  setStates(states: DoctorState[]): void;
  /** Timings: bootstrapMs, processingDelayMs, indexingDelayMs, failedEveryMs, producedPerSecond, behindBy. */
  setTimings(
    timings: Partial<Pick<DoctorOptions, 'bootstrapMs' | 'processingDelayMs' | 'indexingDelayMs' | 'failedEveryMs' | 'producedPerSecond' | 'behindBy'>>,
  ): void;
  /** Adds n failed proposals to mcp-failed (e.g. 10000 for a paging benchmark). */
  seedFailedMcps(n: number): void;
  /** Messages in mcp-failed now. */
  failedCount(): number;
  /** mcp-failed offsets a real replay re-published, in order (dry runs add none). */
  replayedOffsets(): number[];
  /** What the sandbox's store holds for an aspect written through it (a canary, a replayed proposal), or undefined. */
  writtenAspect(urn: string, aspect: string): WrittenAspect | undefined;
}

/** Sandbox.doctor over the runtime's DoctorSim. */
export function doctorControls(sim: DoctorSim): DoctorControls {
  return {
    setStates: (states) => sim.setStates(states),
    setTimings: (timings) => {
      for (const t of TIMINGS) if (typeof timings[t] === 'number') sim[t] = timings[t];
    },
    seedFailedMcps: (n) => sim.seedFailed(n),
    failedCount: () => {
      sim.settle();
      return sim.failed.length;
    },
    replayedOffsets: () => [...sim.replayed],
    writtenAspect: (urn, aspect) => sim.aspects.get(urn)?.get(aspect),
  };
}

function json(value: unknown, status = 200): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

const bad = (message: string): Reply => json({ error: message }, 400);

const TIMINGS = ['bootstrapMs', 'processingDelayMs', 'indexingDelayMs', 'failedEveryMs', 'producedPerSecond', 'behindBy'] as const;

export function doctorControl(sim: DoctorSim, route: string, query: URLSearchParams, body: Record<string, unknown>): Reply {
  switch (route) {
    case 'GET /doctor':
      return json(sim.describe());
    case 'POST /doctor': {
      const states = body.state !== undefined ? [body.state] : body.states;
      if (states !== undefined && (!Array.isArray(states) || !states.every((s) => DOCTOR_STATES.includes(s as DoctorState)))) {
        return bad(`state/states must be one or a list of ${DOCTOR_STATES.join(', ')}`);
      }
      for (const t of TIMINGS) {
        const v = body[t];
        if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3_600_000))
          return bad(`${t} must be a whole number from 0 to 3600000`);
      }
      if (body.failedEveryMs === 0) return bad('failedEveryMs must be above 0');
      if (body.missing !== undefined && (!Array.isArray(body.missing) || !body.missing.every((m) => ROUTE_NAMES.includes(m as DoctorRouteName)))) {
        return bad(`missing must be a list of ${ROUTE_NAMES.join(', ')}`);
      }
      for (const t of TIMINGS) if (body[t] !== undefined) sim[t] = body[t] as number;
      if (body.missing !== undefined) sim.missing = new Set(body.missing as DoctorRouteName[]);
      if (states !== undefined) sim.setStates(states as DoctorState[]);
      return json(sim.describe());
    }
    case 'POST /doctor/failed': {
      const count = body.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1_000_000) return bad('expected {"count": <1 to 1000000>}');
      sim.seedFailed(count);
      return json({ failedMessages: sim.failed.length });
    }
    case 'GET /doctor/replayed':
      return json({ offsets: [...sim.replayed] });
    case 'GET /doctor/aspect': {
      const urn = query.get('urn');
      const aspect = query.get('aspect');
      if (!urn || !aspect) return bad('expected ?urn=...&aspect=...');
      const written = sim.aspects.get(urn)?.get(aspect);
      return written ? json(written) : json({ error: `nothing written for ${urn} ${aspect}` }, 404);
    }
    default:
      return json({ error: `no control endpoint ${route}` }, 404);
  }
}
