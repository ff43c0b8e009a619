// Fault rules of the sandbox (faults.ts applies them): what a request that matches gets instead of
// its answer. Part of the contract in api.ts, which re-exports them.

export type FaultKind =
  | { kind: 'latency'; ms: number } // delay before answering normally
  | { kind: 'reset' } // destroy the socket before any response
  | { kind: 'resetMidBody' } // send headers and part of the body, then destroy
  | { kind: 'status'; status: number; body?: string; contentType?: string } // arbitrary status/body
  | { kind: 'html'; status: number } // an HTML error page (nginx/servlet style)
  | { kind: 'truncated' } // a 200 whose JSON body is cut short (Content-Length honest)
  | { kind: 'oversized'; bytes: number } // a 200 with a valid-looking body of that many bytes
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'restliError'; status: number; message: string } // Rest.li JSON error body + header
  | { kind: 'throttled'; retryAfterSeconds: number } // 429 with Retry-After, as GMS throttles (GlobalControllerExceptionHandler.java)
  /**
   * restoreIndices on a newer server: these internal batches (0-based, in answer order) fail inside
   * GMS, which logs and drops them: their rows are not restored and their result lines are missing.
   */
  | { kind: 'failedBatches'; batches: number[] };

export interface FaultRule {
  fault: FaultKind;
  /** Only for this action (default: every request); `config` for GET /config. */
  action?: string;
  /** Only when the restore `start` parameter (body, or OpenAPI query) equals this (to fail one page of a bulk run). */
  start?: number;
  /**
   * Only for a truncateTimeseriesAspect of this aspect (compared case-insensitively, as the
   * server does), to fail one index of several. With `dryRun: false`, only real runs: e.g. a
   * search engine that refuses the delete-by-query of one index (an `es_rejected_execution_exception`
   * or a `cluster_block_exception`, which GMS's OperationsResource.java answers as a 500).
   */
  aspect?: string;
  /** Only truncate requests whose dryRun is this (the server's default is true). */
  dryRun?: boolean;
  /**
   * Only requests over this transport (default both). OpenAPI requests are matched by `action` as the
   * endpoint name: getIndexSizes, restoreIndices, getTaskStatus, explainSearchQuery, explainSearchQueryDiff, entity/raw.
   */
  transport?: 'restli' | 'openapi';
  /** Apply to this many matching requests, then expire (default: unlimited). */
  times?: number;
  /** Let this many matching requests pass first (default 0). */
  skip?: number;
}
