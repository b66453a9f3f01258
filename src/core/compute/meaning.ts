/**
 * Row labels matched to a line item by meaning: when no row's words match an input (the lexicon
 * lacks the company's wording, "Additions to property and equipment" for capital expenditure),
 * the input's names and the document's row labels are embedded and the most similar label is
 * read, if it is similar enough. Words and the lexicon always come first; this is the fallback.
 */
import type { Embedder } from '../embed';
import type { TableRow } from '../tables';
import { dot } from '../vector';
import type { Figure } from './compute';
import type { DocumentTables } from './find-cell';
import { LEXICON, lexiconEntry } from './lexicon';
import { rowScore } from './match';
import { contentWords } from './match-text';
import { LABEL_PREFIX } from './question';

/**
 * The cosine similarity a row label must reach. Calibrated on the lexicon alone
 * (`npm run calibrate:meaning`): each way questions name a line item, matched against every
 * label the lexicon prints for any item other than its own exact wording, is matched to the
 * right item with precision 0.92 at 0.85 for both USE-lite and MiniLM (about 65% of names
 * matched rightly, 6% wrongly); 0.80 lets precision fall to 0.88.
 */
export const MEANING_MIN_SIMILARITY = 0.85;
/** At most this many distinct labels are embedded for one question (in document order). */
const MAX_LABELS = 800;
/** A label that another line item's words match this well is that item, whatever its vector says. */
const OTHER_ITEM_SCORE = 0.9;
/** Vectors kept between questions, by embedder and text. */
const CACHE_LIMIT = 20_000;

/** For each input quantity ("capital_expenditure", "label_total_cholesterol"): the label read for it and its similarity. */
export type MeaningMatches = ReadonlyMap<string, { label: string; similarity: number }>;

const cache = new Map<string, Float32Array>();

/** Labels by meaning for the inputs a figure could not find by words; empty when none is similar enough. */
export async function matchByMeaning(figure: Pick<Figure, 'missing'>, docs: DocumentTables[], embedder: Embedder, signal?: AbortSignal): Promise<MeaningMatches> {
  const quantities = [...new Set(figure.missing.map((m) => m.split(' (')[0]))].filter((q) => q.startsWith(LABEL_PREFIX) || lexiconEntry(q));
  const out = new Map<string, { label: string; similarity: number }>();
  if (quantities.length === 0) return out;
  const rows = candidateRows(docs);
  for (const quantity of quantities) {
    const eligible = rows.filter((r) => eligibleFor(quantity, r));
    if (eligible.length === 0) continue;
    const phrases = phrasesOf(quantity);
    const [phraseVectors, labelVectors] = [
      await vectors(embedder, phrases, signal),
      await vectors(
        embedder,
        eligible.map((r) => r.label),
        signal,
      ),
    ];
    let best = { label: '', similarity: -1 };
    labelVectors.forEach((v, i) => {
      const similarity = Math.max(...phraseVectors.map((p) => dot(p, v)));
      if (similarity > best.similarity) best = { label: eligible[i].label, similarity };
    });
    if (best.similarity >= MEANING_MIN_SIMILARITY) out.set(quantity, best);
  }
  return out;
}

/** One row per distinct label that prints an amount, in document order, at most MAX_LABELS. */
function candidateRows(docs: DocumentTables[]): TableRow[] {
  const seen = new Set<string>();
  const out: TableRow[] = [];
  for (const { tables } of docs) {
    for (const t of tables) {
      for (const r of t.rows) {
        const key = contentWords(r.label).join(' ');
        if (!key || seen.has(key) || !r.cells.some((c) => c.value !== null && !c.percent)) continue;
        seen.add(key);
        out.push(r);
        if (out.length >= MAX_LABELS) return out;
      }
    }
  }
  return out;
}

/** A row may stand for a line item unless the item excludes its words or another item's words match it. */
function eligibleFor(quantity: string, row: TableRow): boolean {
  const entry = lexiconEntry(quantity);
  const words = new Set(contentWords(row.label));
  if (entry?.exclude?.some((x) => contentWords(x).every((w) => words.has(w)))) return false;
  return !LEXICON.some((e) => e.id !== quantity && rowScore(e, row) >= OTHER_ITEM_SCORE);
}

/** How an input is said: a line item's names and printed labels, or a label input's words. */
function phrasesOf(quantity: string): string[] {
  const entry = lexiconEntry(quantity);
  return entry ? [...new Set([...entry.names, ...entry.labels])] : [quantity.slice(LABEL_PREFIX.length).replace(/_/g, ' ')];
}

async function vectors(embedder: Embedder, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const key = (t: string) => `${embedder.id}\u0000${t}`;
  const todo = [...new Set(texts.filter((t) => !cache.has(key(t))))];
  if (todo.length > 0) {
    const got = await embedder.embed(todo, signal);
    if (cache.size + todo.length > CACHE_LIMIT) cache.clear();
    todo.forEach((t, i) => cache.set(key(t), got[i]));
  }
  return texts.map((t) => cache.get(key(t))!);
}
