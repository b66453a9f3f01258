import { askedPeriod, contentWords } from '../compute';

/** What a "which … is highest / fell most" question asks Sieve to compare over the rows of one table. */
export interface AskedComparison {
  /** max: the highest level or the biggest rise; min: the lowest level or the biggest fall. */
  direction: 'max' | 'min';
  /** level: the rows' values in one period; change: each row's change between two periods. */
  measure: 'level' | 'change';
  /** For a change: in amount or in percent of the earlier value. */
  changeIn?: 'amount' | 'percent';
  /** The stemmed content words of what is compared ("operating income"); empty when the question names only the set ("the largest liability"). */
  metric: string[];
  /** Every content word of the question, frame words included ("seconds"), for naming a column of a table without periods. */
  words?: string[];
  /** What kind of rows are compared ("segment", "region", "activity"), when the question names it. */
  set?: string;
  /** Totals, subtotals and "Corporate / Other" rows may win only when the question names them. */
  allowTotals: boolean;
  /** The comparison in words ("highest", "largest fall", "fastest growth"), for the answer. */
  phrase: string;
  years: number[];
  months?: number;
  quarter?: number;
}

/** A question that asks which one of a set: "which …", or "what is the largest / most …". */
const WHICH = /\bwhich\b|\bwhat\s+(?:is|was|are|were)\s+(?:the\s+)?(?:\w+'s\s+)?(?:single\s+)?(?:largest|biggest|highest|greatest|lowest|smallest|main|top)\b/i;
const MAX = /\b(?:highest|largest|biggest|greatest|most|top|best|strongest|leading|maximum|fastest|more|higher|larger|bigger|greater|longer|steepest|sharpest)\b/i;
const MIN = /\b(?:lowest|smallest|least|fewest|weakest|worst|minimum|slowest|less|lower|smaller|fewer|shorter)\b/i;
const UP = /\b(?:grow\w*|grew|increas\w*|ris(?:e|es|ing)|rose|gain\w*|improv\w*|expand\w*)\b/i;
const DOWN = /\b(?:declin\w*|drop\w*|fall\w*|fell|decreas\w*|shr[aiu]nk\w*|reduc\w*|contract\w*|los[et]\b)\b/i;
const PERCENT_CHANGE = /\b(?:fastest|slowest|percent(?:age)?|rate\s+of\s+growth|growth\s+rate)\b|%/i;
/** Questions about totals or the rest ("including Corporate", "the total") may compare those rows too. */
const TOTALS_ALLOWED = /\b(?:totals?|subtotals?|corporate|unallocated|other|including)\b/i;
/** What a comparison is over, in the words questions use for the rows. */
const SET_NOUNS: Array<[RegExp, string]> = [
  [/\bsegments?\b/i, 'segment'],
  [/\b(?:regions?|geograph\w*|areas?)\b/i, 'region'],
  [/\b(?:markets?|countr(?:y|ies))\b/i, 'market'],
  [/\b(?:categor(?:y|ies)|product\s+lines?|lines?\s+of\s+business|products?|brands?|franchises?)\b/i, 'category'],
  [/\b(?:divisions?|business(?:es)?|units?|groups?)\b/i, 'business'],
  [/\bactivit(?:y|ies)\b/i, 'activity'],
  [/\bliabilit(?:y|ies)\b/i, 'liability'],
  [/\bassets?\b/i, 'asset'],
  [/\b(?:expenses?|costs?)\b/i, 'expense'],
  [/\bcustomers?\b/i, 'customer'],
  [/\b(?:releases?|versions?)\b/i, 'release'],
  [/\b(?:models?|methods?)\b/i, 'model'],
];
/** How far after "which" a set noun may stand. */
const SET_WINDOW = 60;
/** Words that frame the comparison rather than name what is compared. */
const FRAME = new Set(
  contentWords(
    'which what who is are was were has have had did does do saw see seen the its their company business reportable segment ' +
      'highest largest biggest greatest most top best strongest leading maximum fastest lowest smallest least fewest weakest worst minimum slowest more less ' +
      'higher larger bigger greater longer faster lower smaller fewer shorter slower ' +
      'grow grew growth growing increase increased increases rise rose rising gain gained improve improved expand expanded decline declined drop dropped fall fell falling decrease decreased shrink shrank reduction reduced ' +
      'fiscal year years quarter quarters first second third fourth half month months ended ending period compared comparison versus vs between from to through since prior previous last latest current ' +
      'amount value figure much many one single three two four five all among across each of in on by for at based according report reported reporting generated generate brought bring contributed contribute ' +
      'change changed percent percentage rate dollar dollars term terms following show shows list table ' +
      'spend spent spending earn earned earning earnings-wise make made pay paid record recorded post posted incur incurred use used provide provided account accounted contribute contributed bring brought see saw',
  ),
);

/**
 * Reads a "which of a set" question: "Which segment had the highest operating income in FY2022?",
 * "Which region's sales fell most?", "What is the largest liability?". Undefined when the question
 * asks no such thing (no "which", or no word saying highest, lowest, grew or fell most).
 */
export function askedComparison(question: string): AskedComparison | undefined {
  if (!WHICH.test(question)) return undefined;
  const max = question.match(MAX);
  const min = question.match(MIN);
  const up = question.match(UP);
  const down = question.match(DOWN);
  // "most" alone is also a quantifier ("most of its revenue"): it needs "which" before it.
  if (!max && !min && !up && !down) return undefined;
  if (!max && !min && !/\bwhich\b[^?]*\b(?:grew|fell|rose|declined|dropped|increased|decreased|drop|decline|fall|rise|growth)\b/i.test(question)) return undefined;
  const measure: AskedComparison['measure'] = up || down ? 'change' : 'level';
  // A change: the biggest fall is the lowest signed change; the slowest growth too.
  let direction: AskedComparison['direction'] = min && !max ? 'min' : 'max';
  if (measure === 'change') {
    const small = /\b(?:slowest|least|smallest|lowest|weakest|worst|fewest)\b/i.test(question);
    direction = down ? (small ? 'max' : 'min') : small ? 'min' : 'max';
  }
  const setFound = setNoun(question);
  const { years, months, quarter } = askedPeriod(question);
  return {
    direction,
    measure,
    ...(measure === 'change' ? { changeIn: PERCENT_CHANGE.test(question) ? ('percent' as const) : ('amount' as const) } : {}),
    metric: metricWords(question, setFound?.phrase),
    words: contentWords(question),
    ...(setFound ? { set: setFound.set } : {}),
    allowTotals: TOTALS_ALLOWED.test(question),
    phrase: phraseOf(direction, measure, PERCENT_CHANGE.test(question)),
    years,
    ...(months ? { months } : {}),
    ...(quarter ? { quarter } : {}),
  };
}

/**
 * The set a "which … / what are the …" list question asks for, as a comparison of levels with no
 * winner wanted: its metric words, set noun and period. Used to find the table whose rows the
 * question lists ("What are Apple's reportable segments?").
 */
export function askedSet(question: string): AskedComparison {
  const setFound = setNoun(question);
  const { years, months, quarter } = askedPeriod(question);
  return {
    direction: 'max',
    measure: 'level',
    metric: metricWords(question, setFound?.phrase),
    words: contentWords(question),
    ...(setFound ? { set: setFound.set } : {}),
    allowTotals: false,
    phrase: 'listed',
    years,
    ...(months ? { months } : {}),
    ...(quarter ? { quarter } : {}),
  };
}

function phraseOf(direction: AskedComparison['direction'], measure: AskedComparison['measure'], percent: boolean): string {
  if (measure === 'level') return direction === 'max' ? 'highest' : 'lowest';
  if (percent) return direction === 'max' ? 'fastest growth' : 'slowest growth';
  return direction === 'max' ? 'largest increase' : 'largest decrease';
}

/** The set noun the question names near "which" (within SET_WINDOW characters), the first of SET_NOUNS when it names several ("business segment" is a segment). */
function setNoun(question: string): { set: string; phrase: string } | undefined {
  const after = question.slice(question.search(/\bwhich\b|\bwhat\b/i));
  for (const [re, set] of SET_NOUNS) {
    const m = after.match(re);
    // Far from "which", the noun more likely belongs to what is measured ("which … has the most assets").
    if (m && m.index! <= SET_WINDOW) return { set, phrase: m[0] };
  }
  return undefined;
}

/**
 * What is compared, in stemmed content words: the question without its framing words, names
 * (capitalised words after the first), years, the set noun, and owners ("JPM's").
 */
function metricWords(question: string, setPhrase: string | undefined): string[] {
  // An owner ("JPM's", "the company's") is not what is measured.
  let text = question.replace(/[\w&.-]+[’']s\b/g, ' ');
  // Every word of the set ("geographic regions"), not only the one found first.
  if (setPhrase) {
    const set = SET_NOUNS.find(([re]) => re.test(setPhrase))?.[0];
    text = set ? text.replace(new RegExp(set.source, 'gi'), ' ') : text.replace(setPhrase, ' ');
  }
  // A capitalised word with lower case in it ("Boeing", "JPMorgan") is a name; one all in capitals (ROE, EBIT) is a measure.
  const words = text.split(/\s+/).filter((w, i) => (i === 0 || !(/^[A-Z]/.test(w) && /[a-z]/.test(w))) && !(/\d/.test(w) && /[A-Za-z]/.test(w) && !/^(?:FY|Q)\d/i.test(w)));
  return contentWords(words.join(' ')).filter((w) => !FRAME.has(w) && !/^\d+$/.test(w) && !/^(?:fy|q)\d*$/.test(w));
}
