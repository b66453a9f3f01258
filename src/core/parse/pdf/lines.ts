import { cleanLine } from '../../text';
import { UNMAPPED } from './ligatures';
import type { PdfPage, PdfTextItem } from './source';
import { isWordTail, joinSplitTails } from './letter-spacing';

/** Text between two wide gaps of a line, with its horizontal extent. */
export interface Cell {
  text: string;
  x0: number;
  x1: number;
  /** The style of most of the cell's characters (absent for cells made by hand). */
  style?: LineStyle;
}

/** A line's or a cell's baseline, font size and weight. */
export interface LineStyle {
  y: number;
  fontSize: number;
  bold: boolean;
}

/** One visual line of a page: runs that share a baseline, in reading order. */
export interface Line {
  page: number;
  /** Baseline, from the top of the page. */
  y: number;
  x0: number;
  x1: number;
  /** Size of the font carrying most of the line's characters. */
  fontSize: number;
  /** Most of the line's characters are bold. */
  bold: boolean;
  /** Text split where runs are separated by a wide gap (table cells, columns); one cell for ordinary lines. */
  cells: Cell[];
  /** Cells joined by a space. */
  text: string;
}

// Baselines closer than this share a line (room for superscript footnote markers).
const SAME_LINE = 0.45;
// Horizontal gaps wider than this (in ems) mean a space.
const SPACE_GAP = 0.15;
// A run of a word's last letter or two after a gap narrower than this (in ems, less than a
// word space) is the rest of that word, split off by letter-spacing: "Equit" + "y".
const TAIL_GAP = 0.25;
// Horizontal gaps wider than this (in ems) separate table cells.
const CELL_GAP = 1.2;

// Runs whose directions differ by less than this (degrees) are read in the same frame.
const SAME_DIRECTION = 2;

/** Rebuilds the lines of a page, top to bottom. */
export function buildLines(page: PdfPage): Line[] {
  return buildPageLines(page).lines;
}

/**
 * Rebuilds the lines of a page, top to bottom, in the orientation most of its text reads in:
 * a page whose text runs down or up the displayed page (a /Rotate'd page, a table printed
 * sideways) or is slightly skewed is read along its baselines, and `height` is the page's
 * extent across them. Runs in a minority direction (a sideways table or a stamp on an upright
 * page) are read along their own baselines and placed after the page's other lines.
 */
export function buildPageLines(page: PdfPage): { lines: Line[]; height: number } {
  const items = page.items.filter((i) => i.text.trim() !== '');
  const groups = directionGroups(items);
  if (groups.length === 0) return { lines: [], height: page.height };
  const [main, ...others] = groups;
  // The page's corners in the main frame give its bounds there; everything is shifted inside them.
  const corners = [
    [0, 0],
    [page.width, 0],
    [0, page.height],
    [page.width, page.height],
  ].map(([x, y]) => rotate(x, y, main.angle));
  const minX = Math.min(...corners.map((c) => c.x));
  const minY = Math.min(...corners.map((c) => c.y));
  const height = Math.max(...corners.map((c) => c.y)) - minY;
  const lines = linesOf(page.page, main.items, main.angle).map((l) => shiftLine(l, -minX, -minY));
  let bottom = lines.length ? Math.max(...lines.map((l) => l.y)) : 0;
  const left = lines.length ? Math.min(...lines.map((l) => l.x0)) : 0;
  for (const group of others) {
    const own = linesOf(page.page, group.items, group.angle);
    if (own.length === 0) continue;
    // A paragraph's gap below the page's other lines (own is sorted top to bottom).
    const x0 = Math.min(...own.map((l) => l.x0));
    const dy = bottom + 2 * own[0].fontSize - own[0].y;
    const placed = own.map((l) => shiftLine(l, left - x0, dy));
    lines.push(...placed);
    bottom = Math.max(...placed.map((l) => l.y));
  }
  return { lines, height };
}

/** Lines of runs that share a direction, built in the frame where that direction is left to right. */
function linesOf(page: number, runs: PdfTextItem[], angle: number): Line[] {
  const items = dropDuplicates(angle === 0 ? runs : runs.map((i) => ({ ...i, ...rotate(i.x, i.y, angle) })));
  items.sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: PdfTextItem[][] = [];
  let anchor: PdfTextItem | null = null;
  for (const item of items) {
    if (anchor && Math.abs(item.y - anchor.y) <= SAME_LINE * Math.max(item.fontSize, anchor.fontSize)) {
      groups[groups.length - 1].push(item);
      if (item.fontSize > anchor.fontSize) anchor = item;
    } else {
      groups.push([item]);
      anchor = item;
    }
  }
  const lines = groups.map((g) => toLine(page, g)).filter((l): l is Line => l !== null);
  return lines.sort((a, b) => a.y - b.y);
}

/** A run's direction in (-135, 225] degrees, so that skew either side of 0, 90, 180 or -90 stays together. */
function direction(item: PdfTextItem): number {
  let a = item.angle ?? 0;
  while (a <= -135) a += 360;
  while (a > 225) a -= 360;
  return a;
}

/**
 * Runs grouped by direction, the group with the most characters first. A group's angle is the
 * direction carrying most of its characters (0 for upright text, so upright pages are read as drawn).
 */
function directionGroups(items: PdfTextItem[]): Array<{ angle: number; items: PdfTextItem[]; chars: number }> {
  const sorted = [...items].sort((a, b) => direction(a) - direction(b));
  const groups: Array<{ angle: number; items: PdfTextItem[]; chars: number; first: number; weights: Map<number, number> }> = [];
  for (const item of sorted) {
    const dir = direction(item);
    let group = groups[groups.length - 1];
    if (!group || dir - group.first > SAME_DIRECTION) {
      group = { angle: 0, items: [], chars: 0, first: dir, weights: new Map() };
      groups.push(group);
    }
    const n = item.text.trim().length;
    group.items.push(item);
    group.chars += n;
    group.weights.set(dir, (group.weights.get(dir) ?? 0) + n);
  }
  for (const group of groups) {
    let best = -1;
    for (const [dir, n] of group.weights) {
      if (n > best || (n === best && Math.abs(dir) < Math.abs(group.angle))) [group.angle, best] = [dir, n];
    }
  }
  return groups.sort((a, b) => b.chars - a.chars || Math.abs(a.angle) - Math.abs(b.angle)).map(({ angle, items, chars }) => ({ angle, items, chars }));
}

/** A point in the frame turned `angle` degrees clockwise (y grows downwards), where that direction reads left to right. */
function rotate(x: number, y: number, angle: number): { x: number; y: number } {
  if (angle === 0) return { x, y };
  const t = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(t), Math.sin(t)];
  return { x: x * cos + y * sin, y: -x * sin + y * cos };
}

function shiftLine(line: Line, dx: number, dy: number): Line {
  if (dx === 0 && dy === 0) return line;
  return {
    ...line,
    y: line.y + dy,
    x0: line.x0 + dx,
    x1: line.x1 + dx,
    cells: line.cells.map((c) => ({ ...c, x0: c.x0 + dx, x1: c.x1 + dx })),
  };
}

/** Some producers fake bold by drawing the same run twice, a hair apart. */
function dropDuplicates(items: PdfTextItem[]): PdfTextItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = `${i.text}|${Math.round(i.x)}|${Math.round(i.y)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toLine(page: number, items: PdfTextItem[]): Line | null {
  items.sort((a, b) => a.x - b.x);
  const style = dominantStyle(items);
  const cells: Cell[] = [];
  const runs: PdfTextItem[][] = [];
  let cell: Cell | null = null;
  for (const item of items) {
    const gap = cell ? item.x - cell.x1 : 0;
    const em = Math.max(item.fontSize, style.fontSize);
    if (!cell || gap > CELL_GAP * em) {
      cell = { text: item.text, x0: item.x, x1: item.x + item.width };
      cells.push(cell);
      runs.push([item]);
      continue;
    }
    runs.at(-1)!.push(item);
    const space = gap > SPACE_GAP * em && !/\s$/.test(cell.text) && !/^\s/.test(item.text) && !(gap < TAIL_GAP * em && splitTail(cell.text, item.text));
    cell.text += (space ? ' ' : '') + item.text;
    cell.x1 = Math.max(cell.x1, item.x + item.width);
  }
  const cleaned = mergeSymbolCells(cells.map((c, k) => ({ ...c, text: joinSplitTails(cleanCell(c.text)), style: dominantStyle(runs[k]) })).filter((c) => c.text !== ''));
  return cleaned.length === 0 ? null : makeLine(page, cleaned, style);
}

export function makeLine(page: number, cells: Cell[], style: LineStyle): Line {
  return {
    page,
    y: style.y,
    x0: cells[0].x0,
    x1: Math.max(...cells.map((c) => c.x1)),
    fontSize: style.fontSize,
    bold: style.bold,
    cells,
    text: cells.map((c) => c.text).join(' '),
  };
}

/** Whether `next` starts with the last letters of the word `text` ends with ("Cash Flow" + "s", "Equit" + "y ..."). */
function splitTail(text: string, next: string): boolean {
  const tail = /^(\p{Ll}{1,2})(?=$|[\s,;:)’']|\.(?:$|\s))/u.exec(next);
  const stem = /(\p{L}{3,})$/u.exec(text);
  if (!tail || !stem) return false;
  if (tail[1] === 'y' && !/[trcgkpdfmvbh]$/i.test(stem[1])) return false; // the Spanish "y" ("Plan y")
  return isWordTail(tail[1]);
}

/**
 * A soft hyphen at the end of a line is the only visible trace of a split word: keep it as "-".
 * Some producers place apostrophes and full stops as runs of their own, which reads back as
 * "Registrant ’ s" and "Report ."; those spaces go.
 */
function cleanCell(text: string): string {
  // A glyph with no text (a ligature the font does not map) is kept as a mark, to be mended by the document's words (mendUnmapped).
  return cleanLine(text.replace(/\u00ad\s*$/, '-').replaceAll('\u0000', UNMAPPED))
    .replace(/^[\uE000-\uF8FF]/, '•')
    .replace(/(\p{L}) ?([’']) ?(s|t|d|m|re|ve|ll)\b/gu, '$1$2$3')
    .replace(/([\p{L}\p{N})%]) ([.,;:](?= |$))/gu, '$1$2')
    .replace(/(\d) %/g, '$1%');
}

function dominantStyle(items: PdfTextItem[]): LineStyle {
  const bySize = new Map<number, number>();
  let boldChars = 0;
  let chars = 0;
  for (const i of items) {
    const n = i.text.trim().length;
    const size = Math.round(i.fontSize * 2) / 2;
    bySize.set(size, (bySize.get(size) ?? 0) + n);
    chars += n;
    if (i.bold) boldChars += n;
  }
  let fontSize = items[0].fontSize;
  let best = -1;
  for (const [size, n] of bySize) {
    if (n > best || (n === best && size > fontSize)) [fontSize, best] = [size, n];
  }
  const main = items.find((i) => Math.round(i.fontSize * 2) / 2 === fontSize) ?? items[0];
  return { fontSize, bold: boldChars * 2 > chars, y: main.y };
}

const CURRENCY = /^[$€£¥]$/;
const TRAILING_CURRENCY = /^(.*\S)\s+([$€£¥])$/;
const TRAILING_SYMBOL = /^(%|\)|%\)|pts?\.?)$/;
// A bullet or footnote marker set apart from its text: "•", "(1)", "2.", "(a)", "*".
const MARKER = /^(?:[•●▪■◦○‣⁃∙·*†‡]|\(?\d{1,2}[.)]|\(\d{1,2}\)|\(?[a-z][.)]|\([a-z]\))$/;

/** "$" | "5,875" reads better as "$5,875", "12" | "%" as "12%", and "•" | "text" as "• text". */
function mergeSymbolCells(cells: Cell[]): Cell[] {
  const out: Cell[] = [];
  const prefixNext = (i: number, prefix: string, x0: number) => {
    cells[i + 1] = { ...cells[i + 1], text: prefix + cells[i + 1].text, x0: Math.min(x0, cells[i + 1].x0) };
  };
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    const hasNext = i + 1 < cells.length;
    const trailing = TRAILING_CURRENCY.exec(c.text);
    if (hasNext && CURRENCY.test(c.text)) {
      prefixNext(i, c.text, c.x0);
    } else if (hasNext && trailing) {
      // "34,229 $" | "35,355": the sign belongs to the next column's amount.
      out.push({ ...c, text: trailing[1] });
      prefixNext(i, trailing[2], cells[i + 1].x0);
    } else if (hasNext && i === 0 && MARKER.test(c.text)) {
      prefixNext(i, `${c.text} `, c.x0);
    } else if (out.length > 0 && TRAILING_SYMBOL.test(c.text)) {
      const last = out[out.length - 1];
      out[out.length - 1] = { ...last, text: last.text + c.text, x1: Math.max(last.x1, c.x1) };
    } else {
      out.push(c);
    }
  }
  return out;
}
