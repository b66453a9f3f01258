const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lower-cased runs of letters and digits. This exact definition is shared by the
 * evidenceCoverage metric, so changing it changes evaluation results.
 */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** What an acronym looks like: two to six capitals, an ampersand among them allowed ("AMD", "PP&E", "R&D"); a regex source without groups. */
export const ACRONYM_SHAPE = '[A-Z][A-Z&]{1,5}';

/** Acronyms that name a measure, a currency, a role or a form, not what a document is about ("EBITDA", "CFO", "SEC"). */
export const COMMON_ACRONYMS: ReadonlySet<string> = new Set(
  'USD EUR GBP JPY CNY CAD GAAP IFRS EPS EBIT EBITDA EBITDAR CEO CFO COO CTO ROA ROE ROIC ROI COGS CAPEX SGA YOY LTM TTM US USA UK EU FX PPE NAV AUM FCF CCC DSO DIO DPO TSR IPO OCF SEC LLC INC'.split(
    ' ',
  ),
);

/** The words a question opens with to ask what, who, when, where, why or how (lower case). */
export const QUESTION_WORDS = ['what', 'which', 'who', 'whom', 'when', 'where', 'why', 'how'] as const;

/** The verbs a yes/no question opens with ("Is …", "Did …", "Should …"; lower case). "May" is left out: it opens as many questions about the month. */
export const AUXILIARY_VERBS = ['is', 'are', 'was', 'were', 'does', 'do', 'did', 'has', 'have', 'had', 'can', 'could', 'will', 'would', 'should'] as const;

/** Cardinal numbers written as words, one to ninety, as a regular-expression alternation ("six date and time functions"). */
export const CARDINAL_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
