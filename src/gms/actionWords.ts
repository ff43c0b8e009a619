// What each action does, in words for messages ("reading index sizes").
import type { GmsAction } from './types';
import { DOCTOR_WHAT } from './doctorTypes';
import { K8S_WHAT } from './k8sTypes';
import { INSPECT_WHAT } from './inspectTypes';
import { UPGRADE_WHAT } from './upgradeTypes';
import { MESSAGING_WORDS } from './messagingTypes';
import { CLEANUP_WHAT } from './cleanupTypes';
import { INGESTION_WHAT } from './ingestionTypes';

/** What an action does, in words for messages ("reading index sizes"). */
export const WHAT: Record<GmsAction, string> = {
  getIndexSizes: 'reading index sizes',
  restoreIndices: 'restoring indices',
  truncateTimeseriesAspect: 'truncating a timeseries index',
  getEsTaskStatus: "reading a task's status",
  restoreUrns: 'restoring the indices of a list of URNs',
  explainSearchQuery: 'explaining a search query',
  explainSearchQueryDiff: 'comparing two search explanations',
  getRawDocuments: 'reading search documents',
  probeTransports: 'probing the operations transports',
  ...K8S_WHAT,
  ...DOCTOR_WHAT,
  ...INSPECT_WHAT,
  ...UPGRADE_WHAT,
  ...MESSAGING_WORDS,
  ...CLEANUP_WHAT,
  ...INGESTION_WHAT,
  getServerConfig: "reading the server's version",
  graphql: 'searching DataHub',
  consistencyChecks: 'listing the consistency checks',
  consistencyCheck: 'running a consistency check',
  consistencyFix: 'fixing consistency issues',
  consumerLag: "reading the indexing consumers' lag",
};
