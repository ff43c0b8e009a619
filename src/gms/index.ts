// The lazily loaded network stack (bundled as dist/gms.js): the client and
// everything the extension needs from it. No `vscode` import below this folder.
export { createGmsClient, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT } from './client';
export { GmsError, isGmsError, isNotOffered, PRIVILEGES, type GmsErrorCode, type GmsErrorInit } from './errors';
export { MAX_URN_BYTES, decodeUrn, isValidUrn, parseUrn, type ParsedUrn, type UrnParse } from './urn';
export { normaliseGmsUrl } from './url';
export { deriveEntityAspect } from './indexSize';
export { parseIndexSizes } from './restli/indexSizes';
export { parseRestoreResult } from './restli/restoreResult';
export { parseTruncateResult } from './restli/truncate';
export { parseTaskStatus } from './restli/taskStatus';
export { parseServerConfig } from './serverConfig';
export { decodeEnvelope } from './restli/envelope';
export { MAX_BATCH_SIZE, restoreBody, truncateBody, validateIdentifier, validateInteger, validateTask, validateUrn, validateUrnLike } from './validate';
export { bypassesProxy } from './proxy';
export { createSearch } from './graphql/search';
export { graphqlHttpError, readGraphQLAnswer } from './graphql/post';
export { CHECK_QUERY, FIND_QUERY, parseCheckData, parseFindData, checkVariables, findVariables } from './graphql/queries';
export { openapiHttpError, openapiMessageOf } from './openapi/openapiErrors';
export { parseExplainDiff, parseExplanation, parseOpenapiIndexSizes, parseOpenapiRestore, parseOpenapiTaskStatus, parseRawDocuments } from './openapi/answers';
export { OPENAPI_OPERATIONS_PATH } from './openapi/openapiOperations';
export { DATAHUB_TOPIC_ALIASES, MESSAGE_PAGE_MAX, MESSAGE_TEXT_MAX } from './doctorTypes';
export type * from './types';
