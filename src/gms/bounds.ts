// Two bounds of the wire layer that the views read too, apart from the request checks
// (validate.ts re-exports them) so loading a view does not load the checks.

/** Upper bound the client allows for restore and truncate batch sizes. */
export const MAX_BATCH_SIZE = 10_000;

/**
 * A search-engine task id as DataHub passes it on: "<nodeId>:<taskNumber>", the node
 * id URL-safe base64 and the number a Java long (OperationsResource.java,
 * datahub-project/datahub, getTaskStatus splits it at ':' and parses a long).
 * The one pattern: the prompt, the client and the truncate parser all use it.
 */
export const TASK_ID = /^([A-Za-z0-9_-]+):(\d{1,19})$/;
