import { contentWords, type DocumentTables } from '../compute';
import type { Table, TableRow } from '../tables';
import type { AskedComparison } from './question';
import type { LeftOut } from './compare';

/**
 * The sets of rows a table offers for a comparison, and the rows left out of them: runs of rows
 * under one heading, one label under several headings, one row per table across tables of one
 * segment each; totals, subtotals, "Corporate / Other" rows and dates set apart.
 */

export interface Member {
  row: TableRow;
  name: string;
  table: Table;
}

export interface Candidate {
  docId: string;
  table: Table;
  /** Member rows, their names and the tables they are in (one table, or one per member when each table is one member's). */
  members: Member[];
  leftOut: LeftOut[];
  /** The words that say what the rows measure, near them: the stub, the heading they are under, their total's label (or, for rows grouped under their names, the shared label). */
  near: string;
  /** The table's title: it may name several measures ("Segment revenue and operating income"). */
  far: string;
  score: number;
  match: number;
}

/** Rows that sum or sweep up others: compared only when the question names them. */
/** A footnote mark after a row's name: "Asia Pacific & Latin America(2)", "Corporate (a)". */
const FOOTNOTE_MARK = /\s*\((?:\d{1,2}|[a-z])\)\s*$/;
export const TOTAL_ROW = /^\s*(?:total|subtotal|sum)\b|\btotals?\s*$|\bconsolidated\b/i;

/**
 * "Corporate", "Corporate and other", "Corporate expenses", "Unallocated costs": the rest of a set of
 * segments. "Corporate bonds" or "Corporate & Investment Bank" are members like any other.
 */
export const REST_ROW =
  /\b(?:unallocated|eliminations?|reconcil\w*|intersegment|all\s+other)\b|^\s*other\b|^\s*corporate\s*(?:\(\w\))?\s*$|^\s*corporate\s*(?:and|&|\/|,|-|—|–)\s*(?:other|unallocated|eliminations?|adjustments?|reconcil\w*)\b|^\s*corporate\s+(?:expenses?|costs?|items?|overhead|activities|functions?|adjustments?|centers?|segment)\b|\bcorporate\s*(?:\(\w\))?\s*$/i;

/** Labels that name a date or a period, not a member of the set ("Balance as of December 31, 2021", "Fiscal 2014"). */
export const PERIOD_LABEL =
  /\b(?:balance|as\s+of|beginning|end|(?:years?|quarters?|months?|weeks?)\s+ended)\b.*\b(?:19|20)\d\d\b|^\s*(?:(?:fiscal\s+)?(?:year\s+)?|fy\s?)(?:19|20)\d\d\b/i;

/** A table of contents or an index: its numbers are pages. */
export const CONTENTS = /\b(?:table\s+of\s+)?contents\b|^\s*index\b/i;

/** The share a subtotal may differ from the sum of the rows above it (rounding of printed figures). */
export const SUM_TOLERANCE = 0.005;

/** The sets a table offers: runs of rows under one heading, and rows sharing a label under different headings. */
export function candidates(docId: string, table: Table, asked: AskedComparison): Candidate[] {
  const out: Candidate[] = [];
  if (CONTENTS.test(table.title) || CONTENTS.test(table.stub ?? '')) return out;
  // Runs of rows under one heading; a total closes its run, and its label says what the run measures.
  let run: TableRow[] = [];
  const flush = () => {
    if (run.length >= 2) {
      const totals = run.filter((r) => TOTAL_ROW.test(r.label)).map((r) => r.label);
      const near = [table.stub, ...run[0].path, ...totals].filter(Boolean).join(' · ');
      out.push(
        split(
          docId,
          table,
          run.map((row) => ({ row, name: row.label, table })),
          near,
          table.title,
          asked,
        ),
      );
    }
    run = [];
  };
  for (const row of table.rows) {
    if (run.length && row.path.join('\u0000') !== run[0].path.join('\u0000')) flush();
    run.push(row);
    if (TOTAL_ROW.test(row.label)) flush();
  }
  flush();
  // The same label under several headings ("North America: Net sales", "International: Net sales"): the headings are the members.
  const byLabel = new Map<string, TableRow[]>();
  for (const row of table.rows) {
    const owner = row.path[row.path.length - 1];
    if (!owner) continue;
    const key = contentWords(row.label).join(' ');
    if (!key) continue;
    byLabel.set(key, [...(byLabel.get(key) ?? []), row]);
  }
  for (const rows of byLabel.values()) {
    const owners = new Set(rows.map((r) => r.path[r.path.length - 1]));
    if (owners.size < 2 || owners.size !== rows.length) continue;
    out.push(
      split(
        docId,
        table,
        rows.map((row) => ({ row, name: row.path[row.path.length - 1], table })),
        [table.stub, rows[0].label].filter(Boolean).join(' · '),
        table.title,
        asked,
      ),
    );
  }
  return out;
}

/** A row naming the set in the plural ("Net sales of reportable segments", "Total for all regions") sums its members: it is none of them. */
const SET_PLURALS: Record<string, RegExp> = {
  segment: /\bsegments\b/i,
  region: /\b(?:regions|geographies|areas)\b/i,
  market: /\b(?:markets|countries)\b/i,
  category: /\b(?:categories|product\s+lines|brands)\b/i,
  business: /\b(?:businesses|divisions|units)\b/i,
};

/** Separates the members from the rows left out (totals, the rest, dates), as the question allows. */
export function split(docId: string, table: Table, rows: Member[], near: string, far: string, asked: AskedComparison): Candidate {
  const members: Candidate['members'] = [];
  const leftOut: LeftOut[] = [];
  for (const m of rows) {
    if (!/\p{L}{2}/u.test(m.name)) continue;
    if (PERIOD_LABEL.test(m.name)) leftOut.push({ name: m.name, why: 'a date, not one of the set' });
    else if (!asked.allowTotals && TOTAL_ROW.test(m.name)) leftOut.push({ name: m.name, why: 'a total', member: m });
    else if (!asked.allowTotals && REST_ROW.test(m.name)) leftOut.push({ name: m.name, why: 'not one of the set (corporate, other or eliminations)' });
    else if (!asked.allowTotals && asked.set && SET_PLURALS[asked.set]?.test(m.name)) leftOut.push({ name: m.name, why: `a sum of the ${asked.set}s`, member: m });
    else members.push({ ...m, name: m.name.replace(FOOTNOTE_MARK, '').trim() || m.name });
  }
  return { docId, table, members, leftOut, near, far, score: 0, match: 0 };
}

/**
 * One member per table: the row naming what is compared ("Marketing") in each of several tables of
 * the same columns, each table one segment's ("Domestic Streaming Segment", "International
 * Streaming Segment"), named by its title.
 */
export function acrossTables(docId: string, tables: Table[], asked: AskedComparison): Candidate[] {
  if (asked.metric.length === 0) return [];
  const byLabel = new Map<string, Member[]>();
  for (const table of tables) {
    const name = tableName(table);
    if (!name) continue;
    const matching = table.rows.filter((r) => namesMetric(asked.metric, r.label));
    if (matching.length !== 1) continue;
    const key = contentWords(matching[0].label).join(' ');
    byLabel.set(key, [...(byLabel.get(key) ?? []), { row: matching[0], name, table }]);
  }
  const out: Candidate[] = [];
  for (const members of byLabel.values()) {
    const first = members[0].table;
    const same = members.filter((m) => m.table.columns.length === first.columns.length && m.table.columns.every((c, i) => c.label === first.columns[i].label));
    if (new Set(same.map((m) => m.name)).size < 2 || new Set(same.map((m) => m.name)).size !== same.length) continue;
    out.push(split(docId, first, same, same[0].row.label, same.map((m) => m.table.title).join(' · '), asked));
  }
  return out;
}

/**
 * One member per block of columns: the row naming what is compared ("Net income") in a table whose
 * columns come in blocks named by a header row ("Consumer Banking | Investment Bank", each over
 * "2022 | 2021 | Change"). Each block is read as a table of its own; tables of the same blocks'
 * periods (one page split in two) give one set.
 */
export function columnBlocks(docId: string, tables: Table[], asked: AskedComparison): Candidate[] {
  if (asked.metric.length === 0) return [];
  const sets = new Map<string, { first: Table; members: Member[] }>();
  for (const table of tables) {
    const names = [...new Set(table.columns.map((c) => c.group))];
    if (names.length < 2 || names.some((n) => n === undefined)) continue;
    const per = table.columns.length / names.length;
    for (const row of table.rows) {
      // A row may print fewer cells per block (a ratio without its change column): its block's first columns.
      const own = row.cells.length / names.length;
      if (!Number.isInteger(own) || own < 1 || own > per || !namesMetric(asked.metric, row.label)) continue;
      const views = names.map((name, g) => {
        // Each block's period columns only: its "Change" column is no period to compare.
        const kept = Array.from({ length: own }, (_, j) => j).filter((j) => table.columns[g * per + j].period);
        const columns = kept.map((j) => table.columns[g * per + j]).map(({ group: _group, ...c }) => c);
        const cells = kept.map((j, column) => ({ ...row.cells[g * own + j], column }));
        // The view keeps the table's rows for what they say of its unit ("$" on the first row only).
        const view: Table = { ...table, columns };
        return { row: { ...row, cells }, name: name!, table: view };
      });
      const key = `${contentWords(row.label).join(' ')}\u0000${views[0].table.columns.map((c) => `${c.label}:${c.period?.months ?? ''}`).join('|')}`;
      const set = sets.get(key) ?? { first: views[0].table, members: [] };
      set.members.push(...views.filter((v) => !set.members.some((m) => m.name === v.name)));
      sets.set(key, set);
    }
  }
  return [...sets.values()].map(({ first, members }) => split(docId, first, members, [first.stub, members[0].row.label].filter(Boolean).join(' · '), first.title, asked));
}

/**
 * A row label that is what the question compares: all its words in one run, and at most two more
 * around it ("Net income/(loss)", "Total net income" for net income; not "Net interest income",
 * another measure).
 */
export function namesMetric(metric: string[], label: string): boolean {
  const words = contentWords(label);
  if (metric.length === 0 || words.length > metric.length + 2) return false;
  for (let i = 0; i + metric.length <= words.length; i++) if (metric.every((w, j) => words[i + j] === w)) return true;
  return false;
}

/** A table's own name: the last line of its title ("Segment Results · Domestic Streaming Segment" → "Domestic Streaming"), when short. */
export function tableName(table: Table): string | undefined {
  const last = table.title.split(' · ').pop()?.trim() ?? '';
  const name = last.replace(/\s+(?:segment|results?|business|division)s?\s*:?$/i, '').trim();
  return name && name.length <= 60 && /\p{L}{3}/u.test(name) && !/[.:;]$/.test(last) ? name : undefined;
}

/**
 * Rows that sum others up without saying "Total": a row whose label names what is compared when
 * most members' labels do not ("Net income of reportable segments" among the segments), and a row
 * whose value is the sum of at least two rows right above it.
 */
export function subtotalsOf(asked: AskedComparison, c: Candidate, column: number): Set<Member> {
  const out = new Set<Member>();
  if (asked.allowTotals) return out;
  const naming = c.members.filter((m) => asked.metric.length > 0 && asked.metric.every((w) => contentWords(m.name).includes(w)));
  if (naming.length * 2 < c.members.length) for (const m of naming) out.add(m);
  let sum = 0;
  let count = 0;
  for (const m of c.members) {
    const v = valueAt(m.row, column);
    if (v === undefined || out.has(m)) continue;
    if (count >= 2 && Math.abs(v - sum) <= SUM_TOLERANCE * Math.max(Math.abs(sum), 1) && v !== 0) {
      out.add(m);
      sum = 0;
      count = 0;
      continue;
    }
    sum += v;
    count++;
  }
  return out;
}

export function valueAt(row: TableRow, column: number): number | undefined {
  const cell = row.cells[column];
  if (!cell) return undefined;
  if (cell.value !== null) return cell.value;
  return /^[-—–−]+$/.test(cell.raw.trim()) ? 0 : undefined;
}

/** Every content word the documents' tables print: titles, stubs, column headings, row labels and their headings. */
export function tableWords(docs: DocumentTables[]): Set<string> {
  return new Set(docs.flatMap((d) => [...wordsOfTables(d.tables)]));
}

/** One document's table words, read once per tables read (every comparison and list of a question asks for them). */
function wordsOfTables(tables: Table[]): Set<string> {
  let words = TABLE_WORDS.get(tables);
  if (!words) {
    const text = (t: Table) => [t.title, t.stub ?? '', ...t.columns.map((c) => c.label), ...t.rows.map((r) => [r.label, ...r.path].join(' '))].join(' ');
    words = new Set(tables.flatMap((t) => contentWords(text(t))));
    TABLE_WORDS.set(tables, words);
  }
  return words;
}

const TABLE_WORDS = new WeakMap<Table[], Set<string>>();
