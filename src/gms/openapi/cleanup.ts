// An entity cleanup's two deletes, OpenAPI v3 under the GMS base (../cleanupTypes.ts names the files):
//   DELETE /openapi/v3/entity/{entityName}/{urn}                 for good (200, no body)
//   POST   /openapi/v3/entity/{entityName}/{urn}/status?async=false&createIfNotExists=false
//          {"value": {"removed": true}}                           soft delete (an upsert of the status aspect)
// Neither is retried (readOnly: false): a delete that timed out is reported as failed, never sent twice.
// A 404 with a body is a server without the v3 entity API (errors.ts says which release to use).
import type { CleanupOperations } from '../cleanupTypes';
import { validateUrn } from '../validate';
import type { WireContext } from '../wire';
import { createOpenapiCaller } from './call';
import { v3EntityPath } from './requests';

export function createCleanupOperations(ctx: WireContext): CleanupOperations {
  const call = createOpenapiCaller(ctx, '');
  return {
    async hardDelete(urn, signal) {
      const checked = validateUrn(urn, 'urn', 'hardDeleteEntity');
      await call({ action: 'hardDeleteEntity', endpoint: v3EntityPath(checked), method: 'DELETE', readOnly: false, parse: () => undefined }, signal);
    },
    async softDelete(urn, signal) {
      const checked = validateUrn(urn, 'urn', 'softDeleteEntity');
      await call(
        {
          action: 'softDeleteEntity',
          endpoint: `${v3EntityPath(checked)}/status`,
          method: 'POST',
          query: [
            ['async', 'false'],
            ['createIfNotExists', 'false'],
          ],
          body: { value: { removed: true } },
          readOnly: false,
          parse: () => undefined,
        },
        signal,
      );
    },
  };
}
