import { ACRONYM_SHAPE, wordTokens } from '../text';
import { STOPWORDS } from '../search';
import type { CitationMark } from '../attribution';
import { AMOUNT_QUESTION, yearsIn } from './critic';
import { hasFigure, quoteUnits, type QuoteUnit } from './extractive-units';

interface ExtractiveSource {
  /** 1-based number used in citations. */
  n: number;
  text: string;
  /** The source's final relevance (0–1). */
  score: number;
  /**
   * The document text just before `text` (a couple of thousand characters at most, the
   * separator included), used only to find the column header row of a table the source
   * starts inside.
   */
  before?: string;
}

interface ExtractedSentence {
  source: number;
  /** The quoted unit; a table row is preceded by its column header row and a newline. */
  text: string;
  score: number;
}

/** An all-caps abbreviation in a question ("PP&E", "R&D", "EPS"). */
const ACRONYM = new RegExp(String.raw`\b${ACRONYM_SHAPE}\b`, 'g');
/** A unit scoring below this share of the best is quoted only if it covers a query word the others miss. */
const KEEP_SHARE = 0.4;
const COVER_SHARE = 0.3;
/** Words that say an amount is wanted, or how important the wanted things are ("main risks"), rather than which: they count half. */
const GENERIC = new Set(['total', 'amount', 'value', 'number', 'figure', 'sum', 'main', 'key', 'major', 'primary', 'principal']);
/** How much a unit naming the asked year counts over one that does not. */
const YEAR_BOOST = 1.35;

interface QueryTerms {
  /** Stemmed content words and acronyms, each with its weight. */
  weights: Map<string, number>;
  acronyms: string[];
  years: Set<number>;
  amount: boolean;
}

interface Candidate {
  source: number;
  unit: QuoteUnit;
  covered: Set<string>;
  /** 1 for a unit with a figure when the question asks for an amount: such units rank first. */
  tier: number;
  score: number;
  order: number;
}

/**
 * The retrieval-only answer: the units of the kept chunks (sentences, list items, table rows)
 * that cover the most query words, weighted by their chunk's relevance, each cited. For a
 * question asking for an amount, units naming a figure rank first; a unit naming the asked
 * year counts more. Headings and contents entries are never quoted, and a table row is quoted
 * under its column header row. No model writes anything, so the answer is verbatim text from
 * the documents. Its citation marks are given with it: a quoted sentence may hold a bracketed
 * footnote number of its own, which is not a citation. A unit whose text is `skip` is not quoted.
 */
export function extractiveAnswer(
  query: string,
  sources: ExtractiveSource[],
  maxSentences = 3,
  skip?: string,
): { text: string; sentences: ExtractedSentence[]; citations: CitationMark[] } {
  const terms = queryTerms(query);
  const candidates: Candidate[] = [];
  for (const src of sources) {
    for (const unit of quoteUnits(src.text, src.before)) {
      // A unit the answer's opening already quotes (the sentence a span or a verdict was read from).
      if (skip !== undefined && unit.text === skip) continue;
      const c = scoreUnit(unit, terms, src, candidates.length);
      if (c) candidates.push(c);
    }
  }
  candidates.sort((a, b) => b.tier - a.tier || b.score - a.score || a.order - b.order);
  // A row right after another row of the same table is quoted without repeating the header.
  const best = pick(candidates, terms.weights, maxSentences).map((c, i, all) => {
    const prev = all[i - 1];
    const sameTable = prev && prev.source === c.source && prev.unit.header === c.unit.header;
    return { source: c.source, text: sameTable ? c.unit.text : render(c.unit), score: c.score };
  });
  return { ...quoteWithCitations(best), sentences: best };
}

/** A quotable unit of the sources, scored against the question (see extractiveAnswer). */
export interface RankedUnit {
  source: number;
  /** The unit as quoted (a table row under its header row). */
  text: string;
  /** The unit itself, without a header row. */
  unit: string;
  row: boolean;
  score: number;
  /** Share of the question's term weight the unit covers (0–1). */
  coverage: number;
  /** The question's terms (stems and acronyms) the unit covers. */
  covered: string[];
}

/**
 * Every unit of the sources that covers a question term, best first, as extractiveAnswer ranks them
 * (duplicates kept once). Words in `ignore` (the names of the documents asked about: "Debian",
 * "history", "3M") say where to look, not what is asked, and are not terms.
 */
export function rankedUnits(query: string, sources: ExtractiveSource[], ignore: readonly string[] = []): RankedUnit[] {
  const terms = queryTerms(query);
  for (const w of contentStems(ignore.flatMap((t) => wordTokens(t)))) if (terms.weights.size > 1) terms.weights.delete(w);
  const total = [...terms.weights.values()].reduce((n, w) => n + w, 0) || 1;
  const candidates: Candidate[] = [];
  for (const src of sources) {
    for (const unit of quoteUnits(src.text, src.before)) {
      const c = scoreUnit(unit, terms, src, candidates.length);
      if (c) candidates.push(c);
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const seen = new Set<string>();
  const out: RankedUnit[] = [];
  for (const c of candidates) {
    const key = c.unit.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const coverage = [...c.covered].reduce((n, t) => n + (terms.weights.get(t) ?? 0), 0) / total;
    out.push({ source: c.source, text: render(c.unit), unit: c.unit.text, row: c.unit.row, score: c.score, coverage, covered: [...c.covered] });
  }
  return out;
}

/** The first quotable unit of a source (headings and contents entries skipped), as extractiveAnswer quotes it. */
export function firstQuote(source: Pick<ExtractiveSource, 'text' | 'before'>): string | undefined {
  const unit = quoteUnits(source.text, source.before)[0];
  return unit && render(unit);
}

function render(unit: QuoteUnit): string {
  return unit.header ? `${unit.header}\n${unit.text}` : unit.text;
}

function queryTerms(query: string): QueryTerms {
  const hasLower = /\p{Ll}/u.test(query);
  const acronyms = [...query.matchAll(ACRONYM)].map((m) => m[0]).filter((a) => a.includes('&') || hasLower);
  const rest = acronyms.length ? query.replace(ACRONYM, (a) => (acronyms.includes(a) ? ' ' : a)) : query;
  const weights = new Map<string, number>(contentStems(wordTokens(rest)).map((w) => [w, GENERIC.has(w) ? 0.5 : 1]));
  for (const a of acronyms) weights.set(a, 1);
  return { weights, acronyms, years: yearsIn(query), amount: AMOUNT_QUESTION.test(query) };
}

function contentStems(tokens: string[]): string[] {
  return [...new Set(tokens.filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w)).map(stem))];
}

/** A crude plural and third-person strip, so "leaves" meets "leave" and "assets" "asset". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function scoreUnit(unit: QuoteUnit, terms: QueryTerms, src: ExtractiveSource, order: number): Candidate | undefined {
  const tokens = wordTokens(unit.text);
  const stems = contentStems(tokens);
  const covered = new Set(stems.filter((w) => terms.weights.has(w)));
  // How many of the unit's own words the covered terms account for (an acronym spells several).
  let matched = covered.size;
  for (const a of terms.acronyms) {
    if (spellsAcronym(unit.text, tokens, a)) {
      covered.add(a);
      matched += a.replace(/&/g, '').length;
    }
  }
  if (covered.size === 0) return undefined;
  const total = [...terms.weights.values()].reduce((n, w) => n + w, 0);
  let score = [...covered].reduce((n, t) => n + terms.weights.get(t)!, 0) / total;
  // Among units covering the same terms, the one with fewer other words is the more exact.
  score *= 0.85 + 0.15 * Math.min(1, matched / Math.max(1, stems.length));
  if (terms.years.size > 0) {
    const named = yearsIn(unit.header ? `${unit.header} ${unit.text}` : unit.text);
    if ([...terms.years].some((y) => named.has(y))) score *= YEAR_BOOST;
  }
  score *= 0.5 + 0.5 * src.score;
  const tier = terms.amount && hasFigure(unit.text) ? 1 : 0;
  return { source: src.n, unit, covered, tier, score, order };
}

/** The acronym written out ("PP&E" in the text) or spelled by consecutive content words ("Property, plant and equipment"). */
function spellsAcronym(text: string, tokens: string[], acronym: string): boolean {
  if (new RegExp(`(?<![\\p{L}\\p{N}])${acronym}(?![\\p{L}\\p{N}])`, 'u').test(text)) return true;
  const letters = acronym.replace(/&/g, '').toLowerCase();
  // Two initials match by chance too often, unless the "&" marks a joined pair ("R&D").
  if (letters.length < 3 && !acronym.includes('&')) return false;
  const initials = tokens
    .filter((w) => !STOPWORDS.has(w))
    .map((w) => w[0])
    .join('');
  return initials.includes(letters);
}

/**
 * Up to `max` units, best first: the best one, then others that score near it or cover a
 * query word not yet covered. A unit already quoted (the same text in an overlapping
 * source) is skipped.
 */
function pick(ranked: Candidate[], weights: Map<string, number>, max: number): Candidate[] {
  const out: Candidate[] = [];
  const quoted = new Set<string>();
  const covered = new Set<string>();
  for (const c of ranked) {
    if (out.length >= max) break;
    const key = c.unit.text.toLowerCase();
    if (quoted.has(key)) continue;
    if (out.length > 0) {
      const top = out[0].score;
      const adds = [...c.covered].some((t) => !covered.has(t) && weights.get(t) === 1);
      if (c.score < KEEP_SHARE * top && !(adds && c.score >= COVER_SHARE * top)) continue;
    }
    out.push(c);
    quoted.add(key);
    for (const t of c.covered) covered.add(t);
  }
  return out;
}

/**
 * Units joined, each followed by its source's citation mark, and where those marks are.
 * Sentences run on with a space; a unit spanning lines (a table row under its header) or a
 * table row starts on a line of its own.
 */
export function quoteWithCitations(sentences: Array<{ text: string; source: number }>): { text: string; citations: CitationMark[] } {
  let text = '';
  const citations: CitationMark[] = [];
  let lastOwnLine = false;
  for (const s of sentences) {
    const ownLine = s.text.includes('\n') || s.text.includes(' | ');
    if (text) text += ownLine || lastOwnLine ? '\n' : ' ';
    text += `${s.text} `;
    const mark = `[${s.source}]`;
    citations.push({ sources: [s.source], start: text.length, end: text.length + mark.length });
    text += mark;
    lastOwnLine = ownLine;
  }
  return { text, citations };
}
