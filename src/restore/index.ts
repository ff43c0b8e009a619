// The restore feature: restore-indices commands (one URN, a pattern, a time window, URN
// lists) and URNs in editors (hover, restore at the cursor, the file and selection).
// Handing a restore to DataHub's own job is the jobs feature's; is it in search is
// Search Health's. extension.ts uses it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeatures } from '../platform/loadFeatures';
import { Commands } from '../shared/commandIds';
import { registerEditorFeatures } from './editor';
import type { CursorOnUrnState } from './editor/cursorContext';

export type { AtCursorResult } from './editor/restoreAtCursor';
export type { UrnListResult } from './editor/restoreUrnList';
export type { RestoreUrnResult } from './restore';
export type { PatternResult } from './restorePattern';
/** The argument schemas of the restore commands (the typed API's parameter types). */
export type { restoreArgs } from './logic/args';

/** The restore seam: the editor's context key datahub.cursorOnUrn, as last sent. */
export interface RestoreSeam {
  cursorOnUrn: Readonly<CursorOnUrnState>;
}

/** The commands whose code loads on the first of them (./commands.ts). */
export const RESTORE_COMMANDS = [
  Commands.restoreIndices,
  Commands.restoreIndicesByPattern,
  Commands.restoreIndicesChangedBetween,
  Commands.cancelRestore,
  Commands.restoreUrnAtCursor,
  Commands.restoreUrnsInFile,
  Commands.restoreUrnsInSelection,
] as const;

export function register(services: Services): FeatureRegistration<RestoreSeam> {
  const editor = registerEditorFeatures(services);
  const commands = deferCommands(
    { name: 'restore features', commands: RESTORE_COMMANDS, load: () => loadFeatures().restore.registerCommands(services) },
    services.log,
  );
  return {
    disposables: [commands, ...editor.disposables],
    seam: { cursorOnUrn: editor.cursorOnUrn },
  };
}
