// What GET /config answers: GMS's own (the version it reports, which the DataHub CLI and the client
// read) and datahub-frontend's (how a client tells it was given the frontend root).
import { jsonReply, type Reply } from './restli';
import type { Runtime } from './runtime';

export const REPORTED_VERSION = { newer: 'v1.0.0', legacy: 'v0.10.5', seedString: 'v0.12.1', pre0105: 'v0.10.4' } as const;

/** What GMS's own /config says (the DataHub CLI checks noCode). */
export function gmsConfig(rt: Runtime): Reply {
  return jsonReply({
    models: {},
    patchCapable: true,
    // A reported version set through the control API wins; null leaves "versions" out (a server that does not say).
    ...(rt.reportedVersion === null
      ? {}
      : { versions: { 'acryldata/datahub': { version: rt.reportedVersion ?? REPORTED_VERSION[rt.version], commit: '0000000' } } }),
    statefulIngestionCapable: true,
    supportsImpactAnalysis: true,
    timeZone: 'GMT',
    datahub: { serverType: 'quickstart' },
    noCode: 'true',
  });
}

/** What datahub-frontend's /config says: how clients tell they were given the frontend root. */
export function frontendConfig(): Reply {
  return jsonReply({ config: { application: 'datahub-frontend', appVersion: REPORTED_VERSION.newer, authEnabled: true } });
}
