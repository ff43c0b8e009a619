// The side bar made wider for a flow's screenshots: its sash dragged to the right, as a person would.
import type { Workbench } from './workbench';

export async function widenSideBar(wb: Workbench, by: number): Promise<void> {
  const bar = await wb.page.locator('.part.sidebar').boundingBox();
  if (!bar) return;
  const y = bar.y + bar.height / 2;
  await wb.page.mouse.move(bar.x + bar.width + 1, y);
  await wb.page.mouse.down();
  await wb.page.mouse.move(bar.x + bar.width + by, y, { steps: 5 });
  await wb.page.mouse.up();
}
