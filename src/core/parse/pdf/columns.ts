import { makeLine, type Cell, type Line, type LineStyle } from './lines';

// The gutter of a two-column layout is looked for in this middle band of the text width.
const BAND = [0.25, 0.75] as const;
// A column's line is prose when it has this many words, is mostly letters and fills its column.
const PROSE_WORDS = 4;
const PROSE_FILL = 0.6;
// Lines with prose on both sides of the gutter needed before a stretch is read as two columns.
const MIN_TWO_SIDED = 3;

/**
 * Splits a page's lines into the sequences ("flows") to be read one after the other: stretches
 * set in two columns become the left column's lines, then the right column's. Tables are left
 * whole: their cells are not prose on both sides of a gap.
 */
export function readingFlows(lines: Line[]): Line[][] {
  if (lines.length < MIN_TWO_SIDED) return [lines];
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  const gutter = findGutter(lines, left, right);
  if (gutter === null) return [lines];

  const flows: Line[][] = [];
  let single: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    if (crosses(lines[i], gutter)) {
      single.push(lines[i++]);
      continue;
    }
    let j = i;
    while (j < lines.length && !crosses(lines[j], gutter)) j++;
    const stretch = lines.slice(i, j);
    if (stretch.filter((l) => twoSidedProse(l, gutter, left, right)).length >= MIN_TWO_SIDED) {
      if (single.length) flows.push(single);
      single = [];
      for (const side of ['left', 'right'] as const) {
        const column = stretch.map((l) => sideLine(l, gutter, side)).filter((l): l is Line => l !== null);
        if (column.length) flows.push(column);
      }
    } else {
      single.push(...stretch);
    }
    i = j;
  }
  if (single.length) flows.push(single);
  return flows;
}

/**
 * The x with the most lines that have prose on both sides of it: each line offers the gaps
 * between its cells where both sides read as prose, and the gutter is the middle of the widest
 * stretch covered by the most such gaps.
 */
function findGutter(lines: Line[], left: number, right: number): number | null {
  const width = right - left;
  const [from, to] = [left + BAND[0] * width, left + BAND[1] * width];
  const events: Array<[number, number]> = [];
  for (const line of lines) {
    for (let k = 1; k < line.cells.length; k++) {
      const a = Math.max(line.cells[k - 1].x1, from);
      const b = Math.min(line.cells[k].x0, to);
      if (b <= a) continue;
      const x = (a + b) / 2;
      if (!isProse(line.cells.slice(0, k), x - left) || !isProse(line.cells.slice(k), right - x)) continue;
      events.push([a, 1], [b, -1]);
    }
  }
  events.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  let depth = 0;
  let best = 0;
  let gutter: number | null = null;
  let widest = 0;
  for (let i = 0; i < events.length; i++) {
    depth += events[i][1];
    const next = events[i + 1]?.[0];
    if (next === undefined || next <= events[i][0]) continue;
    if (depth > best || (depth === best && next - events[i][0] > widest)) {
      [best, widest, gutter] = [depth, next - events[i][0], (events[i][0] + next) / 2];
    }
  }
  return best >= MIN_TWO_SIDED ? gutter : null;
}

function crosses(line: Line, x: number): boolean {
  return line.cells.some((c) => c.x0 < x && c.x1 > x);
}

function twoSidedProse(line: Line, x: number, left: number, right: number): boolean {
  const l = line.cells.filter((c) => c.x1 <= x);
  const r = line.cells.filter((c) => c.x0 >= x);
  return l.length > 0 && r.length > 0 && isProse(l, x - left) && isProse(r, right - x);
}

function isProse(cells: Cell[], columnWidth: number): boolean {
  const text = cells.map((c) => c.text).join(' ');
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  const extent = Math.max(...cells.map((c) => c.x1)) - Math.min(...cells.map((c) => c.x0));
  return text.split(/\s+/).length >= PROSE_WORDS && letters >= 3 * digits && extent >= PROSE_FILL * columnWidth;
}

function sideLine(line: Line, x: number, side: 'left' | 'right'): Line | null {
  const cells = line.cells.filter((c) => (side === 'left' ? c.x1 <= x : c.x0 >= x));
  return cells.length ? makeLine(line.page, cells, cellsStyle(cells, line)) : null;
}

/**
 * The style of most of these cells' characters, from each cell's own style (else `fallback`): a
 * column's half of a line shared with the other column takes its own size and weight, not the
 * whole line's (a heading beside body text).
 */
function cellsStyle(cells: Cell[], fallback: LineStyle): LineStyle {
  if (cells.some((c) => !c.style)) return fallback;
  const bySize = new Map<number, number>();
  let bold = 0;
  let chars = 0;
  for (const c of cells) {
    const n = c.text.length;
    bySize.set(c.style!.fontSize, (bySize.get(c.style!.fontSize) ?? 0) + n);
    chars += n;
    if (c.style!.bold) bold += n;
  }
  const fontSize = [...bySize].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
  return { y: fallback.y, fontSize, bold: bold * 2 > chars };
}
