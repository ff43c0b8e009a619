// Shared by the system-update suites: the rows DataHub Tasks shows (label and description), a
// system-update Job started in the sandbox, and the watch command with a one-second poll.
import { api, exec } from './core';
import { sandbox } from '../../host/inHost';
import { Commands } from '../../../src/shared/commandIds';
import type { UpgradeSnapshot } from '../../../src/jobs';

export const JOB = 'datahub-datahub-system-update-job';
export const systemUpdate = (body: Record<string, unknown>) => sandbox.control('POST', '/k8s/systemUpdate', body);
export const watch = (arg: Record<string, unknown> = {}) => exec<UpgradeSnapshot>(Commands.watchUpgradeReindex, { pollSeconds: 1, ...arg });

export async function taskRows(): Promise<Array<{ label: string; description: string }>> {
  const { truncate } = await api();
  const rows = (await truncate.provider?.getChildren()) ?? [];
  const items = await Promise.all(rows.map((r) => truncate.provider!.getTreeItem(r)));
  return items.map((i) => ({ label: String(i.label), description: String(i.description) }));
}
