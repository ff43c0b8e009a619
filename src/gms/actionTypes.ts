// Every action the client asks GMS, by name: the unit of its log lines, its error wording
// (actionWords.ts) and the privileges a 403 names (errors.ts). Re-exported by types.ts.
import type { DoctorAction } from './doctorTypes';
import type { InspectAction } from './inspectTypes';
import type { MessagingAction } from './messagingTypes';
import type { UpgradeAction } from './upgradeTypes';
import type { CleanupAction } from './cleanupTypes';
import type { IngestionAction } from './ingestionTypes';

/** The actions of the Rest.li operations resource. */
export type OperationsAction = 'getIndexSizes' | 'restoreIndices' | 'truncateTimeseriesAspect' | 'getEsTaskStatus';
/**
 * What only the OpenAPI operations offer: restore of a list of URNs (POST restoreIndices),
 * the search engine's explanation of a query for one document and the diff of two, the raw
 * search document (POST entity/raw), and the probe of which transports a server has.
 */
export type OpenapiOnlyAction = 'restoreUrns' | 'explainSearchQuery' | 'explainSearchQueryDiff' | 'getRawDocuments' | 'probeTransports';
/**
 * Everything the client asks GMS: the operations actions (named alike on both transports:
 * OpenAPI's getTaskStatus is 'getEsTaskStatus' here), the OpenAPI-only ones, GET /config
 * for the version, and 'graphql' for DataHub search.
 */
export type GmsAction =
  | OperationsAction
  | OpenapiOnlyAction
  | HealthAction
  | K8sAction
  | DoctorAction
  | InspectAction
  | UpgradeAction
  | CleanupAction
  | IngestionAction
  | MessagingAction
  | 'getServerConfig'
  | 'graphql';
/** The search-health operations (OpenAPI only): consistency checks and fixes, consumer lag. */
export type HealthAction = 'consistencyChecks' | 'consistencyCheck' | 'consistencyFix' | 'consumerLag';
/** DataHub's Kubernetes operations (KubernetesController.java): status, the lists, a CronJob's trigger, a pod's log. */
export type K8sAction = 'k8sStatus' | 'k8sList' | 'k8sTrigger' | 'k8sLogs';
