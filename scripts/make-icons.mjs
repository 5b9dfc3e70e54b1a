// Draws the manifest icons (apps/web/public/icons/*.png) from one SVG in Debian's Chromium, so no
// image library or remote service is needed. Run again after changing the mark:
//   node scripts/make-icons.mjs
// "any" icons: the mark on a rounded brand square. "maskable": full-bleed background, mark inside
// the 80 % safe zone (https://web.dev/articles/maskable-icon).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const out = new URL('../apps/web/public/icons/', import.meta.url);
const sizes = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const glyph = `<g fill="none" stroke="#fdf6ee" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round">
  <path d="m16 2-2.3 2.3a3 3 0 0 0 0 4.2l1.8 1.8a3 3 0 0 0 4.2 0L22 8"/><path d="M15 15 3.3 3.3a4.2 4.2 0 0 0 0 6l7.3 7.3c.7.7 2 .7 2.8 0L15 15Zm0 0 7 7"/>
  <path d="m2.1 21.8 6.4-6.3"/><path d="m19 5-7 7"/></g>`;
// scale: how much of the square the 24-unit glyph fills.
const svg = ({ rounded, scale }) => {
  const s = (100 * scale) / 24;
  const offset = (100 - 24 * s) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100%" height="100%">
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="#a8441d"/>
  <g transform="translate(${offset} ${offset}) scale(${s})">${glyph}</g></svg>`;
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
async function draw(file, size, options) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(options)}</body></html>`);
  writeFileSync(new URL(file, out), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}
for (const size of sizes) await draw(`icon-${size}.png`, size, { rounded: true, scale: 0.62 });
for (const size of [192, 512]) await draw(`maskable-${size}.png`, size, { rounded: false, scale: 0.46 });
await draw('apple-touch-icon.png', 180, { rounded: false, scale: 0.58 });
await browser.close();
console.log('icônes écrites dans', out.pathname);
