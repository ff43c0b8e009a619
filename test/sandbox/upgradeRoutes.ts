// What an upgrade reads, as a newer GMS answers it (served on the newest generation with OpenAPI only):
//   GET /openapi/v1/system-info/properties/simple   operations/v1/SystemInfoController.java: a flat map of the
//       resolved settings (Manage System Operations; 403 {"error": "<actor> is not authorized for system operations."}).
//   GET /openapi/v1/entities/counts (and /{entityType}/count)  v1/entities/EntityCountsController.java, answered by
//       entityCounts.ts (newerRoutes.ts sends them there).
//   GET /openapi/v3/entity/datahubupgrade/{urn}     v3/controller/EntityController.java (GenericEntitiesController): the
//       dataHubUpgradeResult an incremental run has recorded (k8sIncremental.ts) as GenericEntityV3; a 404 with an empty
//       body and Not-Found-Reason: ENTITY when there is none; the version must be what /config reports, "-0" (no DATAHUB_REVISION).
// The settings come in two profiles (POST /__sandbox/k8s/upgradeSettings {profile: sound|risky}).
import { REPORTED_VERSION } from './gmsConfig';
import type { Reply } from './restli';
import type { Caller, Runtime } from './runtime';
import { actorOf, mso } from './doctorReply';
import { json } from './spring';

export type UpgradeRouteName = 'properties' | 'counts' | 'count' | 'upgradeResult';
export const SETTINGS_PROFILES = ['sound', 'risky'] as const;
export type SettingsProfile = (typeof SETTINGS_PROFILES)[number];

/** application.yaml's keys (metadata-service/configuration/src/main/resources/application.yaml) as GMS resolves them. */
export function settingsOf(profile: SettingsProfile): Record<string, string | number | boolean> {
  const risky = profile === 'risky';
  return {
    'elasticsearch.host': 'elasticsearch',
    'elasticsearch.password': '***REDACTED***',
    'elasticsearch.index.numShards': risky ? 3 : 1,
    'elasticsearch.index.numReplicas': 1,
    // ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS: application.yaml's default is 0 (no limit).
    'elasticsearch.index.maxReindexHours': risky ? 0 : 12,
    'elasticsearch.buildIndices.incrementalReindexEnabled': true,
    'elasticsearch.buildIndices.rollbackDualWriteEnabled': true,
    'elasticsearch.buildIndices.reindexBatchSize': 5000,
    'elasticsearch.buildIndices.reindexMaxSlices': 256,
    'elasticsearch.buildIndices.allowDocCountMismatch': risky,
    'elasticsearch.buildIndices.cloneIndices': !risky,
  };
}

export function upgradeRoute(path: string): UpgradeRouteName | null {
  const p = path.replace(/\/+$/, '');
  if (p === '/openapi/v1/system-info/properties/simple') return 'properties';
  if (p === '/openapi/v1/entities/counts') return 'counts';
  if (/^\/openapi\/v1\/entities\/[^/]+\/count$/.test(p)) return 'count';
  if (/^\/openapi\/v3\/entity\/datahubupgrade\/urn(?::|%3A|%3a)[^/]+$/i.test(p)) return 'upgradeResult';
  return null;
}

export function handleUpgrade(rt: Runtime, route: UpgradeRouteName, method: string, path: string, caller: Caller): Reply {
  if (method !== 'GET') return json({ error: `Request method '${method}' is not supported` }, 405);
  if (route === 'properties') {
    if (!mso(caller)) return json({ error: `${actorOf(caller)} is not authorized for system operations.` }, 403);
    return json(settingsOf(rt.k8s.upgrades.settings));
  }
  if (!mso(caller) && !caller.privileges.includes('VIEW_ENTITY_PAGE')) return json({ error: `${actorOf(caller)} is unauthorized to READ entities.` }, 403);
  const urn = decodeURIComponent(path.replace(/\/+$/, '').split('/').pop() ?? '');
  const version = `${rt.reportedVersion ?? REPORTED_VERSION[rt.version]}-0`;
  const m = /^urn:li:dataHubUpgrade:(BuildIndicesIncremental|IncrementalReindexCatchUp)_(.+)$/.exec(urn);
  const value = m && m[2] === version ? rt.k8s.upgrades.upgradeResult(`${m[1]}_${m[2]}`) : undefined;
  if (!value) return { status: 404, headers: { 'Not-Found-Reason': 'ENTITY' }, body: '' };
  return json({ urn, dataHubUpgradeResult: { value } });
}
