/** Helpers for the source viewer's end-to-end tests: screenshots, requests, and where highlights land. */
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** Screenshots of the viewer at both sizes (SIEVE_SHOTS moves them, e.g. out of a test-results folder another run clears). */
const SHOTS = process.env.SIEVE_SHOTS ?? 'test-results/source-viewer';

export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Every request the page and its workers make, by URL. */
export function collectRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (r) => urls.push(r.url()));
  return urls;
}

interface Mark {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The highlight rectangles, in page units (PDF points from the top left), as the viewer placed them. */
export async function marks(viewer: Locator): Promise<Mark[]> {
  return viewer
    .getByTestId('highlight')
    .evaluateAll((els) => els.map((e) => ({ x: Number(e.dataset.x), y: Number(e.dataset.y), width: Number(e.dataset.width), height: Number(e.dataset.height) })));
}

/**
 * Checks the highlights lie over drawn text: each sits where its page units say on the canvas
 * (612 × 792 points), and the canvas pixels under it are partly dark (glyphs), not blank.
 */
export async function expectOverText(page: Page) {
  const result = await page.getByTestId('source-viewer').evaluate((viewer) => {
    const canvas = viewer.querySelector('canvas')!;
    const c = canvas.getBoundingClientRect();
    const ctx = canvas.getContext('2d')!;
    return [...viewer.querySelectorAll<HTMLElement>('[data-testid="highlight"]')].map((el) => {
      const r = el.getBoundingClientRect();
      const y = Number(el.dataset.y);
      const h = Number(el.dataset.height);
      // The element's box (less its 2 px padding) against where its page units put it.
      const expectedTop = c.top + (y / 792) * c.height;
      const sx = canvas.width / c.width;
      const sy = canvas.height / c.height;
      const x0 = Math.max(0, Math.floor((r.left + 2 - c.left) * sx));
      const y0 = Math.max(0, Math.floor((r.top + 2 - c.top) * sy));
      const w = Math.max(1, Math.floor((r.width - 4) * sx));
      const hh = Math.max(1, Math.floor((r.height - 4) * sy));
      const data = ctx.getImageData(x0, y0, w, hh).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 3 * 128) dark++;
      return {
        inside: r.left >= c.left - 3 && r.right <= c.right + 3 && r.top >= c.top - 3 && r.bottom <= c.bottom + 3,
        offset: Math.abs(r.top + 2 - expectedTop),
        heightPx: (h / 792) * c.height,
        darkShare: dark / (data.length / 4),
      };
    });
  });
  expect(result.length).toBeGreaterThan(0);
  for (const m of result) {
    expect(m.inside).toBe(true);
    expect(m.offset).toBeLessThan(3);
    expect(m.darkShare).toBeGreaterThan(0.04);
  }
}

/** The page has been drawn: its canvas is sized and not blank. */
export async function expectPageDrawn(viewer: Locator, n: number) {
  await expect(viewer.getByTestId('source-page')).toHaveAttribute('data-page', String(n));
  const dark = await viewer.getByTestId('page-canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 16) if (d[i] < 128) n++;
    return { n, w: c.width };
  });
  expect(dark.w).toBeGreaterThan(200);
  expect(dark.n).toBeGreaterThan(100);
}

export async function noSidewaysScroll(page: Page) {
  // The viewer covers the window; none of its parts reaches past the right edge.
  const widths = await page.getByTestId('source-viewer').evaluate((v) => ({
    scroll: v.scrollWidth,
    client: v.clientWidth,
    win: window.innerWidth,
    widest: Math.max(...[...v.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)),
  }));
  expect(widths.client).toBeLessThanOrEqual(widths.win);
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(widths.widest).toBeLessThanOrEqual(widths.win);
}
