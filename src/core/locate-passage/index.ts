/**
 * Places a cited passage on its page: the passage's letters are matched against the letters of
 * the page's positioned text items (pdf.js text content), and the matched stretches become
 * rectangles to highlight. Only letters and digits are compared, lower-cased and without
 * accents, so whitespace, line breaks, hyphenation undone by the parser ("manu-" / "facturing"),
 * letter-spaced headings ("Equit y"), ligatures and table separators do not matter. Stretches
 * shorter than a few words are not trusted, and stretches must come in the passage's order.
 * Pure: no DOM, no pdf.js.
 */

/** A run of text on the page, in page units with the origin at the top left. */
export interface PageTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Vertical or rotated text: its box is used whole, never cut at a character. */
  rotated?: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PlacementStatus = 'found' | 'partial' | 'not-found';

export interface Placement {
  /** found: (nearly) all of it was placed; partial: only part of it; not-found: nothing highlighted. */
  status: PlacementStatus;
  /** What to highlight, merged per line, top to bottom. Empty when not found. */
  rects: Rect[];
  /** Share of the passage's letters and digits placed on the page, 0–1. */
  coverage: number;
  /** Why nothing was highlighted. */
  reason?: 'empty-passage' | 'no-text' | 'no-match' | 'ambiguous';
}

export interface LocateOptions {
  /** Coverage at or above which the passage counts as found (default 0.85). */
  found?: number;
  /** Coverage below which nothing is highlighted (default 0.5). */
  partial?: number;
  /** Shortest matched stretch trusted, in letters (default 12; shorter passages must match whole). */
  minRun?: number;
}

const GRAM = 8;
/** A passage this short that occurs twice on the page cannot be told apart from its twin. */
const SHORT_PASSAGE = 40;

/** Letters and digits of a string, lower-cased, without accents; ligatures and full-width forms folded. */
export function foldLetters(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

interface PageLetters {
  letters: string;
  /** For each letter: the item it came from and its character index there. */
  item: Int32Array;
  char: Int32Array;
}

function pageLetters(items: PageTextItem[]): PageLetters {
  let letters = '';
  const item: number[] = [];
  const char: number[] = [];
  items.forEach((it, i) => {
    // Character by character, so each folded letter keeps the position it came from.
    let k = 0;
    for (const ch of it.str) {
      const folded = foldLetters(ch);
      for (const f of folded) {
        letters += f;
        item.push(i);
        char.push(k);
      }
      k += ch.length;
    }
  });
  return { letters, item: Int32Array.from(item), char: Int32Array.from(char) };
}

interface Run {
  /** Start in the passage's letters. */
  p: number;
  /** Start in the page's letters. */
  s: number;
  len: number;
}

/** Maximal stretches of the passage found on the page, read left to right through the passage. */
function findRuns(passage: string, page: string): Run[] {
  const k = Math.min(GRAM, passage.length);
  const index = new Map<string, number[]>();
  for (let j = 0; j + k <= page.length; j++) {
    const g = page.slice(j, j + k);
    const list = index.get(g);
    if (list) list.push(j);
    else index.set(g, [j]);
  }
  const runs: Run[] = [];
  let lastEnd = 0;
  for (let i = 0; i + k <= passage.length;) {
    const starts = index.get(passage.slice(i, i + k));
    if (!starts) {
      i++;
      continue;
    }
    let best: Run | undefined;
    for (const j of starts) {
      let len = k;
      while (i + len < passage.length && j + len < page.length && passage[i + len] === page[j + len]) len++;
      // Longest first; among equals, the one that follows the previous stretch on the page.
      const better = !best || len > best.len || (len === best.len && best.s < lastEnd && j >= lastEnd);
      if (better) best = { p: i, s: j, len };
    }
    runs.push(best!);
    lastEnd = best!.s + best!.len;
    i += best!.len;
  }
  return runs;
}

/** The heaviest chain of runs in the same order on the page as in the passage. */
function orderedChain(runs: Run[]): Run[] {
  const n = runs.length;
  if (n === 0) return [];
  const weight = new Array<number>(n).fill(0);
  const prev = new Array<number>(n).fill(-1);
  for (let b = 0; b < n; b++) {
    weight[b] = runs[b].len;
    for (let a = 0; a < b; a++) {
      if (runs[a].s + runs[a].len <= runs[b].s && weight[a] + runs[b].len > weight[b]) {
        weight[b] = weight[a] + runs[b].len;
        prev[b] = a;
      }
    }
  }
  let end = 0;
  for (let b = 1; b < n; b++) if (weight[b] > weight[end]) end = b;
  const chain: Run[] = [];
  for (let b = end; b >= 0; b = prev[b]) chain.push(runs[b]);
  return chain.reverse();
}

function countOccurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0 && n < 2; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Where the passage lies on the page, with the rectangles to highlight and how sure that is. */
export function locatePassage(passage: string, items: PageTextItem[], options: LocateOptions = {}): Placement {
  const foundAt = options.found ?? 0.85;
  const partialAt = options.partial ?? 0.5;
  const p = foldLetters(passage);
  if (p.length === 0) return { status: 'not-found', rects: [], coverage: 0, reason: 'empty-passage' };
  const page = pageLetters(items);
  if (page.letters.length === 0) return { status: 'not-found', rects: [], coverage: 0, reason: 'no-text' };
  if (p.length < SHORT_PASSAGE && countOccurrences(page.letters, p) > 1) return { status: 'not-found', rects: [], coverage: 0, reason: 'ambiguous' };

  const minRun = Math.min(options.minRun ?? 12, p.length);
  const chain = orderedChain(findRuns(p, page.letters).filter((r) => r.len >= minRun));
  const matched = chain.reduce((t, r) => t + r.len, 0);
  const coverage = matched / p.length;
  if (chain.length === 0 || coverage < partialAt) return { status: 'not-found', rects: [], coverage, reason: 'no-match' };

  // Page letters to highlight: the runs, and short gaps between neighbouring runs (a word that differs).
  const covered: Array<[number, number]> = [];
  for (const r of chain) {
    const last = covered[covered.length - 1];
    if (last && r.s - last[1] <= 24) last[1] = r.s + r.len;
    else covered.push([r.s, r.s + r.len]);
  }
  return { status: coverage >= foundAt ? 'found' : 'partial', rects: rectsFor(covered, page, items), coverage };
}

function rectsFor(ranges: Array<[number, number]>, page: PageLetters, items: PageTextItem[]): Rect[] {
  // Per item, the first and last character covered.
  const span = new Map<number, [number, number]>();
  for (const [a, b] of ranges) {
    for (let j = a; j < b; j++) {
      const i = page.item[j];
      const c = page.char[j];
      const cur = span.get(i);
      if (!cur) span.set(i, [c, c]);
      else {
        cur[0] = Math.min(cur[0], c);
        cur[1] = Math.max(cur[1], c);
      }
    }
  }
  const rects: Rect[] = [];
  for (const [i, [first, last]] of [...span].sort((a, b) => a[0] - b[0])) {
    const it = items[i];
    const len = it.str.length;
    if (it.rotated || len === 0) {
      rects.push({ x: it.x, y: it.y, width: it.width, height: it.height });
      continue;
    }
    // Whole words: widen to the word the first and last letters belong to.
    let from = first;
    let to = last + 1;
    while (from > 0 && isWordChar(it.str[from - 1])) from--;
    while (to < len && isWordChar(it.str[to])) to++;
    rects.push({ x: it.x + (it.width * from) / len, y: it.y, width: (it.width * (to - from)) / len, height: it.height });
  }
  return mergeLines(rects);
}

/** Joins boxes on the same line that touch or nearly touch, and sorts them top to bottom. */
export function mergeLines(rects: Rect[]): Rect[] {
  const sorted = [...rects].sort((a, b) => a.y - b.y || a.x - b.x);
  const out: Rect[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    const sameLine = last && Math.abs(last.y - r.y) < 0.3 * Math.max(last.height, r.height) && Math.abs(last.height - r.height) < 0.5 * Math.max(last.height, r.height);
    if (last && sameLine && r.x <= last.x + last.width + r.height) {
      const x = Math.min(last.x, r.x);
      const right = Math.max(last.x + last.width, r.x + r.width);
      const y = Math.min(last.y, r.y);
      const bottom = Math.max(last.y + last.height, r.y + r.height);
      Object.assign(last, { x, y, width: right - x, height: bottom - y });
    } else out.push({ ...r });
  }
  return out;
}

/** The part of a passage [start, end) of the document text that lies on a page, or '' if none. */
export function passageOnPage(text: string, passage: { start: number; end: number }, page: { start: number; end: number } | undefined): string {
  if (!page) return '';
  const a = Math.max(passage.start, page.start);
  const b = Math.min(passage.end, page.end);
  return b > a ? text.slice(a, b) : '';
}

/**
 * The box of one table cell inside a placed row: among the page's text items on the row's line
 * (vertically overlapping its first highlighted rectangle) that hold figures, read left to right,
 * the one in the cell's value column when it prints the cell, else the first that prints it.
 * Undefined when the row was not placed or no item on its line prints the cell.
 */
export function cellOnRow(rowRects: Rect[], items: PageTextItem[], raw: string, column: number): Rect | undefined {
  const line = rowRects[0];
  const wanted = foldLetters(raw);
  if (!line || !wanted) return undefined;
  const onLine = items
    .filter((it) => !it.rotated && it.y < line.y + line.height && it.y + it.height > line.y && /\d|[—–-]/.test(it.str) && !/[a-z]{3}/i.test(it.str))
    .sort((a, b) => a.x - b.x);
  const byColumn = onLine[column];
  const hit = byColumn && foldLetters(byColumn.str) === wanted ? byColumn : onLine.find((it) => foldLetters(it.str) === wanted);
  return hit ? { x: hit.x, y: hit.y, width: hit.width, height: hit.height } : undefined;
}
