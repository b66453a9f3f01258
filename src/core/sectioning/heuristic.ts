/**
 * Deterministic sectioning for documents that arrive without usable structure (pasted text, a
 * PDF without headings). Title-like lines start named sections; long stretches without titles
 * are split where the vocabulary shifts (a TextTiling-style comparison of adjacent windows).
 * Pure: no DOM, no runtime, same input → same output.
 */
import type { ParsedDocument, SectionSpan } from '../types';
import { segmentSentences } from '../text/segment';
import { wordTokens } from '../text/words';
import { STOPWORDS } from '../search/stopwords';

export interface HeuristicOptions {
  /** Shortest section placed at a lexical shift, in characters (default 1,500). */
  minChars?: number;
  /** Sections longer than this are split at their weakest lexical point when possible (default 12,000). */
  maxChars?: number;
  /** Units (paragraphs or sentence groups) on each side of a gap compared for similarity (default 3). */
  windowUnits?: number;
  /** Longest line taken as a title (default 80). */
  maxTitleChars?: number;
  /** How sections found at lexical shifts are named (default 'sentence'). */
  naming?: 'sentence' | 'keywords';
}

interface NeedsSectioningOptions {
  /** Documents at most this long are left alone (default 2,000 characters). */
  minChars?: number;
}

/** A trimmed text range. */
export interface TextRange {
  start: number;
  end: number;
}

const DEFAULTS = { minChars: 1500, maxChars: 12000, windowUnits: 3, maxTitleChars: 80, naming: 'sentence' as const };
const NAME_CHARS = 60;
/** Paragraphs longer than this are compared as groups of sentences instead. */
const LONG_UNIT = 900;
const UNIT_TARGET = 400;

/**
 * True when the document is long enough to matter and its sections do not describe it: fewer
 * than two, or together covering less than half of the text.
 */
export function needsSectioning(doc: ParsedDocument, options: NeedsSectioningOptions = {}): boolean {
  const minChars = options.minChars ?? 2000;
  if (doc.text.trim().length <= minChars) return false;
  if (doc.sections.length < 2) return true;
  let covered = 0;
  for (const s of doc.sections) covered += Math.max(0, Math.min(s.end, doc.text.length) - Math.max(0, s.start));
  return covered < doc.text.length / 2;
}

/** Paragraphs (separated by blank lines) as trimmed ranges; blank ones are skipped. */
function paragraphRanges(text: string, from = 0, to = text.length): TextRange[] {
  const out: TextRange[] = [];
  const sep = /\n[ \t\r]*\n/g;
  sep.lastIndex = from;
  let start = from;
  for (;;) {
    const m = sep.exec(text);
    const end = m && m.index < to ? m.index : to;
    pushTrimmed(text, start, end, out);
    if (!m || m.index >= to) break;
    start = m.index + m[0].length;
    sep.lastIndex = start;
  }
  return out;
}

/** Pushes [start, end) with surrounding whitespace removed, if anything is left. */
export function pushTrimmed(text: string, start: number, end: number, out: TextRange[]): void {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start) out.push({ start, end });
}

const MINOR_WORDS = new Set('a an and as at but by de del for from in into nor of on or per the to vs via with'.split(' '));

/** A short single line, without a final period, in Title Case or ALL CAPS. */
export function isTitleLike(line: string, maxChars = DEFAULTS.maxTitleChars): boolean {
  const t = line.trim();
  if (t.length < 2 || t.length > maxChars || t.includes('\n')) return false;
  if (/[.,;!]$/.test(t)) return false;
  if (/^[-*•–>|]/.test(t) || t.includes(' | ')) return false;
  if (/^page\s+\d+/i.test(t) || !/\p{L}/u.test(t)) return false;
  const tokens = t.split(/\s+/);
  if (tokens.length > 12) return false;
  const letters = t.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return true;
  let significant = 0;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].replace(/^[^\p{L}\p{N}]+/u, '');
    if (!word) continue;
    if (/^\p{N}/u.test(word)) continue; // "2.", "1990", "3.1"
    if (i > 0 && MINOR_WORDS.has(word.toLowerCase())) continue;
    if (!/^\p{Lu}/u.test(word)) return false;
    significant++;
  }
  return significant > 0;
}

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

function countWords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of contentWords(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

function units(text: string, paragraphs: TextRange[]): Unit[] {
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

/**
 * Boundary offsets (unit starts) inside [stretchStart, stretchEnd) where the vocabulary shifts:
 * the deepest similarity valleys below mean − std/2, keeping every piece at least `minChars`
 * long; pieces still over `maxChars` are split at their weakest gap when both sides can keep
 * `minChars`.
 */
function lexicalBoundaries(list: Unit[], stretchStart: number, stretchEnd: number, o: Required<HeuristicOptions>): number[] {
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

/** The first sentence of a range, cut at a word boundary to about `max` characters. */
export function firstSentenceName(text: string, max = NAME_CHARS): string {
  const first = segmentSentences(text)[0]?.text ?? text.trim();
  return truncateWords(first.replace(/\s+/g, ' ').trim(), max);
}

/** Cuts at a word boundary so the result is at most `max` characters, ending in "…" when cut. */
export function truncateWords(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '') + '…';
}

function keywordNames(text: string, spans: TextRange[]): string[] {
  const counts = spans.map((s) => countWords(text.slice(s.start, s.end)));
  const df = new Map<string, number>();
  for (const c of counts) for (const w of c.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  return counts.map((c, i) => {
    const ranked = [...c.entries()]
      .map(([w, tf]) => ({ w, score: tf * Math.log(1 + spans.length / (df.get(w) ?? 1)) }))
      .sort((a, b) => b.score - a.score || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0))
      .slice(0, 3)
      .map((x) => x.w);
    return ranked.length ? ranked.join(', ') : firstSentenceName(text.slice(spans[i].start, spans[i].end));
  });
}

/**
 * Sections for unstructured text: title-like lines start sections named by them; stretches
 * without titles longer than twice `minChars` are split at lexical shifts and named by their
 * first sentence (or top three distinctive words). Sections are sorted, non-overlapping,
 * trimmed, and together cover every paragraph; each path has one level.
 */
export function heuristicSections(text: string, options: HeuristicOptions = {}): SectionSpan[] {
  const o: Required<HeuristicOptions> = { ...DEFAULTS, ...options };
  const paragraphs = paragraphRanges(text);
  if (paragraphs.length === 0) return [];

  // Title-like paragraphs followed by a longer, non-title paragraph.
  const titleAt = new Map<number, string>(); // paragraph index → title
  for (let i = 0; i + 1 < paragraphs.length; i++) {
    const line = text.slice(paragraphs[i].start, paragraphs[i].end);
    if (!isTitleLike(line, o.maxTitleChars)) continue;
    const next = text.slice(paragraphs[i + 1].start, paragraphs[i + 1].end);
    if (next.length < Math.max(2 * line.length, 80) || isTitleLike(next, o.maxTitleChars)) continue;
    titleAt.set(i, line.trim().replace(/:$/, ''));
  }

  // Stretches: the text before the first title, then one per title.
  const starts = [0, ...[...titleAt.keys()].filter((i) => i > 0)];
  const spans: { start: number; end: number; title?: string }[] = [];
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s];
    const to = s + 1 < starts.length ? starts[s + 1] : paragraphs.length;
    const title = titleAt.get(from);
    const start = paragraphs[from].start;
    const end = paragraphs[to - 1].end;
    const body = paragraphs.slice(title !== undefined ? from + 1 : from, to);
    let cuts: number[] = [];
    if (end - start >= 2 * o.minChars && body.length > 0) cuts = lexicalBoundaries(units(text, body), start, end, o);
    const edges = [start, ...cuts, end];
    for (let i = 0; i + 1 < edges.length; i++) {
      const piece: { start: number; end: number; title?: string } = { start: edges[i], end: edges[i + 1] };
      if (i === 0 && title !== undefined) piece.title = title;
      spans.push(piece);
    }
  }

  // Trim the ends (pieces end where the next begins, less the separating whitespace).
  const trimmed = spans.map((s) => {
    let end = s.end;
    while (end > s.start && /\s/.test(text[end - 1])) end--;
    return { ...s, end };
  });
  const untitled = trimmed.filter((s) => s.title === undefined);
  const names = o.naming === 'keywords' ? keywordNames(text, untitled) : untitled.map((s) => firstSentenceName(text.slice(s.start, s.end)));
  let k = 0;
  return trimmed.map((s) => ({ start: s.start, end: s.end, path: [s.title ?? names[k++]] }));
}
