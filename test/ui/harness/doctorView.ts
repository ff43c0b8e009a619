// The DataHub Doctor's pane, opened for the flows that look at it: the DataHub container shown, the
// other panes folded away (the Doctor runs its report when first shown), and the side bar widened
// (its sash dragged) so the summaries and next steps read whole.
import type { Workbench } from './workbench';

export const DOCTOR_VIEW = 'DataHub Doctor';

export async function openDoctorWide(wb: Workbench): Promise<void> {
  const { page } = wb;
  await wb.openViewContainer('DataHub');
  const header = (name: string) => page.locator('.part.sidebar .pane-header', { hasText: name });
  const fold = async (name: string, open: boolean) => {
    for (let i = 0; i < 3 && (await header(name).getAttribute('aria-expanded')) !== String(open); i++) {
      await header(name).click();
      await page.waitForTimeout(300);
    }
  };
  await fold('Timeseries Indices', false);
  await fold('Search Health', false);
  await fold(DOCTOR_VIEW, true);
  const bar = await page.locator('.part.sidebar').boundingBox();
  if (bar) {
    const y = bar.y + bar.height / 2;
    await page.mouse.move(bar.x + bar.width + 1, y);
    await page.mouse.down();
    await page.mouse.move(bar.x + bar.width + 420, y, { steps: 5 });
    await page.mouse.up();
  }
}
