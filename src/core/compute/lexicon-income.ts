/**
 * Income statement line items (and the per-share figures printed under it). Sources: the US GAAP
 * Financial Reporting Taxonomy element named in each `source`, IAS 1 (1.81A–1.82 line items, 1.102–1.103
 * expenses by nature and by function), IAS 33 (EPS) and the presentation variants companies print.
 * Lists are ';'-separated (see LineItemSpec in lexicon.ts).
 */
import type { LineItemSpec } from './lexicon';

export const INCOME_STATEMENT_ITEMS: LineItemSpec[] = [
  {
    id: 'revenue',
    statement: 'income statement',
    preferTotal: true,
    names: 'revenue; revenues; total revenue; net revenue; net revenues; sales; net sales; total sales; turnover; top line; sales revenue',
    labels:
      'revenue; revenues; total revenues; net revenues; total net revenues; net sales; total net sales; sales; operating revenues; total operating revenues; sales and other operating revenue; revenue from contracts with customers; net sales and revenues; sales to customers; turnover',
    exclude: 'cost; costs; deferred; unearned; unbilled; per share; percent; percentage; growth; marketing; proceeds; gain; receivable; tax; taxes; days; returns; allowance',
    source: 'US GAAP taxonomy: Revenues, RevenueFromContractWithCustomerExcludingAssessedTax, SalesRevenueNet; IAS 1.82(a) "revenue"; IFRS 15',
  },
  {
    id: 'cost_of_revenue',
    statement: 'income statement',
    preferTotal: true,
    names: 'cost of revenue; cost of revenues; cost of sales; cost of goods sold; cogs; cost of goods; cost of products sold; cost of merchandise sold',
    labels:
      'cost of revenue; cost of revenues; total cost of revenue; total cost of revenues; cost of sales; total cost of sales; cost of goods sold; cost of products sold; cost of goods and services sold; cost of merchandise sold; cost of products and services sold; costs of revenue; cost of sales and operating expenses',
    exclude: 'percent; percentage; deferred; capitalized; gross',
    source: 'US GAAP taxonomy: CostOfRevenue, CostOfGoodsAndServicesSold, CostOfGoodsSold; IAS 1.103 "cost of sales"; IAS 2.38',
  },
  {
    id: 'gross_profit',
    statement: 'income statement',
    names: 'gross profit; gross income; gross margin dollars',
    labels: 'gross profit; gross margin; gross income; total gross profit; gross profit loss',
    exclude: 'percent; percentage; rate; ratio',
    source: 'US GAAP taxonomy: GrossProfit; IAS 1.103 "gross profit"',
  },
  {
    id: 'operating_expenses',
    statement: 'income statement',
    preferTotal: true,
    names: 'operating expenses; total operating expenses; opex; operating costs; costs and expenses; total costs and expenses',
    labels:
      'total operating expenses; operating expenses; total costs and expenses; costs and expenses; total operating costs and expenses; operating costs and expenses; total expenses',
    exclude: 'other; per; percent; percentage; lease; before; excluding',
    source: 'US GAAP taxonomy: OperatingExpenses, CostsAndExpenses; IAS 1.99 (analysis of expenses)',
  },
  {
    id: 'sga_expense',
    statement: 'income statement',
    names:
      'sg&a; sga; selling general and administrative; selling general and administrative expense; selling general and administrative expenses; selling and administrative expenses',
    labels:
      'selling general and administrative; selling general and administrative expenses; selling general and administrative expense; selling and administrative expenses; selling general and administration; marketing general and administrative; sales general and administrative; selling administrative and general expenses',
    exclude: 'percent; percentage; depreciation included',
    source: 'US GAAP taxonomy: SellingGeneralAndAdministrativeExpense; IAS 1.103 "distribution costs", "administrative expenses"',
  },
  {
    id: 'sales_marketing',
    statement: 'income statement',
    names: 'sales and marketing; sales and marketing expense; sales and marketing expenses; selling and marketing expense; marketing expense; marketing expenses',
    labels: 'sales and marketing; selling and marketing; marketing and sales; sales and marketing expenses; selling and marketing expenses; marketing',
    exclude: 'percent; percentage; general',
    source: 'US GAAP taxonomy: SellingAndMarketingExpense; IAS 1.103 "distribution costs"',
  },
  {
    id: 'research_development',
    statement: 'income statement',
    names: 'r&d; research and development; research and development expense; research and development expenses; research and development costs; rnd',
    labels:
      'research and development; research and development expenses; research and development expense; research and development costs; research development and engineering; research and engineering; engineering research and development; product development; technology and development',
    exclude: 'in process; credit; credits; capitalized; percent; percentage; acquired',
    source: 'US GAAP taxonomy: ResearchAndDevelopmentExpense; IAS 38.126 (research and development expenditure)',
  },
  {
    id: 'operating_income',
    statement: 'income statement',
    names: 'operating income; operating profit; income from operations; operating earnings; earnings from operations; profit from operations; operating loss',
    labels:
      'operating income; income from operations; operating profit; operating earnings; earnings from operations; total operating income; operating loss; loss from operations; profit from operations; operating income loss; income loss from operations',
    exclude: 'margin; percent; percentage; nonoperating; other; discontinued; continuing; before; tax; taxes; per share; adjusted; segment',
    source: 'US GAAP taxonomy: OperatingIncomeLoss; IFRS "operating profit" (IAS 1.85, IFRS 18.69)',
  },
  {
    id: 'interest_expense',
    statement: 'income statement',
    names: 'interest expense; interest expenses; finance costs; finance cost; interest cost; interest costs; interest charges; net interest expense',
    labels:
      'interest expense; interest expense net; finance costs; interest and debt expense; interest and other financial charges; interest expense and other; net interest expense; interest costs',
    exclude: 'interest income; capitalized; paid; payable; accrued; noncontrolling; minority; coverage; rate',
    source: 'US GAAP taxonomy: InterestExpense, InterestExpenseNonoperating; IAS 1.82(b) "finance costs"',
  },
  {
    id: 'interest_income',
    statement: 'income statement',
    names: 'interest income; interest revenue; interest earned; investment income',
    labels: 'interest income; interest and dividend income; interest and investment income; investment income; interest revenue; interest and other income',
    exclude: 'expense; receivable; accrued; after',
    source: 'US GAAP taxonomy: InvestmentIncomeInterest, InvestmentIncomeInterestAndDividend; IAS 1.82(a) (interest revenue by the effective interest method)',
  },
  {
    id: 'other_income',
    statement: 'income statement',
    names: 'other income; other income expense; other income net; non operating income; nonoperating income; other non operating income',
    labels:
      'other income; other income net; other expense net; other nonoperating income; nonoperating income; other nonoperating income expense; total other income; other gains and losses; other income and expenses; other nonoperating income net',
    exclude: 'comprehensive; other operating; per share; tax',
    source: 'US GAAP taxonomy: OtherNonoperatingIncomeExpense, NonoperatingIncomeExpense; IAS 1.85 (additional line items)',
  },
  {
    id: 'income_before_tax',
    statement: 'income statement',
    names:
      'income before tax; income before taxes; income before income taxes; pretax income; pre tax income; earnings before taxes; earnings before income taxes; ebt; profit before tax; pretax profit',
    labels:
      'income before income taxes; earnings before income taxes; income before provision for income taxes; income from continuing operations before income taxes; profit before tax; profit before income tax; income before taxes; pretax income; income loss before income taxes; earnings before provision for income taxes',
    exclude: 'per share; margin; rate; percent; percentage; noncontrolling',
    source:
      'US GAAP taxonomy: IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest, IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments; IFRS "profit before tax" (IAS 12.81(c))',
  },
  {
    id: 'income_tax_expense',
    statement: 'income statement',
    names: 'income tax expense; income tax expenses; tax expense; provision for income taxes; income tax provision; tax provision; income taxes; provision for taxes',
    labels:
      'provision for income taxes; income tax expense; income taxes; income tax provision; provision for taxes; tax expense; income tax; taxes on income; income tax expense benefit; provision for benefit from income taxes; provision for taxes on income',
    exclude: 'before; deferred; payable; receivable; rate; paid; refund; refunds; uncertain; other; per share; unrecognized; net of tax',
    source: 'US GAAP taxonomy: IncomeTaxExpenseBenefit; IAS 1.82(d) "tax expense"; IAS 12.77',
  },
  {
    id: 'net_income',
    statement: 'income statement',
    alsoIn: ['cash flow statement', 'equity statement', 'comprehensive income'],
    names:
      'net income; net earnings; net profit; net loss; profit for the year; profit for the period; bottom line; profit after tax; net income attributable to shareholders; net income loss',
    labels: 'net income; net earnings; net loss; net profit; net income loss; profit for the year; profit for the period; profit loss for the year; net earnings loss; profit',
    exclude:
      'per share; per common share; per diluted share; per basic share; noncontrolling; minority; margin; percent; percentage; comprehensive; discontinued; adjusted; gross; operating; before; available to; per',
    source: 'US GAAP taxonomy: NetIncomeLoss (attributable to parent), ProfitLoss (including noncontrolling interest); IAS 1.81A(a) "profit or loss", IAS 1.81B(a)(ii)',
  },
  {
    id: 'depreciation_amortization',
    statement: 'cash flow statement',
    alsoIn: ['income statement'],
    names: 'depreciation and amortization; d&a; depreciation; depreciation amortization; depreciation depletion and amortization; depreciation and amortization expense',
    labels:
      'depreciation and amortization; depreciation; depreciation depletion and amortization; depreciation amortization and depletion; depreciation and amortization expense; depreciation and other amortization; amortization and depreciation; depreciation of property plant and equipment; depreciation amortization and accretion',
    exclude: 'accumulated; excluding; exclusive; deferred tax; cost of; per share; in excess',
    source: 'US GAAP taxonomy: DepreciationDepletionAndAmortization, DepreciationAndAmortization, Depreciation; IAS 7.20(b); IAS 1.102 "depreciation and amortisation expense"',
  },
  {
    id: 'eps_basic',
    statement: 'income statement',
    names: 'basic eps; eps basic; basic earnings per share; basic net income per share; basic earnings per common share',
    labels:
      'basic earnings per share; earnings per share basic; basic net income per share; net income per share basic; basic net earnings per share; net earnings per share basic; basic earnings per common share; basic net income per common share; basic income per share; earnings per common share basic',
    exclude: 'weighted; shares used; dividend; dividends; declared',
    source: 'US GAAP taxonomy: EarningsPerShareBasic; IAS 33.66 "basic earnings per share"',
  },
  {
    id: 'eps_diluted',
    statement: 'income statement',
    names: 'diluted eps; eps diluted; eps; earnings per share; diluted earnings per share; diluted net income per share; net income per share; diluted earnings per common share',
    labels:
      'diluted earnings per share; earnings per share diluted; diluted net income per share; net income per share diluted; diluted net earnings per share; net earnings per share diluted; diluted earnings per common share; diluted net income per common share; diluted income per share; earnings per common share diluted',
    exclude: 'weighted; shares used; dividend; dividends; declared',
    source: 'US GAAP taxonomy: EarningsPerShareDiluted; IAS 33.66 "diluted earnings per share"',
  },
  {
    id: 'weighted_average_shares_basic',
    statement: 'income statement',
    names: 'basic shares; basic weighted average shares; weighted average basic shares; basic weighted average shares outstanding; basic share count',
    labels:
      'weighted average shares outstanding basic; basic weighted average shares outstanding; weighted average number of shares basic; basic weighted average common shares; weighted average common shares outstanding basic; basic shares; shares used in computing basic earnings per share',
    exclude: 'dividend; dividends; price',
    source: 'US GAAP taxonomy: WeightedAverageNumberOfSharesOutstandingBasic; IAS 33.70(b)',
  },
  {
    id: 'weighted_average_shares_diluted',
    statement: 'income statement',
    names: 'diluted shares; diluted weighted average shares; weighted average diluted shares; diluted weighted average shares outstanding; diluted share count',
    labels:
      'weighted average shares outstanding diluted; diluted weighted average shares outstanding; weighted average number of shares diluted; diluted weighted average common shares; weighted average common shares outstanding diluted; diluted shares; shares used in computing diluted earnings per share',
    exclude: 'dividend; dividends; price',
    source: 'US GAAP taxonomy: WeightedAverageNumberOfDilutedSharesOutstanding; IAS 33.70(b)',
  },
  {
    id: 'dividends_per_share',
    statement: 'income statement',
    alsoIn: ['equity statement'],
    names: 'dividends per share; dividend per share; dps; dividends declared per share; cash dividends per share',
    labels:
      'dividends per share; dividends declared per share; cash dividends declared per common share; dividends per common share; cash dividends per share; dividends declared per common share; cash dividends declared per share',
    exclude: 'paid to; payable',
    source: 'US GAAP taxonomy: CommonStockDividendsPerShareDeclared, CommonStockDividendsPerShareCashPaid; IAS 1.107',
  },
];
