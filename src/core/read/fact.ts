import { aboutYearsAsked } from './verdict';
import { AUXILIARY_VERBS, BARE_MONTH_PATTERN, CAPITALISED_MONTH_PATTERN, CARDINAL_WORDS, QUESTION_WORDS } from '../text';
import { distinctiveTokens, printsDistinctive } from './distinct';
/** What kind of span a question asks to be read from a sentence. */
/** date: a date, a month, a year or a time of day. */
export type FactType = 'money' | 'percent' | 'count' | 'date' | 'version' | 'number';

/** A quotable unit of the kept passages, scored against the question (the retrieval-only answer's ranking). */
export interface ReadUnit {
  source: number;
  /** The unit as quoted (a table row under its header row). */
  text: string;
  /** The unit alone, without a header row (when it differs from `text`). */
  unit?: string;
  row: boolean;
  /** Share of the question's term weight the unit covers (0–1). */
  coverage: number;
  /** The question's terms (stems) the unit covers. */
  covered: string[];
}

/** A span read from one unit: it appears in it verbatim, at [start, end). */
export interface FactFound {
  type: FactType;
  span: string;
  unit: ReadUnit;
  start: number;
  end: number;
}

/**
 * A unit is read only if it covers at least this share of the question's term weight, and at
 * least this share of the best unit's: a span from a sentence about something else is no answer.
 * Chosen by reason (half the question's words), not fitted to the reading set.
 */
export const MIN_FACT_COVERAGE = 0.5;
/** How many of the best units are searched for a span of the asked type. */
const UNITS_READ = 8;

const HOW_MANY = /\bhow\s+many\b|\bnumber\s+of\b|\bcount\s+of\b/i;
const PERCENT_ASKED =
  /\b(?:what|which)\s+(?:\S+\s+){0,4}?(?:rate|percentage|percent|share|margin|yield|ratio)\b|\bwhat\s+percent|\bby\s+what\s+percent|\bhow\s+much\s+(?:did|does|do|has|have|will|would)\b[^?]*\b(?:add|contribut\w*|grow|grew|increase|decrease|rise|fall|decline)\b[^?]*\b(?:sales|growth|comparable|comp)\b/i;
const MONEY_ASKED =
  /\bhow\s+(?:much|large|big)\b|\bfor\s+how\s+much\b|\b(?:what|which)\s+(?:\S+\s+){0,5}?(?:amount|value|cost|price|size|worth|bonus|salary|fee|dividend|consideration|proceeds|payment|payments|charge|estimate)\b/i;
/** A clause a question goes on with after a comma ("When …, what …"): its own question. */
const CLAUSE_OPENERS = [...QUESTION_WORDS, ...AUXILIARY_VERBS].join('|');
const DATE_ASKED = new RegExp(
  String.raw`^\s*when\b(?![^?]*,\s*(?:${CLAUSE_OPENERS})\b)|\bwhat\s+(?:date|day|month|year)\b|\bwhich\s+(?:date|day|month|year)\b|\bin\s+what\s+year\b`,
  'i',
);
const VERSION_ASKED = /\b(?:which|what)\s+(?:\S+\s+){0,3}?versions?\b/i;
/** A statistic or a score: a plain number, whatever "value" says elsewhere. */
const STATISTIC_ASKED = /\b(?:p[\s-]?values?|statistics?|coefficients?|scores?|correlations?|AIC|BIC|log-?likelihood)\b/i;
const NUMBER_ASKED = /\bwhat\s+(?:\S+\s+){0,4}?(?:value|number|score|statistic|estimate|p\s+value|coefficient)\b/i;

/** The type of span a question asks for, or undefined when it asks for none (a reason, a list, a description). */
export function askedFact(question: string): FactType | undefined {
  if (DATE_ASKED.test(question)) return 'date';
  if (VERSION_ASKED.test(question)) return 'version';
  if (HOW_MANY.test(question)) return 'count';
  if (STATISTIC_ASKED.test(question)) return 'number';
  if (PERCENT_ASKED.test(question)) return 'percent';
  if (MONEY_ASKED.test(question)) return 'money';
  if (NUMBER_ASKED.test(question)) return 'number';
  return undefined;
}

const QUALIFIER = String.raw`(?:(?:approximately|about|around|roughly|nearly|almost|over|more\s+than|less\s+than|fewer\s+than|up\s+to|at\s+least|some|close\s+to|in\s+excess\s+of)\s+)?`;
const SCALE = String.raw`(?:\s?(?:thousand|million|billion|trillion|bn|mn|[mMbBkK])\b)?`;
const AMOUNT = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const MONTHS = CAPITALISED_MONTH_PATTERN;
const BARE_MONTHS = BARE_MONTH_PATTERN;
const PATTERNS: Record<FactType, RegExp> = {
  money: new RegExp(
    String.raw`${QUALIFIER}(?:(?:US|U\.S\.\s?)?\$\s?(?:${AMOUNT})${SCALE}(?:\s+(?:USD|dollars))?(?:\s+(?:per|a)\s+share)?|(?:USD|EUR|GBP|€|£)\s?(?:${AMOUNT})${SCALE}|(?:${AMOUNT})\s?(?:thousand|million|billion|trillion)\s+(?:USD|dollars|euros|pounds))`,
    'g',
  ),
  percent: new RegExp(String.raw`${QUALIFIER}-?(?:${AMOUNT})\s?(?:%|percent\b|per\s?cent\b|percentage\s+points?\b|basis\s+points\b)`, 'gi'),
  count: new RegExp(String.raw`${QUALIFIER}(?<![\d.,$])(?:${AMOUNT})(?:\s(?:thousand|million|billion))?(?![\d%]|\.\d|\s?(?:percent|%))`, 'gi'),
  date: new RegExp(
    String.raw`\b(?:(?:19|20)\d\d-[01]\d-[0-3]\d|\d{1,2}(?::\d\d)?\s?(?:a\.m\.|p\.m\.|am|pm)|noon|midnight|(?:${MONTHS})\s+\d{1,2},?\s+(?:19|20)\d\d|\d{1,2}\s+(?:${MONTHS})\s+(?:19|20)\d\d|(?:${MONTHS})\s+(?:19|20)\d\d|(?:19|20)\d\d|${BARE_MONTHS})\b`,
    'g',
  ),
  version: /\b\d+\.\d+(?:[.-]\d+)*(?:\+)?/g,
  number: new RegExp(String.raw`(?<![\w.,])-?(?:${AMOUNT})(?![\w])`, 'g'),
};

/** A number that is a year, a day of a month, or part of a name or code, is no count. */
function isCountNoise(text: string, start: number, end: number): boolean {
  const span = text.slice(start, end).replace(/^\D+/, '');
  if (/^(?:19|20)\d\d$/.test(span)) return true;
  const before = text.slice(Math.max(0, start - 12), start);
  const after = text.slice(end, end + 12);
  if (/^\d{1,2}$/.test(span) && (new RegExp(`(?:${MONTHS})\\s*$`).test(before) || new RegExp(`^\\s*(?:${MONTHS})`).test(after))) return true;
  // "Note 12", "Item 7", "page 4", "10-K", "Section 3.2".
  if (/\b(?:note|item|part|page|section|article|exhibit|schedule|chapter|table|figure|level|tier|form|version|v\.?)\s*$/i.test(before)) return true;
  if (/^-?[A-Za-z]/.test(after) && !/^\s/.test(after)) return true;
  // Glued to a letter before it: a code or a cell reference ("B4", "A320").
  if (/[A-Za-z]$/.test(before)) return true;
  // Part of a date or a time of day ("0000-01-01 00:00:00").
  if (/(?:\d-|:)$/.test(before) || /^(?::\d|-\d)/.test(after)) return true;
  return false;
}

/** Every span of the type in a text, in order. */
export function typedSpans(text: string, type: FactType): Array<{ start: number; end: number; span: string }> {
  const out: Array<{ start: number; end: number; span: string }> = [];
  for (const m of text.matchAll(PATTERNS[type])) {
    let span = m[0].trim();
    const start = m.index + m[0].indexOf(span);
    span = span.replace(/[,.;:]+$/, '');
    const end = start + span.length;
    if ((type === 'count' || type === 'number') && isCountNoise(text, start, end)) continue;
    if (type === 'money' && !/\d/.test(span)) continue;
    out.push({ start, end, span });
  }
  return out;
}

/**
 * The asked span from the best unit that holds one: among the units covering at least
 * MIN_FACT_COVERAGE of the question's terms (and of the best unit's coverage), in the retrieval-only
 * answer's order, the first with a span of the asked type; within it, the span nearest the
 * question's words (a count followed by the noun the question counts, first). Undefined when
 * none holds one.
 */
export function factFrom(question: string, units: ReadUnit[], own: readonly string[] = []): FactFound | undefined {
  const type = askedFact(question);
  if (!type) return undefined;
  const best = Math.max(0, ...units.map((u) => u.coverage));
  const nouns = countedNouns(question);
  const tokens = distinctiveTokens(question, own);
  for (const unit of units.slice(0, UNITS_READ)) {
    if (unit.coverage < MIN_FACT_COVERAGE || unit.coverage < MIN_FACT_COVERAGE * best || !aboutYearsAsked(question, unit.text)) continue;
    // A sentence that does not print what the question is about ("the := operator") states nothing about it.
    if (!printsDistinctive(unit.text, tokens)) continue;
    // A figure the question itself prints, with the word after it ("10 litre"), is part of what it names, not the answer.
    const spans = [...typedSpans(unit.text, type), ...(type === 'count' ? countWords(unit.text, nouns) : [])]
      .filter((sp) => !namedInQuestion(question, unit.text, sp))
      .sort((a, b) => a.start - b.start);
    if (!spans.length) continue;
    const covered = unit.covered.filter((t) => termPositions(unit.text, t).length > 0);
    const anchors = covered.map((t) => termPositions(unit.text, t));
    const listed = respectively(question, unit.text, spans);
    if (listed) return { type, span: listed.span, unit, start: listed.start, end: listed.end };
    const years = question.match(/\b(?:19|20)\d\d\b/g) ?? [];
    const regions = spans.map((sp, i) => unit.text.slice(sp.end, i + 1 < spans.length ? spans[i + 1].start : unit.text.length));
    const dated = regions.filter((r) => DATED.test(r)).length >= 2;
    const parallel = spans.some((sp, i) => i + 1 < spans.length && /\band\b/i.test(unit.text.slice(sp.end, spans[i + 1].start)));
    let pick = spans[0];
    let pickScore = -Infinity;
    spans.forEach((s, i) => {
      // Near all the question's words together: each term's nearest occurrence, summed.
      const distance = anchors.reduce((n, positions) => n + Math.min(...positions.map((a) => (a < s.start ? s.start - a : Math.max(0, a - s.end)))), 0);
      const noun = type === 'count' && nouns.some((n) => new RegExp(`^\\s+(?:\\w+\\s+){0,2}${countedPattern(n)}`, 'i').test(unit.text.slice(s.end, s.end + 40)));
      // Figures listed in parallel ("91% in the U.S. and Canada and 89% worldwide"): the words before the first are
      // their shared subject; each question word after it belongs to the figure it follows.
      const next = i + 1 < spans.length ? spans[i + 1].start : unit.text.length;
      const after = unit.text.slice(s.end, next);
      // Words of time count only where the listed figures carry dates of their own ("in December 2017 and … in December 2018");
      // else a date after the last is the whole list's ("… 89% worldwide at the end of 2021").
      const own = parallel
        ? anchors.filter((positions, t) => (dated || !TIME_WORD.test(covered[t])) && positions.some((a) => a >= s.end && a < next)).length +
          (dated ? years.filter((y) => after.includes(y)).length : 0)
        : 0;
      const score = -distance + (noun ? 1000 : 0) + OWN_WORD * own;
      if (score > pickScore) {
        pick = s;
        pickScore = score;
      }
    });
    return { type, span: pick.span, unit, start: pick.start, end: pick.end };
  }
  return undefined;
}

/** Counts spelled as words ("six date and time functions"), only where the noun the question counts follows within two words. */
function countWords(text: string, nouns: string[]): Array<{ start: number; end: number; span: string }> {
  const counted = nouns.filter((n) => !/^(?:and|or|nor)$/.test(n));
  if (counted.length === 0) return [];
  const re = new RegExp(`\\b(?:${CARDINAL_WORDS})\\b(?=\\s+(?:[\\w-]+\\s+){0,2}(?:${counted.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}))`, 'gi');
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, span: m[0] }));
}

/** Whether the question prints this span followed by the same word as the text does ("a 10 litre can" for "10 litre"). */
function namedInQuestion(question: string, text: string, sp: { end: number; span: string }): boolean {
  const word = /^\s*([A-Za-z]+)/.exec(text.slice(sp.end))?.[1];
  if (!word) return false;
  const escaped = sp.span.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\d.,])${escaped}\\s*${word}\\b`, 'i').test(question);
}

/** A question word about time: it tells listed figures apart only when they carry dates of their own. */
const TIME_WORD = /^(?:(?:19|20)\d\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|end|fiscal|year|quarter|month|period|date)/i;
const DATED = new RegExp(String.raw`\b(?:19|20)\d\d\b|\b(?:${BARE_MONTHS})\b`);

/** The weight of one question word printed after a figure in a parallel list (before the next figure): more than any distance within a sentence. */
const OWN_WORD = 500;

/**
 * "1.7% and 1.3% … for fiscal 2020 and 2019" (or "…, respectively"): two figures joined by "and",
 * then two years joined by "and"; the question's year picks the figure in the same place.
 */
function respectively(question: string, text: string, spans: Array<{ start: number; end: number; span: string }>) {
  for (let i = 0; i + 1 < spans.length; i++) {
    if (!/^\s*,?\s*and\s*$/i.test(text.slice(spans[i].end, spans[i + 1].start))) continue;
    const years = text.slice(spans[i + 1].end).match(/\b((?:19|20)\d\d)\s*,?\s*and\s+(?:fiscal\s+)?((?:19|20)\d\d)\b/i);
    if (!years) continue;
    const asked = (question.match(/\b(?:19|20)\d\d\b/g) ?? []).filter((y) => y === years[1] || y === years[2]);
    if (asked.length !== 1) continue;
    return spans[asked[0] === years[1] ? i : i + 1];
  }
  return undefined;
}

/**
 * A counted noun as a pattern: people are counted as employees, staff or workers, or as
 * individuals, participants or patients ("9,100 employees" for "how many people did it employ";
 * "data on 4406 individuals" for "how many people are in the data").
 */
export function countedPattern(noun: string): string {
  return /^(?:people|persons?|individuals?)$/i.test(noun)
    ? '(?:people|persons?|individuals?|employees?|staff|workers?|associates?|personnel|team\\s+members?|participants?|respondents?|subjects?|patients?)'
    : noun;
}

/** The nouns a "how many …" question counts ("how many people did it employ" → people), stem-prefixes of the words after "how many". */
export function countedNouns(question: string): string[] {
  const m = question.match(/\bhow\s+many\s+((?:[a-z-]+\s+){0,2}[a-z-]+)/i);
  if (!m) return [];
  // The words before the verb: "how many people did Adobe employ" counts people, not Adobe.
  const words = m[1].split(/\s+/);
  const verb = words.findIndex((w) => /^(?:did|does|do|has|have|had|was|were|is|are|will|would|can|could)$/i.test(w));
  return (verb >= 0 ? words.slice(0, verb) : words).filter((w) => w.length > 2 && !/^(?:the|of|its|their)$/i.test(w)).map((w) => w.toLowerCase().replace(/(?:ies|es|s)$/, ''));
}

/** Where a question term (a stem) begins words of the text (character offsets). */
function termPositions(text: string, term: string): number[] {
  const re = new RegExp(`\\b${term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g');
  return [...text.toLowerCase().matchAll(re)].map((m) => m.index);
}
