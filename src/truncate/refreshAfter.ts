// After rows were deleted: the index sizes fetched again, quietly (a failure goes to the log).
import type { Services } from '../platform/services';
import { reportError } from '../platform/commandRunner';

/** The sizes shrink once deleted rows are gone; a failed refresh is logged, not shown. */
export async function refreshAfterTruncate(services: Services): Promise<void> {
  try {
    await services.indexSizes.refresh();
  } catch (error) {
    reportError(services, error, { action: 'getIndexSizes' }, { source: 'truncate: refresh after the deletion', notify: false });
  }
}
