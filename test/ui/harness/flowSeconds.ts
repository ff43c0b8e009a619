// Each UI flow's length in seconds, the mean of the ui and ui-2 stages of two clean-clone `npm test` runs (both parts
// side by side with the other lanes on two cores): what shardOf balances the parts by. A flow not listed is estimated from its
// size (flowWeight). Refresh from the "✔ <describe title> (N ms)" lines of a whole run when flows change much.
export const FLOW_SECONDS: Record<string, number> = {
  chart: 67,
  clusterJob: 113,
  doctor: 50,
  doctorAll: 67,
  doctorQueue: 43,
  entityCounts: 74,
  explain: 63,
  gc: 38,
  gcChange: 72,
  ingestion: 43,
  inspect: 65,
  production: 54,
  restore: 80,
  restoreJob: 39,
  retention: 56,
  search: 65,
  searchHealth: 67,
  surfaces: 80,
  transport: 35,
  truncate: 75,
  upgradeReadiness: 130,
  upgradeReindex: 63,
  urnList: 45,
};
