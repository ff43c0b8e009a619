// `npm run readme:images`: the README's pictures, from the UI suite's screenshots
// (`npm run test:ui` writes test-results/screenshots/), so they never go stale. Each
// picture is one named screenshot, cropped to what it shows and re-encoded as a small
// JPEG by the same headless Chromium the UI suite drives (no image tool needed). The
// pictures land in media/readme/, which the package includes (.vscodeignore) and the
// README names (a unit test and the package test check both ends).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchChromium } from '../host/browser';
import { REPO_ROOT } from '../host/codeServer';
import { PICTURES } from './readmePictures';

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');
const README_IMAGE_DIR = path.join(REPO_ROOT, 'media', 'readme');

const QUALITY = 72;

async function main(): Promise<void> {
  const missing = PICTURES.filter((p) => !fs.existsSync(path.join(SCREENSHOTS, `${p.from}.png`))).map((p) => `${p.from}.png`);
  if (missing.length) {
    console.error(`readme:images: missing in ${path.relative(REPO_ROOT, SCREENSHOTS)}/: ${missing.join(', ')}. Run npm run test:ui first.`);
    process.exit(1);
  }
  fs.mkdirSync(README_IMAGE_DIR, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const p of PICTURES) {
      const scale = p.width / p.crop.width;
      const height = Math.round(p.crop.height * scale);
      const page = await browser.newPage({ viewport: { width: p.width, height }, deviceScaleFactor: 1 });
      const png = fs.readFileSync(path.join(SCREENSHOTS, `${p.from}.png`)).toString('base64');
      // The whole screenshot scaled, shifted so the crop sits at the page's corner.
      const img = `width:${Math.round(1400 * scale)}px;position:absolute;left:${-Math.round(p.crop.x * scale)}px;top:${-Math.round(p.crop.y * scale)}px`;
      await page.setContent(`<body style="margin:0;overflow:hidden"><img style="${img}" src="data:image/png;base64,${png}"></body>`);
      await page.locator('img').evaluate((el: HTMLImageElement) => el.decode());
      const file = path.join(README_IMAGE_DIR, p.out);
      await page.screenshot({ path: file, type: 'jpeg', quality: QUALITY, clip: { x: 0, y: 0, width: p.width, height } });
      await page.close();
      console.log(`${path.relative(REPO_ROOT, file)}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB from ${p.from}.png`);
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
