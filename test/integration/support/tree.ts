// Shared by the index sizes tree suites: a sandbox connection sorted by size with
// no filter, reset after each test; and a refresh through the command.
import { connectSandbox, exec, removeAllConnections, sandbox, SANDBOX_TOKENS } from './core';
import { Commands } from '../../../src/shared/commandIds';

/** Re-exported for the tree suites, whose imports from core are already long. */
export { hideDataHubViews } from './core';

export interface Snapshot {
  connection: { name: string; gmsUrl: string };
  totalMb: number;
  indices: Array<{ entityName: string; aspectName: string; indexName: string; sizeMb: number | null }>;
}

export async function refreshed(): Promise<Snapshot> {
  return exec<Snapshot>(Commands.refreshIndexSizes, {});
}

/** The hooks of a tree suite (call inside its describe). */
export function useTreeSuite(): void {
  before(async () => {
    await sandbox.reset();
    await removeAllConnections();
    await connectSandbox('sandbox', SANDBOX_TOKENS.admin);
    await exec(Commands.sortBySize, {});
    await exec(Commands.clearFilter, {});
  });
  afterEach(async () => {
    await sandbox.reset();
    await exec(Commands.clearFilter, {});
  });
  after(async () => {
    await removeAllConnections();
  });
}
