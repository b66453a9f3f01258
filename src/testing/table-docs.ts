/** Hand-built documents for the table-reading tests: page strings in, text and page spans out. */
import { readTables, type Table, type TableRow } from '../core/tables';
import type { PageSpan } from '../core/types';

/** A document's text and page spans from page strings, pages joined by a blank line (as the PDF parser writes them). */
export function docOf(...pages: string[]): { text: string; pages: PageSpan[] } {
  let text = '';
  const spans: PageSpan[] = [];
  pages.forEach((p, i) => {
    if (i > 0) text += '\n\n';
    spans.push({ page: i + 1, start: text.length, end: text.length + p.length });
    text += p;
  });
  return { text, pages: spans };
}

/** The tables read from a document of these pages, with its text. */
export function tablesOf(...pages: string[]): { text: string; tables: Table[] } {
  const doc = docOf(...pages);
  return { text: doc.text, tables: readTables(doc.text, doc.pages) };
}

/** The row with this label (throws, naming the labels there are, when none has it). */
export function row(t: Table, label: string): TableRow {
  const r = t.rows.find((x) => x.label === label);
  if (!r) throw new Error(`no row "${label}" in ${t.rows.map((x) => x.label).join(', ')}`);
  return r;
}

export const values = (t: Table, label: string) => row(t, label).cells.map((c) => c.value);
export const fys = (t: Table) => t.columns.map((c) => c.period?.fy);

/** Offsets that do not point at their own text: a table not starting at its first row, a row not at its label, a cell not at its raw text. */
export function offsetMismatches(text: string, tables: Table[]): string[] {
  const bad: string[] = [];
  for (const t of tables) {
    if (t.start !== t.rows[0].start || t.end !== t.rows[t.rows.length - 1].end) bad.push(`table "${t.title}" [${t.start}, ${t.end})`);
    for (const r of t.rows) {
      const first = r.label.split(' ')[0];
      if (!text.slice(r.start, r.end).startsWith(first)) bad.push(`row "${r.label}" [${r.start}, ${r.end})`);
      for (const c of r.cells) if (text.slice(c.start, c.end) !== c.raw) bad.push(`cell "${c.raw}" of "${r.label}" [${c.start}, ${c.end})`);
    }
  }
  return bad;
}
