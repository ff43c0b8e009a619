// The restore feature: restore-indices commands (one URN, a pattern, a time window, URN
// lists) and URNs in editors (hover, restore at the cursor, the file and selection).
// Handing a restore to DataHub's own job is the jobs feature's; is it in search is
// Search Health's. extension.ts uses it through here.
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsRestore = typeof import('./commands');
import { commandIdsOf } from '../shared/commandIds';
import { registerEditorFeatures } from './editor/editorSurfaces';
import type { CursorOnUrnState } from './editor/cursorContext';
import type { MentionState } from './editor/mentionContext';

export type { AtCursorResult } from './editor/restoreAtCursor';
export type { UrnListResult } from './editor/restoreUrnList';
export type { RestoreUrnResult } from './restore';
export type { PatternResult } from './restorePattern';
/** The argument schemas of the restore commands (the typed API's parameter types). */
export type { restoreArgs, RestoreApi } from './table';

/** The restore seam: the editor's context keys datahub.cursorOnUrn and datahub.documentHasUrn / selectionHasUrn, as last sent. */
export interface RestoreSeam {
  cursorOnUrn: Readonly<CursorOnUrnState>;
  mentions: Readonly<MentionState>;
}

export function register(services: Services): FeatureRegistration<RestoreSeam> {
  const editor = registerEditorFeatures(services);
  const commands = deferCommands(
    { name: 'restore features', commands: commandIdsOf('restore'), load: () => loadFeature<CommandsRestore>('restore').registerCommands(services) },
    services.log,
  );
  return {
    disposables: [commands, ...editor.disposables],
    seam: { cursorOnUrn: editor.cursorOnUrn, mentions: editor.mentions },
    afterActivation: editor.start,
  };
}
