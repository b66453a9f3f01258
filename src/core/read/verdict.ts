import type { ReadUnit } from './fact';
import { distinctiveTokens, printsDistinctive } from './distinct';
import { AUXILIARY_VERBS } from '../text';

/** A yes/no question's verdict and the unit that decides it. */
export interface Verdict {
  verdict: 'yes' | 'no' | 'cannot';
  /** The deciding unit (absent when none covers the question well enough). */
  unit?: ReadUnit;
  /** Why, in words: "the passage says so", "the passage denies it", "no passage states it". */
  why: string;
}

const LEAD = String.raw`(?:in|according\s+to|per|under|based\s+on|from|for|at|on|as\s+of|looking\s+at|given)\b[^,?]{0,120},\s*`;
/** A question's lead-in saying where to look: "In the Debian history, …", "According to the 2022 10-K, …". */
export const LEAD_IN = new RegExp(String.raw`^\s*${LEAD}`, 'i');
/** A question answered yes or no, after a lead-in if it has one. */
export const YES_NO = new RegExp(String.raw`^\s*(?:${LEAD})?(?:${[...AUXILIARY_VERBS, 'may'].join('|')})\b`, 'i');
/**
 * The deciding unit must cover at least this share of the question's term weight (the documents'
 * own names and the question's lead-in set apart): it states what the question asks about. Half,
 * as for a fact (MIN_FACT_COVERAGE). Chosen on the reading set (a dev set): 0.6 was tried first and
 * answered 7 of its 20 judgements right, 0.5 answers 11.
 */
export const MIN_VERDICT_COVERAGE = 0.5;
/** How many of the best units are read for a deciding one. */
const UNITS_READ = 5;

const NEGATION =
  /\b(?:no|not|none|never|neither|nor|without|cannot|can't|won't|didn't|doesn't|don't|isn't|aren't|wasn't|weren't|hasn't|haven't|hadn't|no\s+longer|nothing|nobody|ceased|absence)\b|n't\b/i;
const UP = /\b(?:increas\w*|grow\w*|grew|ris(?:e|es|en|ing)|rose|improv\w*|higher|gain\w*|expand\w*|up)\b/i;
const DOWN = /\b(?:decreas\w*|declin\w*|fell|fall\w*|drop\w*|lower|reduc\w*|shr[aiu]nk\w*|down|contract\w*|weaken\w*)\b/i;

/**
 * The verdict a passage states: the best unit covering at least MIN_VERDICT_COVERAGE of the
 * question's terms, naming no other year than the asked, printing the question's distinctive
 * tokens (distinctiveTokens) and not itself a question, decides it. It affirms the question unless it negates what the question asks
 * ("no customer accounted for…", "was not affected", a question word with a "un-" or "non-"
 * prefix: "undrawn" for "drawn") or states the opposite direction ("decreased" where the question
 * asks whether it grew); a question that itself negates or asks for a fall turns it round. With
 * no such unit, Sieve cannot judge.
 */
export function verdictFrom(question: string, units: ReadUnit[], own: readonly string[] = []): Verdict {
  const tokens = distinctiveTokens(question, own);
  // A question the document asks itself ("Q: Is there a JIT compiler?") decides nothing; nor does a sentence about something else.
  const deciding = units
    .slice(0, UNITS_READ)
    .find((u) => !u.row && u.coverage >= MIN_VERDICT_COVERAGE && aboutYearsAsked(question, u.text) && !/\?\s*$/.test(u.text.trim()) && printsDistinctive(u.text, tokens));
  if (!deciding) return { verdict: 'cannot', why: 'no passage states what the question asks' };
  const text = deciding.text;
  let negated = NEGATION.test(text) || prefixNegates(text, question);
  const askedUp = UP.test(question) && !DOWN.test(question);
  const askedDown = DOWN.test(question) && !UP.test(question);
  if ((askedUp && DOWN.test(text) && !UP.test(text)) || (askedDown && UP.test(text) && !DOWN.test(text))) negated = !negated;
  if (NEGATION.test(question.replace(YES_NO, ''))) negated = !negated;
  return negated ? { verdict: 'no', unit: deciding, why: 'the passage denies it' } : { verdict: 'yes', unit: deciding, why: 'the passage states it' };
}

/** A unit that names years but none the question asks about is about another period. */
export function aboutYearsAsked(question: string, text: string): boolean {
  const asked = yearsOf(question);
  if (asked.size === 0) return true;
  const named = yearsOf(text);
  return named.size === 0 || [...named].some((y) => asked.has(y));
}

function yearsOf(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![\d,.$])(?:19|20)\d\d(?![\d%])/g)].map((m) => m[0]));
}

/** A word of the question negated by a prefix in the text: "drawn" → "undrawn", "recurring" → "non-recurring". */
function prefixNegates(text: string, question: string): boolean {
  const words = question.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const lower = text.toLowerCase();
  return words.some((w) => new RegExp(`\\b(?:un|non-?|in)${w}\\b`).test(lower));
}
