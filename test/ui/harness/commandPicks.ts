// A command whose quick picks a flow answers right after the step before opened a webview.
import type { Workbench } from './workbench';

/**
 * Runs a command and picks `labels` in the quick picks it shows, one after the other. A page that takes focus
 * as it settles (a webview the step before opened) closes the command's own quick pick as it closes the palette
 * (Workbench.runCommand): once the pick is seen closed, the command is run again, once. Only for commands whose
 * picks come before anything is sent.
 */
export async function runCommandAndPick(wb: Workbench, title: string, labels: Array<string | RegExp>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await wb.runCommand(title);
    try {
      for (const label of labels) await wb.pickQuickInputItem(label);
      return;
    } catch (error) {
      if (attempt === 2 || (await wb.quickInputBox.isVisible())) throw error;
    }
  }
}
