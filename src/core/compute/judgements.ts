/**
 * Judgements a yes/no question asks of a figure ("Is it capital-intensive?"): the metric that
 * measures it and a published reference value to set it beside. No reference reachable here fixes
 * a threshold for these words, so Sieve states the figure against the reference and gives no
 * Yes or No of its own.
 */
export interface Judgement {
  id: string;
  /** The words that ask for it. */
  asks: RegExp;
  /** The metric (metrics.ts id) that measures it. */
  metric: string;
  /** A published value to read the figure against, with where it comes from. */
  reference: { value: number; what: string; source: string };
}

export const JUDGEMENTS: readonly Judgement[] = [
  {
    id: 'capital-intensive',
    asks: /\bcapital[\s-]+intensive\b|\bcapital\s+intensity\b|\basset[\s-]+heavy\b/i,
    metric: 'capex_to_revenue',
    reference: {
      value: 3.7,
      what: 'median capex-to-sales of about 16,000 listed companies, 2010–2015',
      source: 'GMT Research, accounting ratio “Capex/Sales (%)”',
    },
  },
];

/** The judgement a question asks for, if any. */
export function judgementAsked(question: string): Judgement | undefined {
  return JUDGEMENTS.find((j) => j.asks.test(question));
}

/** "Are its margins consistent year to year?": the metric over the years, and their spread (no reference fixes how small is steady). */
export const STEADINESS = /\b(?:consistent|stable|steady|volatile|fluctuat\w*)\b/i;
/** How many of the latest years a steadiness question reads when it names none. */
export const STEADINESS_YEARS = 3;
