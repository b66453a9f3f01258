import MiniSearch from 'minisearch';
import { TopK } from './top-k';

/**
 * BM25+ over MiniSearch's own inverted index, scoring exactly as MiniSearch's OR search does
 * (same formula and parameters, and its "quality" factor: the summed score times the number
 * of distinct query terms a document matches) but without its per-document objects, Maps and
 * full sort: scores accumulate in typed arrays indexed by MiniSearch's short ids, the best k
 * come from a bounded heap, and any other document's score, rank and matched terms are read
 * on demand. At 100,000 chunks a long question full of common words matches nearly every
 * chunk; MiniSearch.search took 0.3–1 s for that on a 2-core machine, this takes 5–15 ms.
 *
 * It reads MiniSearch's protected fields (checked when the scorer is made; bm25.test.ts compares
 * this scorer with MiniSearch.search, so a minisearch upgrade that changes them fails the tests).
 * Differences from MiniSearch.search: a term repeated in the query is scored once with weight 2
 * (MiniSearch adds the same score twice, so only the last bit of rounding can differ); a
 * discarded document's stale postings are skipped and not counted in document frequencies
 * (MiniSearch cleans them up while it searches, counting some of them for that one search).
 */

/** MiniSearch's default BM25+ parameters, which its search uses unless told otherwise. */
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** Term frequency by short document id, for one field. */
type Postings = Map<number, number>;

/** The protected MiniSearch fields the scorer reads. */
interface Internals {
  _index: { get(term: string): Map<number, Postings> | undefined };
  _documentCount: number;
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _nextId: number;
  _storedFields: Map<number, Record<string, unknown> | undefined>;
  _dirtCount: number;
}

/** Per-document data, rebuilt after the index changes. */
interface DocTable {
  /** k · (1 − b + b · length / average length) by short id; −1 where no live document. */
  norm: Float64Array;
  /** Index into `docNames` of the document's docId by short id; −1 where no live document. */
  docOf: Int32Array;
  docNames: string[];
}

function internals(ms: MiniSearch<unknown>): Internals {
  const m = ms as unknown as Internals;
  if (!(m._fieldLength instanceof Map) || !(m._documentIds instanceof Map) || typeof m._index?.get !== 'function' || typeof m._nextId !== 'number') {
    throw new Error('KeywordIndex: this minisearch version stores its index differently; update bm25-scorer.ts');
  }
  return m;
}

export class Bm25Scorer {
  private readonly ms: Internals;
  private table?: DocTable;

  constructor(
    index: MiniSearch<unknown>,
    private readonly field: string,
    private readonly docIdField: string,
    private readonly processTerm: (term: string) => string | null,
    /** The index's tokenizer, also used for queries (MiniSearch's default when not given). */
    private readonly tokenize: (text: string) => string[] = MiniSearch.getDefault('tokenize') as (text: string) => string[],
  ) {
    this.ms = internals(index);
  }

  /** Call after documents are added or removed. */
  invalidate(): void {
    this.table = undefined;
  }

  /** Scores every document for the query, optionally only those of some docIds. */
  score(query: string, docIds?: ReadonlySet<string>): Bm25Scores {
    const ms = this.ms;
    const table = (this.table ??= this.buildTable());
    const { terms, weights } = this.queryTerms(query);
    const fieldId = ms._fieldIds[this.field];
    const postings = terms.map((t) => ms._index.get(t)?.get(fieldId));
    const norm = docIds ? this.filtered(table, docIds) : table.norm;
    const size = norm.length;
    const acc = new Float64Array(size);
    const matched = new Uint16Array(size);
    const pos = new Int32Array(size);
    const touched = new Int32Array(size);
    const total = ms._documentCount;
    let count = 0;
    for (let t = 0; t < terms.length; t++) {
      const p = postings[t];
      if (!p) continue;
      const df = ms._dirtCount > 0 ? liveCount(p, table.norm) : p.size;
      const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
      const w = weights[t];
      for (const [id, tf] of p) {
        const nm = id < size ? norm[id] : -1;
        if (nm < 0) continue;
        const s = idf * (D + (tf * (K + 1)) / (tf + nm));
        if (matched[id] === 0) {
          pos[id] = count;
          touched[count++] = id;
        }
        matched[id]++;
        acc[id] += w === 1 ? s : w * s;
      }
    }
    for (let i = 0; i < count; i++) acc[touched[i]] *= matched[touched[i]];
    return new Bm25Scores(ms, terms, postings, acc, touched.subarray(0, count), pos);
  }

  /** Distinct query terms in query order, each weighted by how often it occurs. */
  private queryTerms(query: string): { terms: string[]; weights: number[] } {
    const terms: string[] = [];
    const weights: number[] = [];
    for (const token of this.tokenize(query)) {
      const term = this.processTerm(token);
      if (!term) continue;
      const at = terms.indexOf(term);
      if (at >= 0) weights[at]++;
      else {
        terms.push(term);
        weights.push(1);
      }
    }
    return { terms, weights };
  }

  private buildTable(): DocTable {
    const ms = this.ms;
    const fieldId = ms._fieldIds[this.field];
    const avg = ms._avgFieldLength[fieldId];
    const norm = new Float64Array(ms._nextId).fill(-1);
    const docOf = new Int32Array(ms._nextId).fill(-1);
    const docNames: string[] = [];
    const docIndex = new Map<string, number>();
    for (const [id, lengths] of ms._fieldLength) {
      if (!ms._documentIds.has(id)) continue;
      norm[id] = K * (1 - B + (B * lengths[fieldId]) / avg);
      const docId = String(ms._storedFields.get(id)?.[this.docIdField]);
      let d = docIndex.get(docId);
      if (d === undefined) {
        docIndex.set(docId, (d = docNames.length));
        docNames.push(docId);
      }
      docOf[id] = d;
    }
    return { norm, docOf, docNames };
  }

  /** The norm table with every document outside `docIds` marked as absent. */
  private filtered(table: DocTable, docIds: ReadonlySet<string>): Float64Array {
    const allowed = new Uint8Array(table.docNames.length);
    table.docNames.forEach((name, i) => (allowed[i] = docIds.has(name) ? 1 : 0));
    const norm = table.norm.slice();
    for (let id = 0; id < norm.length; id++) if (norm[id] >= 0 && !allowed[table.docOf[id]]) norm[id] = -1;
    return norm;
  }
}

function liveCount(p: Postings, norm: Float64Array): number {
  let n = 0;
  for (const id of p.keys()) if (id < norm.length && norm[id] >= 0) n++;
  return n;
}

export interface ScoredChunk {
  id: string;
  score: number;
  /** Query terms (normalised) found in the chunk, in query order. */
  terms: string[];
}

/** One query's scores; ranks follow MiniSearch's order (score, then first match). */
export class Bm25Scores {
  constructor(
    private readonly ms: Internals,
    private readonly terms: string[],
    private readonly postings: Array<Postings | undefined>,
    private readonly scores: Float64Array,
    private readonly touched: Int32Array,
    private readonly pos: Int32Array,
  ) {}

  /** How many chunks matched at least one term. */
  get total(): number {
    return this.touched.length;
  }

  /** The k best chunks, best first. */
  top(k: number): ScoredChunk[] {
    const heap = new TopK(Math.min(k, this.touched.length));
    for (let i = 0; i < this.touched.length; i++) heap.offer(this.scores[this.touched[i]], i);
    const { orders } = heap.drain();
    return Array.from(orders, (order) => this.hit(this.touched[order]));
  }

  /** A chunk's score and matched terms, or undefined if it matched no term (or was filtered out). */
  get(id: string): ScoredChunk | undefined {
    const short = this.ms._idToShortId.get(id);
    return short !== undefined && this.scores[short] > 0 && this.isTouched(short) ? this.hit(short) : undefined;
  }

  /** 1-based ranks of the given chunks among all matches; chunks that matched nothing are left out. */
  ranks(ids: string[]): Map<string, number> {
    const targets = ids.map((id) => this.ms._idToShortId.get(id)).filter((s): s is number => s !== undefined && this.isTouched(s));
    // Targets worst first; each matching chunk outranks a prefix of them.
    targets.sort((a, b) => this.scores[a] - this.scores[b] || this.pos[b] - this.pos[a]);
    const beaten = new Int32Array(targets.length + 1);
    for (let i = 0; i < this.touched.length; i++) {
      const s = this.scores[this.touched[i]];
      let lo = 0;
      let hi = targets.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const t = targets[mid];
        if (this.scores[t] < s || (this.scores[t] === s && this.pos[t] > i)) lo = mid + 1;
        else hi = mid;
      }
      beaten[lo]++;
    }
    const out = new Map<string, number>();
    let above = 0;
    for (let j = targets.length - 1; j >= 0; j--) {
      above += beaten[j + 1];
      out.set(this.ms._documentIds.get(targets[j])!, above + 1);
    }
    return out;
  }

  private isTouched(short: number): boolean {
    return short < this.pos.length && this.touched[this.pos[short]] === short;
  }

  private hit(short: number): ScoredChunk {
    const terms = this.terms.filter((_, t) => this.postings[t]?.has(short));
    return { id: String(this.ms._documentIds.get(short)), score: this.scores[short], terms };
  }
}
