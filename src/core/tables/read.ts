import type { PageSpan } from '../types';
import type { Cell, Period, Table, TableRow } from './types';
import { readLines, type Line } from './lines';
import { cellValue } from './numbers';
import { columnPeriods } from './periods';
import { statedScale } from './units';
import { recogniseStatement } from './statements';

/** Lines above a table read for its title, unit and column headers. */
const CONTEXT_LINES = 10;

interface Draft {
  rows: TableRow[];
  headerLines: string[];
  context: Line[];
  start: number;
  end: number;
  page?: number;
  path: string[];
  pending?: Line;
}

/** A cell holding only footnote marks: "(a)", "(b) (c)". */
const FOOTNOTE_CELL = /^(?:\([a-z]\)\s*)+$/;

/** The table reader's version: raise it when readTables reads the same text differently, so stored tables are read again. */
export const TABLES_VERSION = 4;

/**
 * Reads every table of a document: runs of "label | value | …" rows on one page, with the
 * short lines between them as the headings rows are indented under. Prose, a new page or a
 * new header row after data rows ends a table.
 */
export function readTables(text: string, pages: PageSpan[]): Table[] {
  const lines = readLines(text, pages);
  const tables: Table[] = [];
  let draft: Draft | undefined;
  const close = () => {
    if (draft && draft.rows.length > 0) tables.push(finish(draft));
    draft = undefined;
  };
  lines.forEach((line, i) => {
    if (draft && (line.page !== draft.page || line.kind === 'prose')) close();
    if (line.kind === 'header' && draft && draft.rows.length > 0) close();
    if (line.kind === 'row' || line.kind === 'header') {
      draft ??= open(lines, i);
      if (line.kind === 'header') {
        draft.headerLines.push(line.text);
        draft.pending = undefined;
      } else addRow(draft, line);
    } else if (line.kind === 'short' && draft) {
      if (draft.rows.length === 0) draft.headerLines.push(line.text);
      // Before the first row only a heading ("ASSETS Current assets:") is one, not a header line ("June 30, | June 30,", "(Unaudited)").
      if (draft.rows.length > 0 || isHeading(line.text)) draft.pending = line;
    }
  });
  close();
  return unitsByAgreement(continued(tables));
}

/**
 * A table without column headers, as wide as the one before it on the same page or ending the
 * page before, continues it (a statement cut by a long line or a page break): it takes its
 * periods, unit, title and statement.
 */
function continued(tables: Table[]): Table[] {
  for (let i = 1; i < tables.length; i++) {
    const t = tables[i];
    const prev = tables[i - 1];
    const bare = t.columns.every((c) => !c.period) && !t.unitText;
    const near = t.page === prev.page || (t.page !== undefined && prev.page === t.page - 1 && prev.statement !== undefined);
    // A second block of the same table under its own header row ("Operating Performance | 2022 | 2021") with no title or unit of its own: the unit stated above the first.
    if (!bare && !t.unitText && !t.title && prev.unitText && t.page === prev.page && samePeriods(t, prev)) {
      tables[i] = { ...t, scale: prev.scale, unitText: prev.unitText, title: prev.title, statement: t.statement ?? prev.statement };
      continue;
    }
    if (!bare || !near || t.columns.length !== prev.columns.length || !prev.columns.some((c) => c.period)) continue;
    tables[i] = {
      ...t,
      columns: prev.columns,
      scale: prev.scale,
      ...(prev.unitText ? { unitText: prev.unitText } : {}),
      title: prev.title,
      statement: t.statement ?? prev.statement,
    };
  }
  return tables;
}

/** How many of a table's figures another table must print too for the table to take its unit. */
const SHARED_FIGURES = 2;

/**
 * A table that states no unit takes the unit of a table that does and prints the same figures
 * (at least SHARED_FIGURES values of three digits or more): an MD&A table repeating "Net sales |
 * $192,052" from the income statement "(In millions)" is in millions too, so a margin computed
 * from the two never mixes dollars with millions.
 */
function unitsByAgreement(tables: Table[]): Table[] {
  const stated = tables.filter((t) => t.unitText && t.scale !== 1);
  if (stated.length === 0) return tables;
  const figures = (t: Table) => new Set(t.rows.flatMap((r) => r.cells.filter((c) => !c.percent && c.value !== null && Math.abs(c.value) >= 100).map((c) => c.value as number)));
  const statedFigures = stated.map((t) => ({ t, values: figures(t) }));
  return tables.map((t) => {
    if (t.unitText || t.scale !== 1) return t;
    const own = figures(t);
    const match = statedFigures.find(({ values }) => [...own].filter((v) => values.has(v)).length >= SHARED_FIGURES);
    return match ? { ...t, scale: match.t.scale, unitText: match.t.unitText } : t;
  });
}

function samePeriods(a: Table, b: Table): boolean {
  return (
    a.columns.length === b.columns.length &&
    a.columns.every((c, i) => c.period !== undefined && c.period.fy === b.columns[i].period?.fy && c.period.months === b.columns[i].period?.months)
  );
}

function open(lines: Line[], at: number): Draft {
  const context: Line[] = [];
  for (let i = at - 1; i >= 0 && context.length < CONTEXT_LINES; i--) {
    const l = lines[i];
    if (l.page !== lines[at].page || l.kind === 'prose' || l.kind === 'row') break;
    if (l.kind !== 'blank') context.unshift(l);
  }
  // A heading ending in a colon just above the first row ("Current assets:") is what it is indented under, not the title.
  const last = context[context.length - 1];
  const pending = lines[at].kind === 'row' && last && /:\s*$/.test(last.text) && isHeading(last.text) ? context.pop() : undefined;
  return { rows: [], headerLines: [], context, start: lines[at].start, end: lines[at].end, page: lines[at].page, path: [], pending };
}

/** A line that can head rows: no cells, no figures, not the unit or a parenthesised note. */
function isHeading(text: string): boolean {
  const t = text.trim();
  return !t.includes(' | ') && !/\d/.test(t) && !/^\(.*\)$/.test(t) && !statedScale(t);
}

/** A heading's path: "ASSETS Current assets:" is ["ASSETS", "Current assets"] (a short acronym, "IT Services", stays whole). */
function headingPath(text: string): string[] {
  const t = text.trim().replace(/\s*:$/, '');
  const m = t.match(/^((?:[A-Z][A-Z'’&,]*\s+)*[A-Z][A-Z'’&,]+)\s+([A-Z][a-z].*)$/);
  return m && m[1].replace(/[^A-Z]/g, '').length >= 5 ? [m[1], m[2]] : [t];
}

function addRow(draft: Draft, line: Line): void {
  let label = line.label ?? '';
  let start = line.start;
  const pending = draft.pending;
  draft.pending = undefined;
  if (pending && /^[a-z(]/.test(label) && pending.end + 1 === line.start && !/:\s*$/.test(pending.text)) {
    // A label broken over two lines: "Net earnings, including … noncontrolling" / "interests | 1,786.2".
    label = `${pending.text.trim()} ${label}`;
    start = pending.start;
  } else if (pending) {
    draft.path = headingPath(pending.text);
  }
  if (line.cells!.length === 0 || (label && line.cells!.every((c) => !cellValue(c.raw).numeric))) {
    draft.path = headingPath(label);
    return;
  }
  // Words printed before the values ("Money market funds | Level 1 | $2,195") describe the row; they are not a value column.
  let first = 0;
  while (first < line.cells!.length - 1 && /\p{L}{2}/u.test(line.cells![first].raw) && !cellValue(line.cells![first].raw).numeric) first++;
  const notes = line.cells!.slice(0, first).map((c) => c.raw.trim());
  // A footnote mark printed in a cell of its own ("3,100 | 5,645 | (a) | (45)") is no value.
  const cells: Cell[] = line
    .cells!.slice(first)
    .filter((c) => !FOOTNOTE_CELL.test(c.raw.trim()))
    .map((c, column) => ({ ...cellValue(c.raw), raw: c.raw, column, start: c.start, end: c.end }));
  draft.rows.push({ label, path: [...draft.path], start, end: line.end, page: line.page, cells, ...(notes.length ? { notes } : {}) });
  draft.end = line.end;
  if (/^total\b/i.test(label)) draft.path = [];
}

function finish(d: Draft): Table {
  const columns = commonWidth(d.rows);
  const header = [...d.context.map((l) => l.text), ...d.headerLines];
  const periods = columnPeriods(header, columns);
  // Rows printing words before their values ("each", "Level 1") have that many header cells more.
  const notes = Math.max(0, ...d.rows.map((r) => r.notes?.length ?? 0));
  const headings = columnHeadings(d.headerLines, columns, notes);
  const stub = stubLabel(d.headerLines, columns);
  const groups = columnGroups(d.headerLines, columns, periods);
  const unit = header.map(statedScale).find((u) => u) ?? d.rows.map((r) => statedScale(r.label)).find((u) => u);
  // Column header rows ("May 26, | May 27,") and the unit line alone are not the title.
  const titleLines = d.context.map((l) => l.text).filter((t) => !t.includes(' | ') && !unitOnly(t));
  return {
    start: d.rows[0].start,
    end: d.end,
    page: d.page,
    title: titleLines.join(' · '),
    ...(stub ? { stub } : {}),
    statement: recogniseStatement(titleLines, d.rows),
    scale: unit?.scale ?? 1,
    ...(unit ? { unitText: unit.text } : {}),
    columns: periods.map((period, i) => ({
      label: period?.label ?? headings[i] ?? `column ${i + 1}`,
      ...(period ? { period } : {}),
      ...(groups ? { group: groups[Math.floor(i / (columns / groups.length))] } : {}),
    })),
    rows: d.rows,
  };
}

/** Column names from the nearest header row whose cells line up with the columns ("Item | Quantity | Unit price" over 2 value columns). */
function columnHeadings(headerLines: string[], columns: number, notes: number): string[] {
  for (let i = headerLines.length - 1; i >= 0; i--) {
    const cells = headerLines[i].split(' | ').map((c) => c.trim());
    if (notes > 0 && cells.length === columns + 1 + notes) return cells.slice(1 + notes);
    if (cells.length === columns + 1) return cells.slice(1);
    if (cells.length === columns && columns > 1) return cells;
  }
  return [];
}

/**
 * The label a header row prints over the row labels ("Net Sales | 2022 | 2021" → "Net Sales"): what
 * the rows below measure. A unit ("(Millions)") or a date is no such label.
 */
function stubLabel(headerLines: string[], columns: number): string | undefined {
  for (let i = headerLines.length - 1; i >= 0; i--) {
    const cells = headerLines[i].split(' | ').map((c) => c.trim());
    if (cells.length !== columns + 1) continue;
    const first = cells[0];
    if (!first || unitOnly(first) || !/\p{L}{3}/u.test(first) || /^(?:\(?\s*(?:in|dollars|amounts)\b|(?:years?|quarters?|months?|three|six|nine|twelve)\b)/i.test(first))
      return undefined;
    return first;
  }
  return undefined;
}

/**
 * Names of blocks of columns: a header row with fewer names than columns, dividing them evenly
 * ("Three months ended | Consumer Banking | Investment Bank" over six columns), where every block
 * repeats the same periods. Undefined when no header row does.
 */
function columnGroups(headerLines: string[], columns: number, periods: Array<Period | undefined>): string[] | undefined {
  for (const line of headerLines) {
    const cells = line.split(' | ').map((c) => c.trim());
    const names = /\b(?:ended|months|year|quarter|in\s+(?:millions|thousands|billions))\b|^\(/i.test(cells[0]) || cells[0] === '' ? cells.slice(1) : cells;
    if (names.length < 2 || names.length >= columns || columns % names.length !== 0) continue;
    if (names.some((n) => !/\p{L}{3}/u.test(n) || /\b(?:19|20)\d\d\b|\b(?:three|six|nine|twelve)\s+months\b/i.test(n))) continue;
    const per = columns / names.length;
    const same = periods.every((p, i) => i < per || (p?.fy === periods[i - per]?.fy && p?.months === periods[i - per]?.months));
    if (same && periods.some((p) => p)) return names;
  }
  return undefined;
}

/** The number of value columns most rows have. */
function commonWidth(rows: TableRow[]): number {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.cells.length, (counts.get(r.cells.length) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
}

/** A line that only states the unit: "(In millions, except per share data)", "$ in millions, except per share amounts". */
function unitOnly(line: string): boolean {
  const unit = statedScale(line);
  return unit !== undefined && /^[\s,;:–—-]*(?:except\b[^.]*)?$/i.test(line.replace(unit.text, ''));
}
