import { describe, expect, it } from 'vitest';
import { buildPageLines } from './lines';
import { parsePdfSource } from './parse';
import type { PdfPage, PdfTextItem } from './source';
import { item, page, prose, source } from '../../../testing/synthetic-pdf';

/**
 * Runs laid out in a frame turned `angle` degrees clockwise (as displayed, y down): `u` along the
 * baseline from `origin`, `v` down the text (the next line).
 */
function turned(angle: number, origin: [number, number], runs: Array<[text: string, u: number, v: number]>): PdfTextItem[] {
  const t = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(t), Math.sin(t)];
  return runs.map(([text, u, v]) => ({
    ...item(text, origin[0] + u * cos - v * sin, origin[1] + u * sin + v * cos),
    angle,
  }));
}

const TABLE: Array<[string, number, number]> = [
  ['Region', 0, 0],
  ['Units', 150, 0],
  ['North', 0, 14],
  ['1,200', 150, 14],
  ['South', 0, 28],
  ['940', 150, 28],
];

const texts = (p: PdfPage) => buildPageLines(p).lines.map((l) => l.cells.map((c) => c.text).join(' | '));

describe('buildPageLines: text that is not upright', () => {
  it.each([90, -90, 180])('reads a page whose text runs at %d degrees along its baselines', (angle) => {
    const p: PdfPage = { page: 1, width: 612, height: 792, items: turned(angle, [306, 396], [['Totals by region', 0, -20], ...TABLE]) };
    expect(texts(p)).toEqual(['Totals by region', 'Region | Units', 'North | 1,200', 'South | 940']);
    // Height is measured across the baselines: a page read sideways is 612 points "tall".
    expect(buildPageLines(p).height).toBeCloseTo(Math.abs(angle) === 90 ? 612 : 792);
  });

  it('keeps skewed lines whole, table cells included', () => {
    const p: PdfPage = { page: 1, width: 612, height: 792, items: turned(4, [72, 100], [['Skewed heading line', 0, -20], ...TABLE]) };
    expect(texts(p)).toEqual(['Skewed heading line', 'Region | Units', 'North | 1,200', 'South | 940']);
  });

  it('reads a sideways table on an upright page after the page’s upright text', () => {
    const upright = page(1, prose(100, ['Upright prose opens the page and explains the table,', 'which is printed sideways below it.']));
    const p: PdfPage = { ...upright, items: [...upright.items, ...turned(-90, [100, 700], TABLE)] };
    const lines = buildPageLines(p).lines;
    expect(lines.map((l) => l.text)).toEqual([
      'Upright prose opens the page and explains the table,',
      'which is printed sideways below it.',
      'Region Units',
      'North 1,200',
      'South 940',
    ]);
    expect(lines.map((l) => l.y)).toEqual([...lines.map((l) => l.y)].sort((a, b) => a - b));
  });

  it('leaves upright pages as they were', () => {
    const p = page(1, [
      {
        y: 100,
        cells: [
          ['A', 72],
          ['B', 300],
        ],
      },
      { y: 113, text: 'Plain line' },
    ]);
    const { lines, height } = buildPageLines(p);
    expect(height).toBe(792);
    expect(lines.map((l) => [l.y, l.x0, l.text])).toEqual([
      [100, 72, 'A B'],
      [113, 72, 'Plain line'],
    ]);
  });
});

describe('parsePdfSource: rotated text', () => {
  it('reads a page of sideways text without calling it scanned', () => {
    const first = page(1, prose(100, ['The first page is upright and reads as usual.']));
    const second: PdfPage = { page: 2, width: 792, height: 612, items: turned(90, [540, 72], TABLE) };
    const doc = parsePdfSource(source([first, second]), 'mixed.pdf');
    expect(doc.text.slice(doc.pages[1].start, doc.pages[1].end)).toContain('Region | Units\nNorth | 1,200\nSouth | 940');
    expect(doc.warnings.filter((w) => /scanned/.test(w))).toEqual([]);
  });
});
