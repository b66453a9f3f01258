/**
 * Deterministic sectioning for documents that arrive without usable structure (pasted text, a
 * PDF without headings). Title-like lines start named sections; long stretches without titles
 * are split where the vocabulary shifts (a TextTiling-style comparison of adjacent windows).
 * Pure: no DOM, no runtime, same input → same output.
 */
import type { ParsedDocument, SectionSpan } from '../types';
import { lexicalBoundaries, units } from './lexical-shifts';
import { firstSentenceName, keywordNames } from './section-names';
import { pushTrimmed, type TextRange } from './text-range';

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

const DEFAULTS = { minChars: 1500, maxChars: 12000, windowUnits: 3, maxTitleChars: 80, naming: 'sentence' as const };

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
