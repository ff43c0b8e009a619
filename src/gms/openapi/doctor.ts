// DataHub's health and operations endpoints for the Doctor (doctorTypes.ts). Placeholder until
// the wire client lands: every method refuses, so the feature can build against the interface.
import { GmsError } from '../errors';
import type { DoctorOperations } from '../types';
import type { WireContext } from '../wire';

export function createDoctorOperations(_ctx: WireContext): DoctorOperations {
  const pending = (): Promise<never> => Promise.reject(new GmsError({ kind: 'invalidInput', message: 'the Doctor client is not wired yet' }));
  return {
    health: pending,
    ready: pending,
    searchCluster: pending,
    systemInfo: pending,
    consumerGroups: pending,
    consumerGroup: pending,
    topics: pending,
    topic: pending,
    messages: pending,
    replayFailed: pending,
    throttle: pending,
    rateLimits: pending,
    maintenance: pending,
    traceWrite: pending,
    writeCanary: pending,
  };
}
