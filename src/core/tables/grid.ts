/**
 * Tables of any document read as grids of text cells: a manual's attribute table (name, type,
 * default), a paper's results table, a list of packages with numeric columns, an HTML or Word
 * table. The statement reader (readTables) keeps only rows of numbers per period; a grid keeps
 * every cell as printed, with its offsets, so a question can name a column and compare its rows.
 *
 * Parsed documents print a table row as one line of cells separated by " | ".
 */

export interface GridCell {
  text: string;
  /** Offsets in the document's text. */
  start: number;
  end: number;
}

export interface GridRow {
  cells: GridCell[];
  start: number;
  end: number;
}

export interface Grid {
  /** The line just above the table, when it reads as a caption ("Table 8.2. Numeric Types"). */
  title: string;
  start: number;
  end: number;
  /** The header row, when the first row names the columns. */
  header?: GridRow;
  rows: GridRow[];
  /** Read from a manual's entries (readEntries): a row per entry, a column per field. */
  entries?: boolean;
}

/** A line of a text and its offset. */
export interface Line {
  text: string;
  start: number;
}

/** What a parser prints between a table row's cells. */
export const SEPARATOR = ' | ';
/** A grid has at least this many rows besides its header. */
const MIN_ROWS = 2;
/** How far above a table its caption may start. */
const CAPTION_REACH = 300;

/** The grids of a text: runs of at least MIN_ROWS + 1 consecutive lines that print the same number of " | "-separated cells (or fewer, see placeRow). */
export function readGrids(text: string, offset = 0): Grid[] {
  const lines = linesOf(text);
  const out: Grid[] = [];
  // Per width, the run of lines no wider than it and the kinds of its columns: a table cut by a row that cannot be placed goes on
  // reading the same run after it, so no line is scanned again (a long sheet of such rows would be read in quadratic time).
  const runs = new Map<number, { end: number; columns: ColumnKinds }>();
  let i = 0;
  while (i < lines.length) {
    const width = cellCount(lines[i].text);
    if (width < 2) {
      i++;
      continue;
    }
    let run = runs.get(width);
    if (!run || i >= run.end) {
      let end = i + 1;
      while (end < lines.length && cellCount(lines[end].text) >= 2 && cellCount(lines[end].text) <= width) end++;
      run = { end, columns: columnKinds(lines.slice(i + 1, end), width) };
      runs.set(width, run);
    }
    const placed: number[][] = [[...Array(width).keys()]];
    let j = i + 1;
    for (; j < run.end; j++) {
      const at = placeRow(
        lines[j].text.split(SEPARATOR).map((c) => c.trim()),
        width,
        run.columns,
      );
      if (!at) break;
      placed.push(at);
    }
    if (j - i >= MIN_ROWS + 1) out.push(gridOf(text, lines.slice(i, j), offset, width, placed));
    i = j;
  }
  return out;
}

type CellKind = 'number' | 'note' | 'text';

/** Each column's kind in a run's full-width rows (the most of its filled cells, else text), how many are numbers, and whether there are full rows at all. */
interface ColumnKinds {
  kinds: CellKind[];
  numberColumns: number;
  full: boolean;
}

/** A footnote mark or list of them ("(2)", "(1), (2)"), not the negative number a financial table prints so. */
const NOTE = /^\(\d{1,2}\)(?:\s*,\s*\(\d{1,2}\))*$/;

function kindOf(cell: string): CellKind | undefined {
  if (cell === '') return undefined;
  if (NOTE.test(cell)) return 'note';
  // A cell that opens with its number ("2 bytes", "-1.5"), not one that mentions one ("bytes of length 1").
  return /^[-−+$€£(]?\.?\d/.test(cell) && cellNumber(cell) !== undefined ? 'number' : 'text';
}

function columnKinds(rows: Array<{ text: string }>, width: number): ColumnKinds {
  const full = rows.map((r) => r.text.split(SEPARATOR).map((c) => c.trim())).filter((c) => c.length === width);
  const kinds = [...Array(width).keys()].map((k) => {
    const filled = full.map((c) => kindOf(c[k])).filter((x): x is CellKind => x !== undefined);
    return (['number', 'note'] as const).find((kind) => filled.filter((x) => x === kind).length * 2 > filled.length) ?? 'text';
  });
  return { kinds, numberColumns: kinds.filter((k) => k === 'number').length, full: full.length > 0 };
}

/**
 * The column of each of a row's cells, or undefined where it does not belong to the table. A row
 * as wide as the table is its own; a narrower one (a parsed table does not print empty cells) is
 * placed where its cells read as their columns do in the full rows: left-aligned ("'b' | signed
 * char | int | 1" under a Notes column), or with its last cell, a footnote mark, in a last column
 * of them ("x | pad byte | no value | (7)"). A number or mark never lands in a column of another
 * kind, and a narrower row printing numbers in a table of two or more number columns is ambiguous.
 */
function placeRow(row: string[], width: number, columns: ColumnKinds): number[] | undefined {
  const left = row.map((_, n) => n);
  if (row.length === width) return left;
  if (!columns.full) return undefined;
  const fits = (at: number[]) =>
    row.every((c, n) => {
      const kind = kindOf(c);
      return kind === undefined || kind === 'text' || (kind === columns.kinds[at[n]] && (kind !== 'number' || columns.numberColumns < 2));
    });
  if (fits(left)) return left;
  const marksLast = [...left.slice(0, -1), width - 1];
  return fits(marksLast) ? marksLast : undefined;
}

/** A text's lines with their offsets. */
export function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    out.push({ text: line, start: at });
    at += line.length + 1;
  }
  return out;
}

function cellCount(line: string): number {
  return line.includes(SEPARATOR) ? line.split(SEPARATOR).length : 0;
}

/** A line's " | "-separated cells, trimmed, with their offsets shifted by `offset`. */
export function cellsOf(line: Line, offset = 0): GridCell[] {
  const cells: GridCell[] = [];
  let at = line.start;
  for (const part of line.text.split(SEPARATOR)) {
    const lead = part.length - part.trimStart().length;
    const text = part.trim();
    cells.push({ text, start: offset + at + lead, end: offset + at + lead + text.length });
    at += part.length + SEPARATOR.length;
  }
  return cells;
}

function rowOf(line: Line, offset: number): GridRow {
  return { cells: cellsOf(line, offset), start: offset + line.start, end: offset + line.start + line.text.length };
}

function gridOf(text: string, lines: Array<{ text: string; start: number }>, offset: number, width: number, placed: number[][]): Grid {
  // A narrower row gets its unprinted cells back, empty, where placeRows found them missing.
  const rows = lines.map((l, n) => {
    const row = rowOf(l, offset);
    const cells: GridCell[] = Array.from({ length: width }, () => ({ text: '', start: row.end, end: row.end }));
    row.cells.forEach((c, k) => (cells[placed[n][k]] = c));
    for (let k = width - 2; k >= 0; k--) if (cells[k].text === '' && cells[k].start === row.end) cells[k] = { text: '', start: cells[k + 1].start, end: cells[k + 1].start };
    return { ...row, cells };
  });
  // A first row without figures over rows with some names the columns.
  const figures = (r: GridRow) => r.cells.filter((c) => /\d/.test(c.text)).length;
  const headed = figures(rows[0]) === 0 || rows.slice(1).every((r) => figures(r) === 0);
  const before = text
    .slice(Math.max(0, lines[0].start - CAPTION_REACH), lines[0].start)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const caption = before.at(-1) ?? '';
  return {
    title: caption.includes(SEPARATOR) || caption.length > 120 ? '' : caption,
    start: rows[0].start,
    end: rows.at(-1)!.end,
    ...(headed ? { header: rows[0] } : {}),
    rows: headed ? rows.slice(1) : rows,
  };
}

/**
 * The number a cell states, for comparing: its first figure ("2 bytes" → 2, "16-bit" → 16,
 * "6 decimal digits precision" → 6), a range's upper end ("10-25%" → 25, "1.2 to 1.5" → 1.5);
 * undefined when it states none, or a size that grows with a variable ("16+16n bytes"). Thousands
 * separators are read; a minus sign is kept.
 */
export function cellNumber(text: string): number | undefined {
  // A size that grows with a variable ("16+16n bytes", "4*n") is no one number.
  if (/\d\s*[+*×]\s*\d*\s*[a-z](?![\p{L}])/iu.test(text)) return undefined;
  const m = /(?<![\w.])([-−]?\d[\d,]*(?:\.\d+)?|[-−]?\.\d+)(?:\s*(?:-|–|to)\s*(\d[\d,]*(?:\.\d+)?))?/.exec(text);
  if (!m) return undefined;
  const read = (s: string) => Number(s.replace(/,/g, '').replace('−', '-'));
  const first = read(m[1]);
  return m[2] !== undefined && read(m[2]) >= first ? read(m[2]) : first;
}
