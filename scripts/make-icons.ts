/**
 * Renders the app's install icons (public/icons/*.png) from the favicon's drawing, in Chromium:
 * `npx tsx scripts/make-icons.ts`. The PNGs are committed; run this again only to change them.
 */
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../playwright.config';

const OUT = join(import.meta.dirname, '..', 'public', 'icons');
const TEAL = '#2f5d62';
/** The three bars of the favicon, drawn in a 32×32 box. */
const BARS = '<path d="M8 11h16M10 16h12M12 21h8" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>';

/** `any` icons: the favicon's disc. Maskable: a full-bleed square with the bars inside the central safe circle (80 %). */
const ICONS: Array<{ file: string; size: number; svg: string }> = [
  { file: 'icon-192.png', size: 192, svg: `<circle cx="16" cy="16" r="15" fill="${TEAL}"/>${BARS}` },
  { file: 'icon-512.png', size: 512, svg: `<circle cx="16" cy="16" r="15" fill="${TEAL}"/>${BARS}` },
  { file: 'apple-touch-icon.png', size: 180, svg: `<rect width="32" height="32" fill="${TEAL}"/>${BARS}` },
  { file: 'maskable-512.png', size: 512, svg: `<rect width="32" height="32" fill="${TEAL}"/><g transform="translate(3.2 3.2) scale(0.8)">${BARS}</g>` },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${icon.size}" height="${icon.size}">${icon.svg}</svg>`;
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    writeFileSync(join(OUT, icon.file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } }));
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
