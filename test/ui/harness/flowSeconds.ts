// Each UI flow's length in seconds, from the ui and ui-2 stages of one clean-clone `npm test` (both parts side by side
// with the other lanes on two cores): what shardOf balances the parts by. A flow not listed is estimated from its
// size (flowWeight). Refresh from the "✔ <describe title> (N ms)" lines of a whole run when flows change much.
export const FLOW_SECONDS: Record<string, number> = {
  chart: 76,
  clusterJob: 119,
  doctor: 57,
  doctorAll: 71,
  doctorQueue: 50,
  entityCounts: 80,
  explain: 70,
  gc: 40,
  gcChange: 61,
  ingestion: 53,
  inspect: 75,
  production: 68,
  restore: 85,
  restoreJob: 47,
  retention: 56,
  search: 79,
  searchHealth: 63,
  surfaces: 79,
  transport: 39,
  truncate: 78,
  upgradeReadiness: 132,
  upgradeReindex: 65,
  urnList: 50,
};
