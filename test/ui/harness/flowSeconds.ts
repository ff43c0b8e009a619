// Each UI flow's length in seconds, the mean of the ui and ui-2 stages of three clean-clone `npm test` runs (both parts
// side by side with the other lanes on two cores): what shardOf balances the parts by. A flow not listed is estimated from its
// size (flowWeight). Refresh from the "✔ <describe title> (N ms)" lines of a whole run when flows change much.
export const FLOW_SECONDS: Record<string, number> = {
  chart: 51,
  clusterJob: 102,
  doctor: 62,
  doctorAll: 68,
  doctorQueue: 38,
  entityCounts: 59,
  explain: 71,
  gc: 52,
  gcChange: 109,
  ingestion: 43,
  inspect: 49,
  production: 37,
  restore: 57,
  restoreJob: 39,
  retention: 55,
  search: 47,
  searchHealth: 69,
  surfaces: 75,
  transport: 33,
  truncate: 64,
  upgradeReadiness: 122,
  upgradeReindex: 74,
  urnList: 48,
};
