import { MONTH_PATTERN, wordTokens } from '../text';
import { STOPWORDS } from '../search';
import { fraction, markdownTable } from './metrics';

/** How a gold answer is judged: by a figure, by its opening yes/no (and figures), or by its words. */
export type AnswerKind = 'figure' | 'yes-no' | 'text' | 'declined';

export interface AnswerVerdict {
  correct: boolean;
  kind: AnswerKind;
}

/** A number a text shows, as printed: "$1,577.00" is value 1577 with 2 decimals; "(3.7)" is -3.7; "$2.5bn" is 2.5 at scale 1e9. */
export interface StatedFigure {
  /** The printed number, signed ("-3.7", "(3.7)" and "(3.7)%" are negative), without its scale. */
  value: number;
  /** Digits printed after the decimal point: "24.26" → 2, "1,577" → 0. */
  decimals: number;
  /** What a scale word after it multiplies it by: thousand/k 1e3, million/mn/m 1e6, billion/bn/b 1e9; else 1. */
  scale: number;
  /** Followed by "%", "percent" or "percentage point(s)". */
  percent: boolean;
  /** A year standing alone: 19xx or 20xx, four digits, nothing else printed with it. */
  year: boolean;
}

/** The share of the gold's content words a worded (text) answer must show. */
export const TEXT_OVERLAP = 0.6;

/** Citation marks and footnotes that are not figures: "[2]", "Revenues(1)". */
const FOOTNOTE = /\[\d{1,3}\]|(?<=\p{L})\(\d{1,2}\)/gu;
/**
 * A number with an optional opening bracket, sign and currency. It never starts inside a word or
 * code ("FY2022", "Q2", "COVID-19"), after a decimal point or grouping comma, after a "12/" of a
 * date, or right after a year and a dash ("2022-23").
 */
const CANDIDATE = /(?<![\p{L}\d.,]|\p{L}-|\d\/|(?:19|20)\d\d[-–])(\(\s*)?([-−])?([$€£]\s?)?([-−])?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)/gu;
const MONTHS = MONTH_PATTERN;
const MONTH_BEFORE = new RegExp(`\\b(?:${MONTHS})\\.?\\s+$`, 'i');
const MONTH_AFTER = new RegExp(`^\\s+(?:${MONTHS})\\b`, 'i');
const PERCENT = /^\s?(?:%|percent(?:age points?)?\b|per\s?cent\b|pct\b|percentage points?\b)/i;
const SCALE_WORDS: Array<[RegExp, number]> = [
  [/^\s?thousands?\b/i, 1e3],
  [/^\s?millions?\b/i, 1e6],
  [/^\s?billions?\b/i, 1e9],
  [/^\s?(?:bn|Bn|BN)\b/, 1e9],
  [/^\s?(?:mn|MM|mm)\b/, 1e6],
  [/^[kK]\b/, 1e3],
  [/^m\b/, 1e6],
  [/^b\b/, 1e9],
];
/** "M" and "B" glued to a figure scale it only after a currency sign ("$3M"); alone they name things ("3M"). */
const CURRENCY_SCALES: Array<[RegExp, number]> = [
  [/^M\b/, 1e6],
  [/^B\b/, 1e9],
];
/** Words that state a fall, so a figure's sign may be worded instead of printed (sameFigure). */
const DECREASE = /\b(?:decreas\w*|declin\w*|fell|fall(?:s|en|ing)?|lower\w*|drop\w*|down|reduc\w*|shr[aiu]nk\w*|negative|contract(?:ed|ion))\b/i;
const SCALES = [1, 1e3, 1e6, 1e9, 1e-3, 1e-6, 1e-9];

/**
 * The figures a text shows, in order. A number glued to letters other than a scale is a name or
 * code and left out ("3M", "10-K", "5G", "1st"), and so is a day of the month next to a month's
 * name ("August 30", "30 June"). In a text of several lines, a "-" opening a line is a list bullet,
 * not a minus sign. "[1]"-style citations are not figures.
 */
export function statedFigures(text: string): StatedFigure[] {
  let cleaned = text.replace(FOOTNOTE, ' ');
  if (cleaned.includes('\n')) cleaned = cleaned.replace(/^([ \t]*)-/gm, '$1 ');
  const out: StatedFigure[] = [];
  for (const m of cleaned.matchAll(CANDIDATE)) {
    const [whole, open, sign1, , sign2, digits] = m;
    const end = m.index + whole.length;
    const figure = readFigure(cleaned, end, digits, { open: open !== undefined, minus: (sign1 ?? sign2) !== undefined, currency: hasCurrency(cleaned, end - digits.length) });
    if (!figure) continue;
    if (!figure.signed && !figure.f.percent && figure.f.scale === 1 && isDayOfMonth(cleaned, m.index, end, digits)) continue;
    out.push(figure.f);
  }
  return out;
}

function hasCurrency(text: string, digitsStart: number): boolean {
  return /[$€£]\s?[-−]?$/.test(text.slice(Math.max(0, digitsStart - 3), digitsStart));
}

function isDayOfMonth(text: string, start: number, end: number, digits: string): boolean {
  if (!/^\d{1,2}$/.test(digits) || Number(digits) < 1 || Number(digits) > 31) return false;
  return MONTH_BEFORE.test(text.slice(Math.max(0, start - 12), start)) || MONTH_AFTER.test(text.slice(end, end + 12));
}

/** Reads what follows a number's digits (closing bracket, percent, scale) into a figure; undefined for a name or code. */
function readFigure(text: string, end: number, digits: string, lead: { open: boolean; minus: boolean; currency: boolean }): { f: StatedFigure; signed: boolean } | undefined {
  let rest = text.slice(end);
  if (/^\d/.test(rest)) return undefined;
  let negative = lead.minus;
  const close = lead.open ? /^\s*\)/.exec(rest) : null;
  if (close) {
    negative = true;
    rest = rest.slice(close[0].length);
  }
  const pct = PERCENT.exec(rest);
  const found = pct ? undefined : [...SCALE_WORDS, ...(lead.currency ? CURRENCY_SCALES : [])].find(([re]) => re.test(rest));
  const scale = found ? found[1] : 1;
  // Glued to letters with no percent, scale or "x" (times) between: a name or code.
  if (!pct && !found && !/^x\b/.test(rest) && /^(?:\p{L}|-\p{L})/u.test(rest)) return undefined;
  const plain = digits.replace(/,/g, '');
  const decimals = plain.includes('.') ? plain.length - plain.indexOf('.') - 1 : 0;
  const value = Number(plain) * (negative ? -1 : 1);
  const year = /^(?:19|20)\d\d$/.test(digits) && !negative && !lead.currency && !pct && scale === 1;
  return { f: { value, decimals, scale, percent: pct !== null, year }, signed: negative || lead.currency };
}

/**
 * Whether an answer's figure equals a gold figure. Equal means within 1% of the gold (relative)
 * or within the gold's own rounding (half a unit of its last printed decimal place: "$0.40" ±0.005,
 * "7.9%" ±0.05, "20%" ±0.5), in the gold's units, allowing for units:
 * - neither or both a percent: the answer may be scaled by 1e3, 1e6 or 1e9 either way (gold "$0.40"
 *   in billions matches "$400 million" and "400"; gold "$1577.00" in millions matches "$1.577 billion");
 *   both percents: no scaling;
 * - one a percent and the other not: the answer as printed, or as a ratio of the percent (gold 0.54
 *   matches "54%", gold "55.1%" matches 0.551, gold "-3.7" matches "-3.7%").
 * Signs must match, except where the positive side words the fall the negative side signs: a
 * negative gold is matched by its magnitude when `falls.answer` (the answer says decrease, decline,
 * fell, lower, drop, down, reduced, shrank, negative, contraction: "fell 3.7%" for "-3.7"), and a
 * negative answer matches a gold's magnitude when `falls.gold` ("(1.7)%" for "decreased by 1.7%").
 */
export function sameFigure(gold: StatedFigure, answer: StatedFigure, falls: { gold?: boolean; answer?: boolean } = {}): boolean {
  const g = gold.value * gold.scale;
  const tolerance = Math.max(0.01 * Math.abs(g), 0.5 * 10 ** -gold.decimals * gold.scale) * (1 + 1e-9);
  let a = answer.value * answer.scale;
  if ((g < 0 && a > 0 && falls.answer) || (g > 0 && a < 0 && falls.gold)) a = -a;
  const factors = gold.percent === answer.percent ? (gold.percent ? [1] : SCALES) : [1, gold.percent ? 100 : 0.01];
  return factors.some((f) => Math.abs(a * f - g) <= tolerance);
}

/** Whether a text words a fall (decrease, decline, fell, lower, drop, down, reduced, shrank, negative, contraction). */
export function wordsFall(text: string): boolean {
  return DECREASE.test(text);
}

/**
 * Whether an answer shows a figure equal to `gold` (sameFigure), with the answer's decrease words
 * and `goldFalls` (the gold's). Its years are not figures ("2022" is no 2.022 thousand, whatever the units).
 */
export function showsFigure(answer: string, gold: StatedFigure, goldFalls = false): boolean {
  const falls = { gold: goldFalls, answer: wordsFall(answer) };
  return statedFigures(answer).some((a) => !a.year && sameFigure(gold, a, falls));
}

/** The share of the gold's distinct content words (word tokens that are not stopwords) the answer's words include; 0 when it has none. */
export function contentOverlap(gold: string, answer: string): number {
  const content = new Set(wordTokens(gold).filter((w) => !STOPWORDS.has(w)));
  if (content.size === 0) return 0;
  const words = new Set(wordTokens(answer));
  return [...content].filter((w) => words.has(w)).length / content.size;
}

/**
 * Whether an answer is right, judged against FinanceBench's gold answer over every question, by
 * one of three rules (the verdict's kind):
 * - yes-no: the gold's first word is "yes" or "no" (any case). The answer's first word (leading
 *   punctuation and Markdown ignored: "**Yes**," opens with yes) must be the same, and where the
 *   gold shows figures other than years, the answer must show at least one of them (as below).
 * - figure: otherwise, when the gold shows a figure that is not a year (statedFigures: "$11588.00",
 *   "24.26", "-3.7", "(396)", "1.9%", "$2.5bn"; years are 19xx/20xx standing alone). The answer must
 *   show a figure, not a year, equal to the gold's first such figure (sameFigure): within 1% of it
 *   or within its rounding (half a unit of its last printed decimal), allowing a factor of
 *   1e3/1e6/1e9 either way (millions vs billions) and a ratio for a percent; signs must match, but a
 *   negative gold may be given as its magnitude when the answer words a decrease, and a gold's
 *   magnitude as a negative when the gold words a decrease ("decreased by 1.7%" vs "(1.7)%").
 * - text: otherwise. At least 60% (TEXT_OVERLAP) of the gold's distinct content words (lower-cased
 *   letter and digit runs, stopwords aside) must be among the answer's words (no stemming); never
 *   correct for a gold without content words.
 */
export function answerCorrect(gold: string, answer: string): AnswerVerdict {
  const figures = statedFigures(gold).filter((f) => !f.year);
  const first = wordTokens(gold)[0];
  const goldFalls = wordsFall(gold);
  if (first === 'yes' || first === 'no') {
    const opens = wordTokens(answer)[0] === first;
    return { kind: 'yes-no', correct: opens && (figures.length === 0 || figures.some((f) => showsFigure(answer, f, goldFalls))) };
  }
  if (figures.length) return { kind: 'figure', correct: showsFigure(answer, figures[0], goldFalls) };
  return { kind: 'text', correct: contentOverlap(gold, answer) >= TEXT_OVERLAP };
}

/**
 * What a user reads first: the answer up to the end of its first citation mark ("… 1,815 million
 * (2022) [2]") or its first line break, whichever comes first; the whole answer when it has
 * neither. A quoted answer's lead is its first quoted sentence.
 */
export function answerLead(answer: string): string {
  const mark = /\[\d{1,3}\](?:\[\d{1,3}\])*/.exec(answer);
  const newline = answer.search(/\n/);
  const ends = [mark ? mark.index + mark[0].length : -1, newline].filter((i) => i >= 0);
  return ends.length ? answer.slice(0, Math.min(...ends)) : answer;
}

/** A question's row as the eval reports it: its config, and its verdict where it was judged. */
export interface CorrectRow {
  config: string;
  answerCorrect?: boolean;
  answerKind?: AnswerKind;
  /** Whether the answer's lead (answerLead) alone is right. */
  leadCorrect?: boolean;
  /** FinanceBench's question_type: metrics-generated, domain-relevant or novel-generated. */
  questionType?: string;
}

const KINDS: AnswerKind[] = ['figure', 'yes-no', 'text', 'declined'];
const QUESTION_TYPES = ['metrics-generated', 'domain-relevant', 'novel-generated'];

/**
 * answerCorrect per config, over all its judged questions and broken down by answer kind and by
 * question type (FinanceBench's three first, then any others by name): "0.500 (2/4)" a cell, "—"
 * where none was judged. Empty when no row was judged.
 */
export function formatCorrectTable(rows: CorrectRow[]): string {
  const judged = rows.filter((r) => typeof r.answerCorrect === 'boolean');
  if (judged.length === 0) return '';
  const seen = new Set(judged.flatMap((r) => (r.questionType ? [r.questionType] : [])));
  const types = [...QUESTION_TYPES.filter((t) => seen.has(t)), ...[...seen].filter((t) => !QUESTION_TYPES.includes(t)).sort()];
  const configs = [...new Set(judged.map((r) => r.config))];
  // The "declined" column only for a set of unanswerable questions.
  const kinds = KINDS.filter((k) => k !== 'declined' || judged.some((r) => r.answerKind === 'declined'));
  const cell = (rs: CorrectRow[]) => (rs.length ? fraction(rs.filter((r) => r.answerCorrect).length, rs.length) : '—');
  const body = configs.map((config) => {
    const own = judged.filter((r) => r.config === config);
    const lead = (rs: CorrectRow[]) => (rs.length ? fraction(rs.filter((r) => r.leadCorrect).length, rs.length) : '—');
    return [
      config,
      cell(own),
      lead(own),
      ...kinds.map((k) => cell(own.filter((r) => r.answerKind === k))),
      ...types.flatMap((t) => [cell(own.filter((r) => r.questionType === t)), lead(own.filter((r) => r.questionType === t))]),
    ];
  });
  return markdownTable(['config', 'all', 'lead', ...kinds, ...types.flatMap((t) => [t, `${t} (lead)`])], body);
}
