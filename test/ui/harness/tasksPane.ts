// DataHub Tasks opened with room for its rows' progress: the pane expanded, the side bar dragged
// wider by `widen` pixels, the Timeseries Indices pane folded away.
import type { Workbench } from './workbench';

export async function showTasksWide(wb: Workbench, widen: number): Promise<void> {
  const header = wb.page.locator('.part.sidebar .pane-header', { hasText: 'DataHub Tasks' });
  await header.waitFor({ timeout: 20_000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const box = await wb.page.locator('.part.sidebar').boundingBox();
  if (box) {
    await wb.page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
    await wb.page.mouse.down();
    await wb.page.mouse.move(box.x + box.width + widen, box.y + box.height / 2, { steps: 8 });
    await wb.page.mouse.up();
  }
  const indices = wb.page.locator('.part.sidebar .pane-header', { hasText: 'Timeseries Indices' });
  if ((await indices.getAttribute('aria-expanded')) === 'true') await indices.click();
}
