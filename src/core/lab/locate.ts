import type { PageSpan } from '../types';

/** A character range [start, end) of the document text. */
export interface Region {
  start: number;
  end: number;
}

/** How a question's evidence was found: in the text (word for word, or the best window), by its pages, or not at all. */
export type LocateMethod = 'exact' | 'fuzzy' | 'pages' | 'unlocatable';

export interface LocatedEvidence {
  method: LocateMethod;
  /** Sorted, non-overlapping; empty when unlocatable. */
  regions: Region[];
  /** Share of the evidence's words found where it was located in the text (1 word for word; absent by pages or unlocatable). */
  match?: number;
}

/** The least share of a part's words a window must hold to count as that part's location. */
const FUZZY_MIN_OVERLAP = 0.6;

const WORD = /[\p{L}\p{N}]+/gu;

interface Token {
  word: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
}

/**
 * Finds the evidence in the document text. Each part (one string, or several for a question
 * with several evidence passages) is compared as a sequence of lower-cased word tokens, so
 * whitespace, case and punctuation do not matter: an exact match is the part's word sequence
 * occurring contiguously; otherwise the window of the same number of words holding the most
 * of the part's words (with repeats) counts when it holds at least 60% of them, trimmed to its
 * first and last shared word. If every part is found, the regions are where; if not, the
 * evidence pages (1-based) when given; else the evidence is unlocatable.
 */
export function locateEvidence(text: string, pages: PageSpan[], evidence: string | string[], evidencePages?: Iterable<number>): LocatedEvidence {
  return evidenceLocator(text, pages)(evidence, evidencePages);
}

/** locateEvidence for one document and many questions: the document is tokenised once, on first use. */
export function evidenceLocator(text: string, pages: PageSpan[]): (evidence: string | string[], evidencePages?: Iterable<number>) => LocatedEvidence {
  let doc: Token[] | undefined;
  return (evidence, evidencePages) => {
    const parts = (typeof evidence === 'string' ? [evidence] : evidence).map(tokens).filter((p) => p.length > 0);
    const words = (doc ??= tokens(text));
    const found = parts.map((p) => findExact(words, p) ?? findFuzzy(words, p));
    if (parts.length > 0 && found.every((f) => f !== undefined)) {
      const method = found.every((f) => f!.exact) ? 'exact' : 'fuzzy';
      const count = parts.reduce((n, p) => n + p.length, 0);
      const match = found.reduce((n, f, i) => n + f!.share * parts[i].length, 0) / count;
      return { method, regions: union(found.map((f) => f!.region)), match };
    }
    const wanted = new Set(evidencePages ?? []);
    const regions = union(pages.filter((p) => wanted.has(p.page)).map((p) => ({ start: p.start, end: p.end })));
    return regions.length ? { method: 'pages', regions } : { method: 'unlocatable', regions: [] };
  };
}

function findExact(doc: Token[], part: Token[]): { region: Region; exact: true; share: number } | undefined {
  outer: for (let i = 0; i + part.length <= doc.length; i++) {
    for (let j = 0; j < part.length; j++) if (doc[i + j].word !== part[j].word) continue outer;
    return { region: { start: doc[i].start, end: doc[i + part.length - 1].end }, exact: true, share: 1 };
  }
  return undefined;
}

/** Slides a window of part.length words over the document, keeping the shared-word count up to date. */
function findFuzzy(doc: Token[], part: Token[]): { region: Region; exact: false; share: number } | undefined {
  const n = part.length;
  if (doc.length === 0) return undefined;
  const want = new Map<string, number>();
  for (const t of part) want.set(t.word, (want.get(t.word) ?? 0) + 1);
  const have = new Map<string, number>();
  let shared = 0;
  const add = (w: string, d: 1 | -1) => {
    const need = want.get(w);
    if (need === undefined) return;
    const before = have.get(w) ?? 0;
    have.set(w, before + d);
    shared += Math.min(before + d, need) - Math.min(before, need);
  };
  let best = -1;
  let bestAt = 0;
  for (let i = 0; i < doc.length; i++) {
    add(doc[i].word, 1);
    if (i >= n) add(doc[i - n].word, -1);
    if (i >= Math.min(n, doc.length) - 1 && shared > best) {
      best = shared;
      bestAt = Math.max(0, i - n + 1);
    }
  }
  if (best < FUZZY_MIN_OVERLAP * n) return undefined;
  const window = doc.slice(bestAt, bestAt + n).filter((t) => want.has(t.word));
  return { region: { start: window[0].start, end: window[window.length - 1].end }, exact: false, share: best / n };
}

/** Sorts and merges overlapping or touching regions. */
export function union(regions: Region[]): Region[] {
  const out: Region[] = [];
  for (const r of [...regions].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
