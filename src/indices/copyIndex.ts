// Copy Index Name / Copy Entity Type and Aspect / Copy Entity Type — from the
// context menu of an index or an entity group. The argument is the tree element
// ({ kind: 'index', index } or { kind: 'group', entityName }) or { indexName } /
// { entityName, aspectName }; result { text } (what went to the clipboard).
// Without an argument (Ctrl+C / Cmd+C on the focused tree, which passes none)
// they act on the tree's selection.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { entityAspectText } from './logic/indices';
import { registerCommand } from '../platform/commandRunner';
import { isOurRow } from '../platform/treeRows';
import { Commands } from '../shared/commandIds';
import { parseArgs, type ArgSchema } from '../shared/args';
import { copyEntityAspectArgs, copyEntityTypeArgs, copyIndexNameArgs } from './logic/args';
import { OTHER_INDICES } from '../shared/namedIndices';

interface IndexRef {
  kind?: unknown;
  indexName?: unknown;
  entityName?: unknown;
  aspectName?: unknown;
  named?: unknown;
  index?: { indexName?: unknown; entityName?: unknown; aspectName?: unknown; named?: unknown };
}

function field(arg: IndexRef | undefined, key: 'indexName' | 'entityName' | 'aspectName'): string | undefined {
  const value = arg?.index?.[key] ?? arg?.[key];
  return typeof value === 'string' && value ? value : undefined;
}

/** A row the tree handed out ({ kind, index } or { kind: 'group', … }) is read as it is; anything else goes through the command's schema. */
function refOf(command: string, schema: ArgSchema, arg: IndexRef | undefined): IndexRef | undefined {
  if (arg === undefined || isOurRow(arg)) return arg;
  return parseArgs(command, schema, arg) as IndexRef;
}

async function copy(text: string, what: string): Promise<{ text: string; message: string }> {
  await vscode.env.clipboard.writeText(text);
  const message = `Copied ${what}: ${text}`;
  safeWindow.setStatusBarMessage(`$(copy) ${message}`, 3000);
  return { text, message };
}

export function registerCopyCommands(services: Services) {
  const nothing = () => new Error('Run this from an index in the Timeseries Indices view (right-click an index).');
  const noGroup = () => new Error('Run this from an entity group in the Timeseries Indices view (right-click a group).');
  /** The argument, or the tree's selection when called without one (a keybinding). */
  const target = (arg: IndexRef | undefined): IndexRef | undefined => arg ?? (services.indicesView.selected() as IndexRef | undefined);
  const copyEntityType = (arg: IndexRef | undefined) => {
    const entityName = arg?.kind === 'group' || arg?.kind === undefined ? field(arg, 'entityName') : undefined;
    if (!entityName) throw noGroup();
    if (entityName === OTHER_INDICES) throw new Error(`"${OTHER_INDICES}" is not an entity type: it holds indices the server did not name.`);
    return copy(entityName, 'entity type');
  };
  return [
    registerCommand<typeof Commands.copyIndexName, IndexRef>(services, Commands.copyIndexName, async (given) => {
      const arg = refOf(Commands.copyIndexName, copyIndexNameArgs, given);
      const ref = target(arg);
      // Ctrl+C on a selected group copies what the group names.
      if (!arg && ref?.kind === 'group') return copyEntityType(ref);
      const name = field(ref, 'indexName');
      if (!name) throw nothing();
      return copy(name, 'index name');
    }),
    registerCommand<typeof Commands.copyEntityType, IndexRef>(services, Commands.copyEntityType, async (arg) =>
      copyEntityType(target(refOf(Commands.copyEntityType, copyEntityTypeArgs, arg))),
    ),
    registerCommand<typeof Commands.copyEntityAspect, IndexRef>(services, Commands.copyEntityAspect, async (given) => {
      const arg = refOf(Commands.copyEntityAspect, copyEntityAspectArgs, given);
      const entityName = field(arg, 'entityName');
      const aspectName = field(arg, 'aspectName');
      if (!entityName || !aspectName) throw nothing();
      // Names derived from an index the server did not name would address another index when truncating.
      if (arg?.index?.named === false || arg?.named === false) {
        throw new Error(`The server did not name the entity type and aspect of ${field(arg, 'indexName') ?? 'this index'}; there are none to copy.`);
      }
      return copy(entityAspectText({ entityName, aspectName }), 'entity type and aspect');
    }),
  ];
}
