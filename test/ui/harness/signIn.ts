// The flows' first step: DataHub: Set Access Token… for the active connection, through
// the password box, then a clean slate of notifications.
import type { Workbench } from './workbench';

export async function setAccessToken(wb: Workbench, token: string): Promise<void> {
  await wb.runCommand('DataHub: Set Access Token…');
  await wb.quickInput.locator('input[type="password"]').waitFor();
  await wb.typeInQuickInput(token);
  await wb.waitForNotification(/Access token stored/);
  await wb.clearNotifications();
}
