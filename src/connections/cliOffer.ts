// With no connection yet, offer once to import the DataHub CLI's connection
// (only when the CLI is configured: env vars or ~/.datahubenv).
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { findCliConnection } from './logic/datahubenv';
import { hideUserInfo } from '../gms/redact';
import { Commands } from '../shared/commandIds';

const OFFERED_KEY = 'datahub.offeredCliImport';

export async function offerCliImportOnce(services: Services): Promise<void> {
  const { context, connections } = services;
  if (connections.list().length > 0 || context.globalState.get<boolean>(OFFERED_KEY)) return;
  const found = await findCliConnection().catch(() => undefined);
  if (!found || connections.list().length > 0 || context.globalState.get<boolean>(OFFERED_KEY)) return;
  await context.globalState.update(OFFERED_KEY, true);
  const pick = await safeWindow.showInformationMessage(
    `The DataHub CLI is set up for ${hideUserInfo(found.gmsUrl)} (${found.source}). Import it as a connection?`,
    'Import',
    'Not Now',
  );
  if (pick === 'Import') await vscode.commands.executeCommand(Commands.importFromCli);
}
