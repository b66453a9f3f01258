import { wordTokens } from '../text';
import { STOPWORDS } from '../search';
import { askedYears } from '../compute';

export interface CriticVerdict {
  /** 0–1; 0.5 means the critic has no opinion. */
  score: number;
  /** Why, in words a user can read in the pipeline table. */
  notes: string[];
}

const YEAR = /\b(?:FY|fiscal\s+(?:year\s+)?)?'?((?:19|20)\d\d)\b|\bFY'?(\d\d)\b/gi;
/** A question asking for an amount, a count, a ratio or a value. */
export const AMOUNT_QUESTION = /\b(how (much|many)|amount|total|ratio|margin|rate|percent(age)?|%|usd|dollars?|million|billion|value|number of)\b/i;

/** Four-digit years a text names ("2019", "FY2019", "FY19", "fiscal 2019"). */
export function yearsIn(text: string): Set<number> {
  const years = new Set<number>();
  for (const m of text.matchAll(YEAR)) years.add(m[1] ? Number(m[1]) : 2000 + Number(m[2]));
  return years;
}

/**
 * A question about matters that run on ("ongoing", "pending", "still", "to date", "since …"): a
 * passage naming the years they began in (a suit over a 2019 accident, reported in FY2022) is
 * about them, not about another period.
 */
const ONGOING = /\b(?:on-?going|pending|continu(?:e|es|ed|ing)|still|outstanding|unresolved|remain(?:s|ed|ing)?|to\s+date|since|so\s+far|over\s+the\s+(?:past|last)|history)\b/i;
/** The years a question asks about: each year it names, and every year of a range it names ("from 2019 to 2022": compute's askedYears). */
export function yearsAsked(query: string): Set<number> {
  const asked = yearsIn(query);
  for (const y of askedYears(query).list) asked.add(y);
  return asked;
}

/**
 * The critic stage: query-aware checks a relevance grader tends to miss. Temporal
 * consistency: a time-bound question ("FY2019") is poorly served by a chunk that only talks
 * about other years (unless it asks about ongoing matters; a span of years counts whole). Quantities: a question asking for an amount needs a chunk with figures.
 * Coverage: the share of the query's content words the chunk contains.
 */
export function critic(query: string, chunk: string): CriticVerdict {
  const notes: string[] = [];
  let score = 0.5;

  const asked = yearsAsked(query);
  const ongoing = ONGOING.test(query);
  if (asked.size > 0) {
    const named = yearsIn(chunk);
    // Filings show the asked year next to its neighbours, so an adjacent year counts half.
    const exact = [...asked].some((y) => named.has(y));
    const near = [...asked].some((y) => named.has(y - 1) || named.has(y + 1));
    if (exact) {
      score += 0.2;
      notes.push(`mentions ${[...asked].filter((y) => named.has(y)).join(', ')}`);
    } else if (named.size > 0 && !near && ongoing) {
      notes.push(`other years (${[...named].slice(0, 3).join(', ')}), as an ongoing matter's may`);
    } else if (named.size > 0 && !near) {
      score -= 0.25;
      notes.push(`only other years (${[...named].slice(0, 3).join(', ')})`);
    } else if (near) {
      score += 0.05;
      notes.push('adjacent year only');
    }
  }

  if (AMOUNT_QUESTION.test(query)) {
    if (hasFigure(chunk)) {
      score += 0.1;
      notes.push('has figures');
    } else {
      score -= 0.15;
      notes.push('no figures for an amount question');
    }
  }

  const terms = new Set(wordTokens(query).filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w)));
  if (terms.size > 0) {
    const words = new Set(wordTokens(chunk));
    const coverage = [...terms].filter((t) => words.has(t)).length / terms.size;
    score += 0.3 * (coverage - 0.3);
    notes.push(`${Math.round(coverage * 100)}% of query words`);
  }
  return { score: Math.min(1, Math.max(0, score)), notes };
}

/** The text with the years it names blanked out (see yearsIn). */
export function withoutYears(text: string): string {
  return text.replace(YEAR, ' ');
}

/** Any number that is not a year. */
function hasFigure(text: string): boolean {
  return /\d/.test(withoutYears(text));
}
