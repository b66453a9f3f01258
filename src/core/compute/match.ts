/**
 * Finding the row a question asks about: which lexicon entry a question's phrase names
 * (quantityIn), how well a table row is that entry (rowScore), and plain word overlap for a
 * quantity the lexicon lacks (labelMatch). Pure and fast: prepared terms are cached per entry,
 * cleaned labels per label text, so scoring a few thousand rows costs little.
 */
import type { StatementKind, TableRow } from '../tables';
import { LEXICON, type LexiconEntry } from './lexicon';
import { cleanLabel, contentWords, indexOfRun, normalise, sameWords, termScore, WEAK, wordsOf } from './match-text';

/** A row that heads a run of rows, scored as "heading + label" ("Diluted" under "Earnings per share"), weighs this much. */
export const PATH_DISCOUNT = 0.95;
/** Added (up to 1) when the row's table is the statement the entry lives in. */
export const STATEMENT_BONUS = 0.1;
/** A row in a table known to be another statement (not one of the entry's alsoIn) is worth this fraction. */
export const OTHER_STATEMENT_FACTOR = 0.85;
/** A row that matches through an entry's name (how questions say it) rather than a label (how statements print it). */
export const NAME_WEIGHT = 0.9;
/** For a preferTotal entry, a row that does not start with "Total" keeps this fraction. */
export const NOT_TOTAL_FACTOR = 0.98;

interface Prepared {
  /** Printed labels' words; names' words (exact or reordered matches only, at NAME_WEIGHT). */
  labels: string[][];
  names: string[][];
  /** Every label's words without a leading "total", for the exact check; only for preferTotal entries. */
  bareLabels: string[][];
  exclude: string[][];
  /** Every non-WEAK word of the labels and names: a row sharing none of them scores 0 at once. */
  vocabulary: Set<string>;
}

const prepared = new WeakMap<LexiconEntry, Prepared>();

function withoutTotal(words: string[]): string[] {
  return words[0] === 'total' ? words.slice(1) : words;
}

function prepare(entry: LexiconEntry): Prepared {
  let p = prepared.get(entry);
  if (p) return p;
  const labels = entry.labels.map((l) => wordsOf(cleanLabel(l)));
  const names = entry.names.map(contentWords);
  p = {
    labels,
    names,
    bareLabels: entry.preferTotal ? labels.map(withoutTotal) : [],
    exclude: (entry.exclude ?? []).map(contentWords).filter((w) => w.length > 0),
    vocabulary: new Set([...labels, ...names].flat().filter((w) => !WEAK.has(w))),
  };
  prepared.set(entry, p);
  return p;
}

interface RowWords {
  /** The cleaned label's words. */
  words: string[];
  /** Also without a trailing "net" ("Accounts receivable, net") and without "attributable to <owner>". */
  stripped: string[];
  startsTotal: boolean;
}

const ROW_CACHE_LIMIT = 20000;
const rowCache = new Map<string, RowWords>();

function rowWords(label: string): RowWords {
  let r = rowCache.get(label);
  if (r) return r;
  const words = wordsOf(cleanLabel(label));
  let stripped = words;
  const attributable = stripped.indexOf('attributable');
  if (attributable > 0) stripped = stripped.slice(0, attributable);
  if (stripped.length > 1 && stripped[stripped.length - 1] === 'net') stripped = stripped.slice(0, -1);
  r = { words, stripped, startsTotal: words[0] === 'total' };
  if (rowCache.size >= ROW_CACHE_LIMIT) rowCache.clear();
  rowCache.set(label, r);
  return r;
}

/** An exclude phrase occurs in the row, and the row is not printed exactly as one of the entry's labels. */
function excluded(p: Prepared, row: RowWords): boolean {
  if (!p.exclude.some((x) => indexOfRun(row.words, x) >= 0)) return false;
  const netless = row.words.length > 1 && row.words[row.words.length - 1] === 'net' ? row.words.slice(0, -1) : row.words;
  return !p.labels.some((l) => sameWords(l, row.words) || sameWords(l, netless));
}

/** The best score of one label text against an entry (before the statement adjustment). */
function textScore(entry: LexiconEntry, p: Prepared, label: string): number {
  const row = rowWords(label);
  if (!row.words.some((w) => p.vocabulary.has(w)) || excluded(p, row)) return 0;
  let best = 0;
  for (const variant of row.stripped === row.words ? [row.words] : [row.words, row.stripped]) {
    for (const l of p.labels) best = Math.max(best, termScore(l, variant));
    for (const n of p.names) {
      const s = termScore(n, variant);
      if (s >= 0.95) best = Math.max(best, s * NAME_WEIGHT);
    }
    if (entry.preferTotal) {
      const bare = withoutTotal(variant);
      if (p.bareLabels.some((l) => sameWords(l, bare))) best = 1;
    }
  }
  return best;
}

/** NOT_TOTAL_FACTOR for a preferTotal entry and a label that does not start with "Total", else 1. */
function totalFactor(entry: LexiconEntry, label: string): number {
  return entry.preferTotal && !rowWords(label).startsTotal ? NOT_TOTAL_FACTOR : 1;
}

function forStatement(entry: LexiconEntry, score: number, statement: StatementKind | undefined): number {
  if (score === 0 || statement === undefined) return score;
  if (statement === entry.statement) return Math.min(1, score + STATEMENT_BONUS);
  if (entry.alsoIn?.includes(statement)) return score;
  return score * OTHER_STATEMENT_FACTOR;
}

/**
 * How well a table row is this line item, in [0, 1]. The row's label is cleaned (qualifiers such
 * as "(loss)" or "(used in)", footnote marks, "Less:", ", net of …" dropped), then compared with
 * each printed label (termScore's scale: 1 exact, 0.95 reordered, below 0.9 contained, below 0.6
 * partly) and each name (exact or reordered only, × NAME_WEIGHT); a trailing "net" and an
 * "attributable to <owner>" tail are optional, and for preferTotal entries so is a leading "Total",
 * though a row without it keeps NOT_TOTAL_FACTOR (applied last, so it survives the statement cap).
 * A row whose label holds an exclude phrase scores 0 (unless printed exactly as a label). A row under
 * a heading is also read as "heading label" (or "Total heading" for a bare "Total") at PATH_DISCOUNT.
 * Then the statement: +STATEMENT_BONUS (capped at 1) in the entry's statement, unchanged in an alsoIn
 * one or when unknown, × OTHER_STATEMENT_FACTOR in any other.
 */
export function rowScore(entry: LexiconEntry, row: Pick<TableRow, 'label' | 'path'>, statement?: StatementKind): number {
  const p = prepare(entry);
  const own = textScore(entry, p, row.label);
  let best = forStatement(entry, own, statement) * totalFactor(entry, row.label);
  const head = row.path.length ? row.path[row.path.length - 1] : undefined;
  if (head && own < 1 && !(own === 0 && excluded(p, rowWords(row.label)))) {
    const composed = /^\s*total\s*:?\s*$/i.test(row.label) ? `total ${head}` : `${head.replace(/:\s*$/, '')} ${row.label}`;
    best = Math.max(best, forStatement(entry, PATH_DISCOUNT * textScore(entry, p, composed), statement) * totalFactor(entry, composed));
  }
  return best;
}

interface QuantityTerm {
  entry: LexiconEntry;
  words: string[];
}

let quantityTerms: QuantityTerm[] | undefined;

function allQuantityTerms(): QuantityTerm[] {
  if (quantityTerms) return quantityTerms;
  quantityTerms = [];
  for (const entry of LEXICON) {
    const seen = new Set<string>();
    for (const t of [...entry.names, ...entry.labels]) {
      const words = contentWords(t);
      const key = words.join(' ');
      if (!words.length || seen.has(key)) continue;
      seen.add(key);
      quantityTerms.push({ entry, words });
    }
  }
  return quantityTerms;
}

/** One place a phrase names a line item: its words [start, end) in the phrase's content words. */
export interface QuantityHit {
  entry: LexiconEntry;
  start: number;
  end: number;
}

/**
 * Every line item a phrase names, in the phrase's order, without overlaps: the longest terms (names
 * or labels, in content words) are taken first ("total current assets" over "total assets", "cash
 * from operations" over "cash"), then earlier ones, then the entry listed first in the lexicon.
 */
export function quantitiesIn(phrase: string): QuantityHit[] {
  const words = contentWords(phrase);
  const hits: QuantityHit[] = [];
  for (const t of allQuantityTerms()) {
    for (let i = indexOfRun(words, t.words); i >= 0; i = indexOfRun(words, t.words, i + 1)) hits.push({ entry: t.entry, start: i, end: i + t.words.length });
  }
  hits.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken: QuantityHit[] = [];
  for (const h of hits) {
    if (taken.some((t) => (h.start < t.end && t.start < h.end) || t.entry === h.entry)) continue;
    taken.push(h);
  }
  return taken.sort((a, b) => a.start - b.start);
}

/** The line item a question's phrase names: the longest match ("net PP&E" → ppe_net), or undefined. */
export function quantityIn(phrase: string): LexiconEntry | undefined {
  let best: QuantityHit | undefined;
  for (const h of quantitiesIn(phrase)) if (!best || h.end - h.start > best.end - best.start) best = h;
  return best?.entry;
}

/** An entry's names and labels, normalised and deduplicated: words to search documents for. */
export function termsOf(entry: LexiconEntry): string[] {
  return [...new Set([...entry.names, ...entry.labels].map((t) => normalise(t)).filter((t) => t.length > 0))];
}

/**
 * Fallback for a quantity the lexicon lacks: how well a row label matches a question's phrase, by
 * their stemmed content words (the label cleaned as rowScore cleans it). 1 for the same words in
 * the same order, else the Dice overlap 2·shared / (|phrase| + |label|) of distinct words.
 */
export function labelMatch(phrase: string, label: string): number {
  const p = contentWords(phrase);
  const l = wordsOf(cleanLabel(label));
  if (p.length === 0 || l.length === 0) return 0;
  if (sameWords(p, l)) return 1;
  const ps = new Set(p);
  const ls = new Set(l);
  let shared = 0;
  for (const w of ps) if (ls.has(w)) shared++;
  return (2 * shared) / (ps.size + ls.size);
}

/** "gross" or "net" just before or after a line item the question names, when the item's own name does not say it. */
export function qualifierOf(words: string[], hit: { start: number; end: number }, entry: LexiconEntry): 'gross' | 'net' | undefined {
  const own = new Set(entry.names.flatMap((n) => contentWords(n)));
  for (const w of [words[hit.start - 1], words[hit.end]]) if ((w === 'gross' || w === 'net') && !own.has(w)) return w;
  const named = words.slice(hit.start, hit.end);
  for (const w of ['gross', 'net'] as const) if (named.includes(w) && !entry.labels.some((l) => contentWords(l).includes(w))) return w;
  return undefined;
}
