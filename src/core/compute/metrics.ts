/**
 * The standard financial metrics Sieve can compute from a filing's table cells: for each, the
 * phrases a question may name it by, its formula over named quantities (in the grammar of ./expr),
 * the unit of its result and the reference its definition follows.
 *
 * Inputs are quantity ids (QUANTITY_IDS), the standard line items a lexicon maps statement labels
 * to. `prior_x` is x one period earlier (`prior_prior_x` two), so an average balance is
 * `(x + prior_x) / 2`. Every quantity is in units (dollars, shares), never "in millions": the caller
 * applies each table's scale. Quantities in MAGNITUDE_INPUTS are costs and outflows, defined as
 * positive magnitudes: statements print them in parentheses or with a minus sign (capital
 * expenditure and dividends in a cash flow statement), so the caller reads them as sizes (signs.ts).
 * A percent metric's formula multiplies by 100 (34.6 means 34.6%).
 *
 * Where definitions differ, the formula follows the cited standard (average balances for returns and
 * turnovers, interest-bearing debt for leverage) and `variants` lists the other common ones, for a
 * question that states its own definition to select.
 */

// Quantity ids by the statement they come from; the lexicon maps statement line labels to them.
const INCOME_STATEMENT = ['revenue', 'cost_of_revenue', 'gross_profit', 'operating_income', 'net_income', 'income_before_tax', 'income_tax_expense', 'interest_expense'] as const;
const COSTS = ['sga_expense', 'research_development', 'depreciation_amortization'] as const;
const BALANCE_SHEET = ['total_assets', 'total_current_assets', 'total_current_liabilities', 'total_liabilities', 'total_equity', 'cash', 'short_term_investments'] as const;
const BALANCE_ITEMS = ['accounts_receivable', 'inventory', 'accounts_payable', 'ppe_net', 'long_term_debt', 'current_debt'] as const;
const CASH_FLOW = ['operating_cash_flow', 'capital_expenditure', 'dividends_paid'] as const;
const PER_SHARE = ['shares_outstanding', 'eps_diluted'] as const;

export const QUANTITY_IDS = [...INCOME_STATEMENT, ...COSTS, ...BALANCE_SHEET, ...BALANCE_ITEMS, ...CASH_FLOW, ...PER_SHARE] as const;

export type QuantityId = (typeof QUANTITY_IDS)[number];

/**
 * Costs and outflows, defined as positive magnitudes: the caller reads the printed figure as its
 * size, its sign read one way for the whole row (signs.ts costValue: a row that changes sign is a
 * cost one year and a credit another) (capital expenditure and dividends paid are negative in a cash flow statement,
 * expenses are often in parentheses). Income tax expense is one too: filings that print the provision in
 * parentheses are far more common than a tax benefit, which this reads as an expense.
 */
export const MAGNITUDE_INPUTS: ReadonlySet<QuantityId> = new Set<QuantityId>([
  'capital_expenditure',
  'dividends_paid',
  'interest_expense',
  ...COSTS,
  'cost_of_revenue',
  'income_tax_expense',
]);

export const PRIOR_PREFIX = 'prior_';

/** The quantity an input name stands for, without its `prior_` prefixes ("prior_inventory" → "inventory"). */
export function quantityOf(input: string): string {
  let name = input;
  while (name.startsWith(PRIOR_PREFIX)) name = name.slice(PRIOR_PREFIX.length);
  return name;
}

/** Whether an input name is a known quantity, in this period or an earlier one. */
export function isQuantityInput(input: string): boolean {
  return (QUANTITY_IDS as readonly string[]).includes(quantityOf(input));
}

/** Whether the caller reads the input as a cost's size (MAGNITUDE_INPUTS, in any period; its sign by signs.ts costValue). */
export function isMagnitudeInput(input: string): boolean {
  return MAGNITUDE_INPUTS.has(quantityOf(input) as QuantityId);
}

/** percent: the value is already × 100 (34.6 means 34.6%); currency: in units (dollars), before any "in millions". */
export type MetricUnit = 'percent' | 'ratio' | 'days' | 'times' | 'currency';

/** Another definition in common use, which a question may state as its own. */
export interface MetricVariant {
  expression: string;
  note: string;
}

export interface Metric {
  id: string;
  name: string;
  /** Names a question may use, matched by findMetric on whole words (case, hyphens, "%", plurals and common synonyms aside). */
  phrases: string[];
  /** The formula over quantity ids, in the grammar of ./expr. */
  expression: string;
  unit: MetricUnit;
  /** The reference the definition follows. */
  source: string;
  /** The same figure from other line items, for a filing that does not print an input of `expression`. */
  fallback?: string;
  variants?: MetricVariant[];
}

const CFA = 'CFA Institute, CFA Program Curriculum, Financial Analysis Techniques';
const COMMON_SIZE = `${CFA} (common-size income statement: a line item as a percent of revenue)`;
const SEC_EBITDA = 'US SEC Regulation G and Non-GAAP Compliance & Disclosure Interpretation 103.01 (earnings before interest, taxes, depreciation and amortization)';
const inv = (article: string): string => `Investopedia, '${article}'`;
const avg = (q: QuantityId): string => `((${q} + ${PRIOR_PREFIX}${q}) / 2)`;

const TOTAL_DEBT = '(long_term_debt + current_debt)';
const FCF = '(operating_cash_flow - capital_expenditure)';
const EBITDA = '(operating_income + depreciation_amortization)';
const PURCHASES = 'cost of revenue standing in for purchases';
const TAXES = 'CFA Institute, CFA Program Curriculum, Income Taxes';
const FCF_NI = "New Constructs, 'Free Cash Flow Conversion (FCF as % of GAAP Net Income)'; issuers' usage in 10-K filings (3M: free cash flow ÷ net income)";
const DIO = `365 * ${avg('inventory')} / cost_of_revenue`;
const DSO = `365 * ${avg('accounts_receivable')} / revenue`;
const DPO = `365 * ${avg('accounts_payable')} / cost_of_revenue`;
const OP_DA = 'operating income plus D&A from the cash flow statement (FinanceBench\'s "unadjusted EBITDA")';
const YEAR_END = 'on year-end rather than average balances, as some questions define it';
const LIABILITIES = 'total liabilities rather than interest-bearing debt';

/** The table, without phrases (PHRASES) and variants (VARIANTS), which METRICS joins in by id. */
const ROWS: Array<Omit<Metric, 'phrases' | 'variants'>> = [
  // Profitability
  { id: 'gross_profit', name: 'Gross profit', expression: 'revenue - cost_of_revenue', unit: 'currency', source: CFA },
  { id: 'gross_margin', name: 'Gross margin', expression: 'gross_profit / revenue * 100', unit: 'percent', source: CFA, fallback: '(revenue - cost_of_revenue) / revenue * 100' },
  { id: 'operating_margin', name: 'Operating margin', expression: 'operating_income / revenue * 100', unit: 'percent', source: CFA },
  { id: 'net_profit_margin', name: 'Net profit margin', expression: 'net_income / revenue * 100', unit: 'percent', source: CFA },
  { id: 'ebitda', name: 'EBITDA', expression: 'operating_income + depreciation_amortization', unit: 'currency', source: `${SEC_EBITDA}, as ${OP_DA}` },
  { id: 'ebitda_margin', name: 'EBITDA margin', expression: `${EBITDA} / revenue * 100`, unit: 'percent', source: `${inv('EBITDA Margin')}; EBITDA as ${OP_DA}` },
  { id: 'effective_tax_rate', name: 'Effective tax rate', expression: 'income_tax_expense / income_before_tax * 100', unit: 'percent', source: TAXES },
  { id: 'rd_to_revenue', name: 'R&D as a percent of revenue', expression: 'research_development / revenue * 100', unit: 'percent', source: COMMON_SIZE },
  { id: 'sga_to_revenue', name: 'SG&A as a percent of revenue', expression: 'sga_expense / revenue * 100', unit: 'percent', source: COMMON_SIZE },
  // Returns
  { id: 'return_on_assets', name: 'Return on assets', expression: `net_income / ${avg('total_assets')} * 100`, unit: 'percent', source: CFA },
  { id: 'return_on_equity', name: 'Return on equity', expression: `net_income / ${avg('total_equity')} * 100`, unit: 'percent', source: CFA },
  // Liquidity
  { id: 'current_ratio', name: 'Current ratio', expression: 'total_current_assets / total_current_liabilities', unit: 'ratio', source: CFA },
  { id: 'quick_ratio', name: 'Quick ratio', expression: '(cash + short_term_investments + accounts_receivable) / total_current_liabilities', unit: 'ratio', source: CFA },
  { id: 'cash_ratio', name: 'Cash ratio', expression: '(cash + short_term_investments) / total_current_liabilities', unit: 'ratio', source: CFA },
  { id: 'working_capital', name: 'Working capital', expression: 'total_current_assets - total_current_liabilities', unit: 'currency', source: inv('Working Capital') },
  {
    id: 'operating_cash_flow_ratio',
    name: 'Operating cash flow ratio',
    expression: 'operating_cash_flow / total_current_liabilities',
    unit: 'ratio',
    source: inv('Operating Cash Flow Ratio'),
  },
  // Solvency
  { id: 'total_debt', name: 'Total debt', expression: 'long_term_debt + current_debt', unit: 'currency', source: `${CFA} (interest-bearing short- and long-term debt)` },
  { id: 'net_debt', name: 'Net debt', expression: 'long_term_debt + current_debt - cash - short_term_investments', unit: 'currency', source: inv('Net Debt') },
  { id: 'debt_to_equity', name: 'Debt-to-equity ratio', expression: `${TOTAL_DEBT} / total_equity`, unit: 'ratio', source: CFA },
  { id: 'debt_to_assets', name: 'Debt-to-assets ratio', expression: `${TOTAL_DEBT} / total_assets`, unit: 'ratio', source: CFA },
  { id: 'debt_to_capital', name: 'Debt-to-capital ratio', expression: `${TOTAL_DEBT} / (${TOTAL_DEBT} + total_equity)`, unit: 'ratio', source: CFA },
  { id: 'interest_coverage', name: 'Interest coverage', expression: 'operating_income / interest_expense', unit: 'times', source: `${CFA} (EBIT ÷ interest)` },
  // Activity
  { id: 'asset_turnover', name: 'Asset turnover', expression: `revenue / ${avg('total_assets')}`, unit: 'times', source: CFA },
  { id: 'fixed_asset_turnover', name: 'Fixed asset turnover', expression: `revenue / ${avg('ppe_net')}`, unit: 'times', source: CFA },
  { id: 'inventory_turnover', name: 'Inventory turnover', expression: `cost_of_revenue / ${avg('inventory')}`, unit: 'times', source: CFA },
  { id: 'receivables_turnover', name: 'Receivables turnover', expression: `revenue / ${avg('accounts_receivable')}`, unit: 'times', source: CFA },
  { id: 'payables_turnover', name: 'Payables turnover', expression: `cost_of_revenue / ${avg('accounts_payable')}`, unit: 'times', source: `${CFA} (${PURCHASES})` },
  { id: 'days_inventory_outstanding', name: 'Days inventory outstanding', expression: DIO, unit: 'days', source: `${CFA} (365 ÷ inventory turnover)` },
  { id: 'days_sales_outstanding', name: 'Days sales outstanding', expression: DSO, unit: 'days', source: `${CFA} (365 ÷ receivables turnover)` },
  { id: 'days_payable_outstanding', name: 'Days payable outstanding', expression: DPO, unit: 'days', source: `${CFA} (365 ÷ payables turnover; ${PURCHASES})` },
  { id: 'cash_conversion_cycle', name: 'Cash conversion cycle', expression: `${DIO} + ${DSO} - ${DPO}`, unit: 'days', source: `${CFA} (DIO + DSO − DPO)` },
  // Cash flow
  { id: 'free_cash_flow', name: 'Free cash flow', expression: 'operating_cash_flow - capital_expenditure', unit: 'currency', source: inv('Free Cash Flow (FCF)') },
  { id: 'free_cash_flow_conversion', name: 'Free cash flow conversion', expression: `${FCF} / net_income * 100`, unit: 'percent', source: FCF_NI },
  { id: 'capex_to_revenue', name: 'Capex as a percent of revenue', expression: 'capital_expenditure / revenue * 100', unit: 'percent', source: inv('Capital Expenditure (CapEx)') },
  { id: 'dividend_payout_ratio', name: 'Dividend payout ratio', expression: 'dividends_paid / net_income * 100', unit: 'percent', source: inv('Dividend Payout Ratio') },
  { id: 'retention_ratio', name: 'Retention ratio', expression: '(1 - dividends_paid / net_income) * 100', unit: 'percent', source: inv('Retention Ratio') },
  { id: 'book_value_per_share', name: 'Book value per share', expression: 'total_equity / shares_outstanding', unit: 'currency', source: inv('Book Value Per Share (BVPS)') },
];

/** What a question may call each metric, '|'-separated; findMetric reads "free cash flow" as "fcf", "sales" as "revenue" and so on (SYNONYMS). */
const PHRASES: Record<string, string> = {
  gross_profit: 'gross profit',
  gross_margin: 'gross margin|gross profit margin|gross margin ratio',
  operating_margin: 'operating margin|operating profit margin|operating income margin|ebit margin|return on sales',
  net_profit_margin: 'net profit margin|net margin|net income margin|profit margin|net profit ratio',
  ebitda: 'ebitda',
  ebitda_margin: 'ebitda margin',
  effective_tax_rate: 'effective tax rate|effective income tax rate|etr',
  rd_to_revenue: 'r&d as a % of revenue|r&d % of revenue|r&d to revenue|r&d intensity',
  sga_to_revenue: 'sg&a as a % of revenue|sg&a % of revenue|sg&a to revenue',
  return_on_assets: 'return on assets|return on average assets|return on total assets|return on average total assets|roa',
  return_on_equity: 'return on equity|return on average equity|return on shareholders equity|return on average shareholders equity|return on common equity|roe',
  current_ratio: 'current ratio|working capital ratio',
  quick_ratio: 'quick ratio|acid test',
  cash_ratio: 'cash ratio',
  working_capital: 'working capital|net working capital',
  operating_cash_flow_ratio: 'operating cash flow ratio|cash flow from operations ratio|operating cash flow to current liabilities',
  total_debt: 'total debt|total borrowings',
  net_debt: 'net debt',
  debt_to_equity: 'debt to equity|debt equity ratio',
  debt_to_assets: 'debt to assets|debt to total assets|debt ratio',
  debt_to_capital: 'debt to capital|debt to capitalization|debt to total capital',
  interest_coverage: 'interest coverage|times interest earned',
  asset_turnover: 'asset turnover',
  fixed_asset_turnover: 'fixed asset turnover|ppe turnover',
  inventory_turnover: 'inventory turnover',
  receivables_turnover: 'receivables turnover|debtors turnover',
  payables_turnover: 'payables turnover|creditors turnover',
  days_inventory_outstanding: 'days inventory outstanding|days of inventory on hand|days in inventory|days sales of inventory|inventory days|dio',
  days_sales_outstanding: 'days sales outstanding|days of sales outstanding|days receivables|receivable days|average collection period|dso',
  days_payable_outstanding: 'days payable outstanding|days of payables|payable days|dpo',
  cash_conversion_cycle: 'cash conversion cycle|net operating cycle|cash cycle|ccc',
  free_cash_flow: 'free cash flow',
  free_cash_flow_conversion: 'free cash flow conversion|free cash flow conversion rate',
  capex_to_revenue: 'capex as a % of revenue|capex % of revenue|capex to revenue|capex ratio|capex intensity',
  dividend_payout_ratio: 'dividend payout ratio|payout ratio|dividend payout',
  retention_ratio: 'retention ratio|earnings retention ratio|plowback ratio|retention rate',
  book_value_per_share: 'book value per share|bvps',
};

const VARIANTS: Record<string, MetricVariant[]> = {
  ebitda: [{ expression: 'net_income + interest_expense + income_tax_expense + depreciation_amortization', note: 'built up from net income, as the SEC staff describes it' }],
  return_on_assets: [{ expression: 'net_income / total_assets * 100', note: YEAR_END }],
  return_on_equity: [{ expression: 'net_income / total_equity * 100', note: YEAR_END }],
  debt_to_equity: [{ expression: 'total_liabilities / total_equity', note: `${LIABILITIES} (${inv('Debt-to-Equity (D/E) Ratio')})` }],
  debt_to_assets: [{ expression: 'total_liabilities / total_assets', note: `${LIABILITIES} (${inv('Debt Ratio')})` }],
  free_cash_flow_conversion: [{ expression: `${FCF} / ${EBITDA} * 100`, note: "free cash flow ÷ EBITDA (Corporate Finance Institute, 'Free Cash Flow Conversion')" }],
};

export const METRICS: readonly Metric[] = ROWS.map((r) => ({ ...r, phrases: PHRASES[r.id].split('|'), ...(VARIANTS[r.id] && { variants: VARIANTS[r.id] }) }));

export function metricById(id: string): Metric | undefined {
  return METRICS.find((m) => m.id === id);
}

// Phrase matching: both question and phrases become word lists, lower-cased, with "%" and
// punctuation (hyphens, slashes, apostrophes) dropped, plurals made singular and synonyms merged.
const FILLER = new Set(['a', 'an', 'the', 'percent', 'percentage', 'expense']);
const TOKEN_SYNONYMS: Record<string, string> = { '&': 'and', sale: 'revenue', stockholder: 'shareholder', 'pp&e': 'ppe' };
const SYNONYMS: Array<[RegExp, string]> = [
  ['capital expenditure', 'capex'],
  ['free cash flow', 'fcf'],
  ['research and development', 'r&d'],
  ['selling general and administrative', 'sg&a'],
  ['property plant and equipment', 'ppe'],
  ['(?:net|total) revenue', 'revenue'],
  ['account (receivable|payable)', '$1'],
].map(([from, to]) => [new RegExp(`(?<=^| )${from}(?= |$)`, 'g'), to]);

function singular(w: string): string {
  return w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w) ? w.slice(0, -1) : w;
}

/** The words findMetric compares: "Capital expenditures as a % of net sales" → capex as of revenue. */
export function phraseWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^a-z0-9&]+/)
    .map(singular)
    .filter((w) => w && !FILLER.has(w))
    .map((w) => TOKEN_SYNONYMS[w] ?? w);
  const joined = SYNONYMS.reduce((s, [from, to]) => s.replace(from, to), words.join(' '));
  return joined.split(' ').filter(Boolean);
}

const PHRASE_INDEX = METRICS.flatMap((metric) => metric.phrases.map((p) => ({ metric, words: phraseWords(p) })));

/**
 * The metric a question asks about: of the phrases found in it as whole words, the longest (so
 * "fixed asset turnover" beats "asset turnover", "EBITDA % margin" beats "EBITDA"), then the one
 * mentioned first. A phrase right after "adjusted" is passed over: an adjusted (non-GAAP) figure
 * follows the company's own definition, which a standard formula cannot reproduce.
 */
export function findMetric(questionText: string): Metric | undefined {
  const q = phraseWords(questionText);
  let best: { metric: Metric; length: number; at: number } | undefined;
  for (const { metric, words } of PHRASE_INDEX) {
    for (let at = 0; at + words.length <= q.length; at++) {
      if (q[at - 1] === 'adjusted' || !words.every((w, i) => q[at + i] === w)) continue;
      if (!best || words.length > best.length || (words.length === best.length && at < best.at)) best = { metric, length: words.length, at };
      break;
    }
  }
  return best?.metric;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

function checked(quantity: string): string {
  if (!NAME.test(quantity)) throw new Error(`Not a quantity id: '${quantity}'`);
  return quantity;
}

/** Year-over-year growth in percent: (x − prior_x) ÷ prior_x × 100. */
export function growthExpression(quantity: string): string {
  const q = checked(quantity);
  return `(${q} - ${PRIOR_PREFIX}${q}) / ${PRIOR_PREFIX}${q} * 100`;
}

/** Year-over-year change in the quantity's own unit: x − prior_x. */
export function changeExpression(quantity: string): string {
  const q = checked(quantity);
  return `${q} - ${PRIOR_PREFIX}${q}`;
}

/** The same formula one period earlier: every input gains a `prior_` prefix. */
export function priorExpression(expression: string): string {
  return expression.replace(/\b[a-z_][a-z0-9_]*/gi, (name) => PRIOR_PREFIX + name.toLowerCase());
}

/** A metric's change from the period before (in percentage points for a percent metric): m − m one period earlier. */
export function metricChangeExpression(metric: Metric): string {
  return `(${metric.expression}) - (${priorExpression(metric.expression)})`;
}
