import type { StatementKind, TableRow } from './types';
import { MONTH_PATTERN } from '../text';

/** How a statement's title reads (US GAAP and IFRS names) — also how a question names one. */
const TITLES: Array<[StatementKind, RegExp]> = [
  ['balance sheet', /\bbalance\s+sheets?\b|\bstatements?\s+of\s+(?:consolidated\s+)?financial\s+(?:position|condition)\b/i],
  ['comprehensive income', /\bstatements?\s+of\s+(?:consolidated\s+)?comprehensive\s+(?:income|loss|earnings)\b/i],
  [
    'income statement',
    /\bincome\s+statements?\b|\bstatements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings)\b|\bprofit\s+(?:and|or)\s+loss\b|\bstatements?\s+of\s+(?:consolidated\s+)?(?:net\s+)?(?:income|earnings)\s+(?:and|\(loss\))/i,
  ],
  ['cash flow statement', /\bcash\s+flows?\s+statements?\b|\bstatements?\s+of\s+(?:consolidated\s+)?cash\s+flows?\b/i],
  [
    'equity statement',
    /\bstatements?\s+of\s+(?:changes\s+in\s+)?(?:stockholders|shareholders|share\s*owners)['’]?\s+(?:equity|investment)\b|\bstatements?\s+of\s+(?:changes\s+in\s+)?equity\b/i,
  ],
  ['segment table', /\bsegment\s+(?:information|results|data|reporting)\b|\bby\s+(?:reportable\s+)?segments?\b/i],
];

/** Row labels typical of each statement: a table with enough of them is that statement even without a title. */
const VOCABULARY: Array<[StatementKind, RegExp[]]> = [
  [
    'balance sheet',
    [
      /^total\s+assets$/,
      /^total\s+current\s+assets$/,
      /^total\s+current\s+liabilities$/,
      /^total\s+liabilities\b/,
      /\b(?:stockholders|shareholders)['’]?\s+equity$/,
      /^goodwill$/,
      /^inventor(?:y|ies)/,
      /^accounts\s+payable/,
      /\bretained\s+earnings\b/,
    ],
  ],
  [
    'income statement',
    [
      /^(?:total\s+)?(?:net\s+)?(?:sales|revenues?)$/,
      /^cost\s+of\s+(?:sales|revenues?|goods\s+sold)/,
      /^gross\s+(?:profit|margin)$/,
      /^operating\s+(?:income|profit)/,
      /^income\s+before\s+income\s+taxes/,
      /^net\s+(?:income|earnings)/,
      /\bper\s+(?:common\s+)?share\b/,
      /^(?:basic|diluted)$/,
      /^provision\s+for\s+income\s+taxes|^income\s+tax(?:es)?\s+(?:expense|provision)/,
    ],
  ],
  [
    'cash flow statement',
    [
      /operating\s+activities$/,
      /investing\s+activities$/,
      /financing\s+activities$/,
      /^depreciation\b/,
      /^(?:purchases?|payments?)\s+(?:of|for)\s+property/,
      /^dividends\s+paid|^cash\s+dividends/,
      /\bcash\s+and\s+cash\s+equivalents,?\s+(?:at\s+)?(?:beginning|end)\b/,
    ],
  ],
];
/** A contents entry ends in a page number ("| 56", " F-3"); a title may end in a date ("Years ended December 31"). */
const PAGE_NUMBER = /(?:^|[\s|.…])(?:[A-Z]-)?\d{1,3}\s*$/;
const MONTH_DAY_END = new RegExp(String.raw`\b${MONTH_PATTERN}\s+\d{1,2}\s*$`, 'i');
const MIN_VOCABULARY = 3;
const MAX_TITLE_WORDS = 16;

/** The statements a question names ("based on the balance sheet", "the statement of cash flows"). */
export function statementsNamed(text: string): StatementKind[] {
  return TITLES.filter(([, re]) => re.test(text)).map(([kind]) => kind);
}

/**
 * Which statement a line titles, if it is a title: short, no sentence end, not a contents
 * entry ending in a page number ("Consolidated Balance Sheets | 56"), naming the statement.
 */
export function statementTitled(line: string): StatementKind | undefined {
  const l = line.trim();
  if (!l || l.split(/\s+/).length > MAX_TITLE_WORDS || /[.:;]$/.test(l) || (PAGE_NUMBER.test(l) && !MONTH_DAY_END.test(l))) return undefined;
  return TITLES.find(([, re]) => re.test(l))?.[0];
}

/** The statement a table is: its title lines first, else the row vocabulary (at least three typical rows). */
export function recogniseStatement(titleLines: string[], rows: Array<Pick<TableRow, 'label'>>): StatementKind | undefined {
  for (let i = titleLines.length - 1; i >= 0; i--) {
    const titled = statementTitled(titleLines[i]);
    if (titled) return titled;
  }
  const labels = rows.map((r) =>
    r.label
      .toLowerCase()
      .replace(/[:*]+$/, '')
      .trim(),
  );
  let best: { kind: StatementKind; hits: number } | undefined;
  for (const [kind, patterns] of VOCABULARY) {
    const hits = patterns.filter((re) => labels.some((l) => re.test(l))).length;
    if (hits >= MIN_VOCABULARY && (!best || hits > best.hits)) best = { kind, hits };
  }
  return best?.kind;
}
