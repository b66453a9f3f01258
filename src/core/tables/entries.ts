/**
 * A manual's entries read as tables. Manuals describe their options, parameters, directives and
 * functions one entry at a time: a name, then the same few fields for each (type, default, the
 * version it was added in), then prose. Each run of such entries becomes one grid, a row per
 * entry and a column per field, so a question can look up a field of the entry it names
 * ("What is the default BatchSize?") or compare the entries by a field ("Which parameter has the
 * largest default?"). The shapes read, as the parsers print them (table cells joined by " | "):
 *
 * - a name line, then a header row and one row of values ("BatchSize¶" / "type | default" / "integer | 32");
 * - one row that opens with the name, each other cell a field ("mode | Use: autoreply | Default: 0600");
 * - a name line, then lines of fields ("os.availableParallelism()#" / "Added in: v18.14.0");
 * - a name line, then rows of a field and its value ("AcceptFilter Directive" / "Default: | none").
 *
 * A heading that opens no entry ("Module Parameters¶") ends the run and titles the next one.
 */
import { cellsOf as gridCells, linesOf, SEPARATOR, type Grid, type GridCell, type GridRow, type Line } from './grid';

/** A name line: at most this many characters and words (a sentence is no name). */
const NAME_CHARS = 60;
const NAME_WORDS = 5;
/** A field's key: one to three words, the first capitalised ("Added in", "Default"). */
const KEY_WORDS = String.raw`[A-Z][A-Za-z]*(?: [A-Za-z]+){0,2}`;
/** A field in one cell or line ("Default: 0600"), and a key alone in its cell ("Default:"). */
const KEY = new RegExp(`^(${KEY_WORDS}):\\s*(.*)$`);
const KEY_CELL = new RegExp(`^${KEY_WORDS}:$`);
/** A field line's value is short: a longer one is a sentence that opens with a label ("Note: …"). */
const VALUE_WORDS = 8;
/** A header row's cells: short names, no number among them. */
const HEADER_WORDS = 4;
/** How far below its name line an entry's fields may start (blank lines between). */
const NAME_REACH = 2;

interface Field {
  key: GridCell;
  value: GridCell;
}

interface Entry {
  name: GridCell;
  fields: Field[];
  start: number;
  end: number;
  /** The index of the entry's last line. */
  last: number;
}

/** The entries of a text, grouped into grids (see the module's comment). `offset`: the text's offset in its document. */
export function readEntries(text: string, offset = 0): Grid[] {
  const lines = linesOf(text);
  // A manual that marks its headings with an anchor ("BatchSize¶", "os.arch()#") marks them all: an unmarked short line is prose.
  const marked = lines.some((l) => ANCHOR.test(l.text) && nameLine(l, false) !== undefined);
  const nameOf = (line: Line) => nameLine(line, marked);
  const grids: Grid[] = [];
  let run: Entry[] = [];
  // The run's field keys, lower case.
  let keys = new Set<string>();
  let title = '';
  const close = () => {
    if (run.length) grids.push(gridOf(run, title, offset));
    run = [];
    keys = new Set();
  };
  for (let i = 0; i < lines.length; i++) {
    const entry = entryAt(lines, i, nameOf);
    if (entry) {
      // An entry sharing no field with the run starts a new one.
      if (run.length && !entry.fields.some((f) => keys.has(f.key.text.toLowerCase()))) close();
      run.push(entry);
      for (const f of entry.fields) keys.add(f.key.text.toLowerCase());
      i = entry.last;
      continue;
    }
    const heading = nameOf(lines[i]);
    if (heading) {
      close();
      title = heading.text;
    }
  }
  close();
  return grids;
}

/** The entry that starts at line `i`, if one does. */
function entryAt(lines: Line[], i: number, nameOf: (line: Line) => GridCell | undefined): Entry | undefined {
  const inline = inlineEntry(lines[i]);
  if (inline) return { ...inline, last: i };
  const name = nameOf(lines[i]);
  if (!name) return undefined;
  let j = i + 1;
  while (j < lines.length && j <= i + NAME_REACH && lines[j].text.trim() === '') j++;
  if (j >= lines.length || lines[j].text.trim() === '') return undefined;
  const found = headerEntry(lines, j) ?? keyedLines(lines, j);
  if (!found) return undefined;
  return { name, fields: found.fields, start: lines[i].start, end: lines[found.last].start + lines[found.last].text.length, last: found.last };
}

/** A heading's trailing anchor mark ("¶", "#"), no part of its name. */
const ANCHOR = /\S\s*[¶#]$/;

/** A name line: short, no table row, no sentence, no field ("Returns: <string>"); where the manual marks its headings (`marked`), marked. */
function nameLine(line: Line, marked: boolean): GridCell | undefined {
  const raw = line.text;
  if (marked && !ANCHOR.test(raw)) return undefined;
  const trimmed = raw.trim().replace(/\s*[¶#]$/, '');
  if (!trimmed || trimmed.length > NAME_CHARS || raw.includes(SEPARATOR) || /^[A-Z][A-Za-z ]{0,30}:\s/.test(trimmed)) return undefined;
  if (/[.:;,!?]$/.test(trimmed) || trimmed.split(/\s+/).length > NAME_WORDS || !/[A-Za-z]/.test(trimmed)) return undefined;
  const at = raw.indexOf(trimmed);
  return { text: trimmed, start: line.start + at, end: line.start + at + trimmed.length };
}

/** "mode | Use: autoreply | Type: octal integer | Default: 0600": a name, then fields only. */
function inlineEntry(line: Line): Omit<Entry, 'last'> | undefined {
  const cells = cellsOf(line);
  if (cells.length < 3 || KEY.test(cells[0].text) || !nameLine({ text: cells[0].text, start: cells[0].start }, false)) return undefined;
  const fields: Field[] = [];
  for (const c of cells.slice(1)) {
    const f = fieldOf(c);
    if (!f) return undefined;
    fields.push(f);
  }
  return { name: cells[0], fields, start: line.start, end: line.start + line.text.length };
}

/** A header row and exactly one row of values under it ("type | default" / "integer | 32"). */
function headerEntry(lines: Line[], j: number): { fields: Field[]; last: number } | undefined {
  const header = cellsOf(lines[j]);
  const values = j + 1 < lines.length ? cellsOf(lines[j + 1]) : [];
  if (header.length < 2 || values.length !== header.length) return undefined;
  // A second row of values makes it a table of its own, read as one.
  if (j + 2 < lines.length && cellsOf(lines[j + 2]).length === header.length) return undefined;
  const short = (c: GridCell) => c.text !== '' && c.text.split(/\s+/).length <= HEADER_WORDS && !/\d/.test(c.text) && !c.text.includes(':');
  if (!header.every(short)) return undefined;
  return { fields: header.map((key, k) => ({ key, value: values[k] })), last: j + 1 };
}

/** Lines of fields: "Added in: v18.14.0", or rows "Default: | none". */
function keyedLines(lines: Line[], j: number): { fields: Field[]; last: number } | undefined {
  const fields: Field[] = [];
  let k = j;
  let last = j;
  for (; k < lines.length; k++) {
    // A blank line between two fields ("Added in: v0.5.0", "", "Returns: <string>") is no end.
    if (lines[k].text.trim() === '' && fields.length) continue;
    const cells = cellsOf(lines[k]);
    const f =
      cells.length === 2 && KEY_CELL.test(cells[0].text)
        ? { key: { ...cells[0], text: cells[0].text.slice(0, -1), end: cells[0].end - 1 }, value: cells[1] }
        : cells.length === 0
          ? fieldOf({ text: lines[k].text.trim(), start: lines[k].start + lines[k].text.indexOf(lines[k].text.trim()), end: 0 })
          : undefined;
    if (!f) break;
    fields.push(f);
    last = k;
  }
  return fields.length ? { fields, last } : undefined;
}

/** "Default: 0600" as a field (the key without its colon, the value as printed), if the cell is one. */
function fieldOf(cell: GridCell): Field | undefined {
  const m = KEY.exec(cell.text);
  if (!m || m[2] === '' || m[2].split(/\s+/).length > VALUE_WORDS) return undefined;
  const at = cell.text.indexOf(m[2], m[1].length + 1);
  return {
    key: { text: m[1], start: cell.start, end: cell.start + m[1].length },
    value: { text: m[2], start: cell.start + at, end: cell.start + at + m[2].length },
  };
}

/** A line's cells (none for a line that is no table row). */
const cellsOf = (line: Line): GridCell[] => (line.text.includes(SEPARATOR) ? gridCells(line) : []);

const sameKey = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A run of entries as one grid: a column per field any of them prints, in the order first printed; a row per entry. */
function gridOf(run: Entry[], title: string, offset: number): Grid {
  const keys: GridCell[] = [];
  for (const e of run) for (const f of e.fields) if (!keys.some((k) => sameKey(k.text, f.key.text))) keys.push(f.key);
  const shift = (c: GridCell): GridCell => ({ text: c.text, start: c.start + offset, end: c.end + offset });
  const rows: GridRow[] = run.map((e) => {
    const empty = { text: '', start: e.end + offset, end: e.end + offset };
    const cells = [shift(e.name), ...keys.map((k) => e.fields.find((f) => sameKey(f.key.text, k.text))?.value).map((v) => (v ? shift(v) : empty))];
    return { cells, start: e.start + offset, end: e.end + offset };
  });
  const first = rows[0];
  const header: GridRow = { cells: [{ text: '', start: first.start, end: first.start }, ...keys.map(shift)], start: first.start, end: first.start };
  return { title, start: first.start, end: rows[rows.length - 1].end, header, rows, entries: true };
}

/** A field of the entry a question names: the entry's row, and each column the question names with its value. */
export interface EntryField {
  grid: Grid;
  row: GridRow;
  fields: Field[];
}

/**
 * Words of a field's key that do not name it: short ones ("in" of "Added in"), and "use", which a
 * question uses as a verb ("Which library does Exim use …?", not the "Use: autoreply" field; seen
 * on fresh set 8, session 24).
 */
const KEY_STOP = new Set(['in', 'of', 'the', 'a', 'an', 'to', 'for', 'by', 'on', 'is', 'use']);
/** A name shorter than this is too common a string to be named by accident. */
const MIN_NAME = 3;
/** A word the question uses names a key's word when it is the word or the word with a short ending ("defaults"). */
const ENDING = 2;

/**
 * The entry a question names and the fields of it the question names: "What is the default
 * BatchSize?" is the entry BatchSize, field "default". Undefined unless exactly one entry's name
 * is printed in the question (as a whole word, "()" or an argument list aside) and it has a
 * filled field whose key's words the question uses.
 */
export function entryNamed(question: string, grids: Grid[]): EntryField | undefined {
  const q = question.toLowerCase();
  const words = q.match(/[a-z]+/g) ?? [];
  const named: Array<{ grid: Grid; row: GridRow }> = [];
  for (const grid of grids) if (grid.entries) for (const row of grid.rows) if (namesEntry(q, row.cells[0].text)) named.push({ grid, row });
  if (new Set(named.map((n) => bareName(n.row.cells[0].text))).size !== 1) return undefined;
  for (const { grid, row } of named) {
    const fields: Field[] = [];
    grid.header?.cells.forEach((key, k) => {
      const value = row.cells[k];
      if (k === 0 || !value?.text) return;
      const keyWords = (key.text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => !KEY_STOP.has(w));
      if (keyWords.some((w) => words.some((x) => x.startsWith(w) && x.length <= w.length + ENDING))) fields.push({ key, value });
    });
    if (fields.length) return { grid, row, fields };
  }
  return undefined;
}

/** An entry's name as a question would print it: "os.setPriority" for "os.setPriority([pid, ]priority)", "AcceptFilter" for "AcceptFilter Directive". */
function bareName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(.*\)$/, '')
    .replace(/\s+(?:directive|option|parameter|setting|function|method|property|variable)$/, '')
    .trim();
}

function namesEntry(question: string, name: string): boolean {
  const bare = bareName(name);
  if (bare.length < MIN_NAME) return false;
  const escaped = bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.$-])${escaped}(?:\\(\\))?(?![\\w(-])`).test(question);
}
