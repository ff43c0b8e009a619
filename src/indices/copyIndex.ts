// Copy Index Name / Copy Entity Type and Aspect — from an index's context menu.
// The argument is the tree element { kind: 'index', index } or { indexName } /
// { entityName, aspectName }; result { text } (what went to the clipboard).
import * as vscode from 'vscode';
import * as safeWindow from '../ui/safeWindow';
import type { Services } from '../ui/services';
import { entityAspectText } from '../model/indices/indices';
import { registerCommand } from '../ui/commandRunner';

interface IndexRef {
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

async function copy(text: string, what: string): Promise<{ text: string }> {
  await vscode.env.clipboard.writeText(text);
  safeWindow.setStatusBarMessage(`$(copy) Copied ${what}: ${text}`, 3000);
  return { text };
}

export function registerCopyCommands(services: Services): vscode.Disposable[] {
  const nothing = () => new Error('Run this from an index in the Timeseries Indices view (right-click an index).');
  return [
    registerCommand<IndexRef>(services, 'datahub.copyIndexName', async (arg) => {
      const name = field(arg, 'indexName');
      if (!name) throw nothing();
      return copy(name, 'index name');
    }),
    registerCommand<IndexRef>(services, 'datahub.copyEntityAspect', async (arg) => {
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
