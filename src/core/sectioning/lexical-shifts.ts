/**
 * Where the vocabulary of a stretch of text shifts: a TextTiling-style comparison of the content
 * words in adjacent windows of units (paragraphs, or groups of sentences from long ones).
 */
import { segmentSentences, wordTokens } from '../text';
import { STOPWORDS } from '../search';
import type { TextRange } from './text-range';

/** Paragraphs longer than this are compared as groups of sentences instead. */
const LONG_UNIT = 900;
const UNIT_TARGET = 400;

/** A lexical unit: a paragraph, or a group of sentences from a long one. */
interface Unit extends TextRange {
  counts: Map<string, number>;
}

/** Content words, lightly stemmed, for comparing vocabulary. */
function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const w of wordTokens(text)) {
    if (w.length < 3 || STOPWORDS.has(w) || /^\d+$/.test(w)) continue;
    out.push(stem(w));
  }
  return out;
}

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

export function countWords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of contentWords(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

export function units(text: string, paragraphs: TextRange[]): Unit[] {
  const out: Unit[] = [];
  for (const p of paragraphs) {
    if (p.end - p.start <= LONG_UNIT) {
      out.push({ ...p, counts: countWords(text.slice(p.start, p.end)) });
      continue;
    }
    const sentences = segmentSentences(text.slice(p.start, p.end));
    let groupStart = -1;
    let groupEnd = -1;
    for (const s of sentences) {
      if (groupStart < 0) groupStart = p.start + s.start;
      groupEnd = p.start + s.end;
      if (groupEnd - groupStart >= UNIT_TARGET) {
        out.push({ start: groupStart, end: groupEnd, counts: countWords(text.slice(groupStart, groupEnd)) });
        groupStart = -1;
      }
    }
    if (groupStart >= 0) {
      const last = out[out.length - 1];
      // A short tail joins the previous group of the same paragraph.
      if (last && last.start >= p.start && groupEnd - groupStart < UNIT_TARGET / 2) {
        last.end = groupEnd;
        last.counts = countWords(text.slice(last.start, last.end));
      } else {
        out.push({ start: groupStart, end: groupEnd, counts: countWords(text.slice(groupStart, groupEnd)) });
      }
    }
  }
  return out;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [w, x] of a) {
    na += x * x;
    const y = b.get(w);
    if (y) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

function sumCounts(list: Unit[], from: number, to: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = from; i < to; i++) for (const [w, c] of list[i].counts) out.set(w, (out.get(w) ?? 0) + c);
  return out;
}

/** The options of HeuristicOptions that decide where a stretch is split. */
export interface LexicalOptions {
  minChars: number;
  maxChars: number;
  windowUnits: number;
}

/**
 * Boundary offsets (unit starts) inside [stretchStart, stretchEnd) where the vocabulary shifts:
 * the deepest similarity valleys below mean − std/2, keeping every piece at least `minChars`
 * long; pieces still over `maxChars` are split at their weakest gap when both sides can keep
 * `minChars`.
 */
export function lexicalBoundaries(list: Unit[], stretchStart: number, stretchEnd: number, o: LexicalOptions): number[] {
  const n = list.length;
  if (n < 2) return [];
  const w = Math.max(1, o.windowUnits);
  // sim[g] compares the units before gap g with those after it (g = 1..n-1).
  const sim: number[] = new Array(n).fill(0);
  for (let g = 1; g < n; g++) sim[g] = cosine(sumCounts(list, Math.max(0, g - w), g), sumCounts(list, g, Math.min(n, g + w)));
  const gaps = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const values = gaps.map((g) => sim[g]);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const std = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  const cutoff = mean - std / 2;

  const depth = (g: number): number => {
    let l = g;
    while (l - 1 >= 1 && sim[l - 1] >= sim[l]) l--;
    let r = g;
    while (r + 1 <= n - 1 && sim[r + 1] >= sim[r]) r++;
    return sim[l] - sim[g] + (sim[r] - sim[g]);
  };
  const candidates = gaps
    .filter((g) => sim[g] < cutoff && (g === 1 || sim[g] <= sim[g - 1]) && (g === n - 1 || sim[g] <= sim[g + 1]))
    .map((g) => ({ g, depth: depth(g) }))
    .sort((a, b) => b.depth - a.depth || sim[a.g] - sim[b.g] || a.g - b.g);

  const chosen: number[] = [];
  const fits = (pos: number, min: number, within: number[]): boolean => pos - stretchStart >= min && stretchEnd - pos >= min && within.every((c) => Math.abs(c - pos) >= min);
  for (const { g } of candidates) {
    const pos = list[g].start;
    if (fits(pos, o.minChars, chosen)) chosen.push(pos);
  }
  chosen.sort((a, b) => a - b);

  // Split pieces that are still too long at their weakest gap.
  for (let guard = 0; guard < n; guard++) {
    const edges = [stretchStart, ...chosen, stretchEnd];
    let split = -1;
    for (let i = 0; i + 1 < edges.length && split < 0; i++) {
      const [a, b] = [edges[i], edges[i + 1]];
      if (b - a <= o.maxChars) continue;
      let best = -1;
      for (const g of gaps) {
        const pos = list[g].start;
        if (pos - a < o.minChars || b - pos < o.minChars) continue;
        if (best < 0 || sim[g] < sim[best] || (sim[g] === sim[best] && Math.abs(pos - (a + b) / 2) < Math.abs(list[best].start - (a + b) / 2))) best = g;
      }
      if (best >= 0) split = list[best].start;
    }
    if (split < 0) break;
    chosen.push(split);
    chosen.sort((a, b) => a - b);
  }
  return chosen;
}
