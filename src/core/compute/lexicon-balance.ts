/**
 * Balance sheet (statement of financial position) line items. Sources: the US GAAP Financial
 * Reporting Taxonomy element named in each `source` (and dei for cover-page share counts), IAS 1
 * (1.54 line items, 1.66 / 1.69 current assets and liabilities, 1.78–1.79) and the presentation
 * variants companies print. Lists are ';'-separated (see LineItemSpec in lexicon.ts).
 */
import type { LineItemSpec } from './lexicon';

export const BALANCE_SHEET_ITEMS: LineItemSpec[] = [
  {
    id: 'cash',
    statement: 'balance sheet',
    names: 'cash; cash and cash equivalents; cash and equivalents; cash balance; cash on hand; cash position',
    labels: 'cash and cash equivalents; cash and equivalents; cash; cash and due from banks; cash and cash equivalents at carrying value; cash and bank balances',
    exclude:
      'provided; used; flow; flows; activities; change; increase; decrease; effect; beginning; paid; dividend; dividends; proceeds; payment; payments; received; noncash; per share; surrender; collateral; supplemental; compensation; acquired; net cash',
    source: 'US GAAP taxonomy: CashAndCashEquivalentsAtCarryingValue; IAS 1.54(i) "cash and cash equivalents"; IAS 7.6, 7.45',
  },
  {
    id: 'short_term_investments',
    statement: 'balance sheet',
    names: 'short term investments; marketable securities; current marketable securities; short term marketable securities',
    labels:
      'short term investments; marketable securities; short term marketable securities; current marketable securities; marketable securities current; available for sale securities; short term investments and marketable securities; trading securities; other current financial assets',
    exclude: 'long term; noncurrent; proceeds; purchases; purchase; sales; sale; maturities; maturity; gain; gains; unrealized; loss; losses',
    source: 'US GAAP taxonomy: ShortTermInvestments, MarketableSecuritiesCurrent; IAS 1.54(d) (financial assets); IFRS 9',
  },
  {
    id: 'accounts_receivable',
    statement: 'balance sheet',
    names: 'accounts receivable; receivables; trade receivables; net receivables; trade accounts receivable; ar',
    labels:
      'accounts receivable; accounts receivable net; receivables; receivables net; trade receivables; trade accounts receivable; trade and other receivables; accounts and notes receivable; accounts receivable trade; trade receivables net; customer receivables',
    exclude: 'change; changes; increase; decrease; allowance; tax; taxes; long term; noncurrent; days; turnover; financing; related party; securitization; other receivables',
    source: 'US GAAP taxonomy: AccountsReceivableNetCurrent; IAS 1.54(h) "trade and other receivables"',
  },
  {
    id: 'inventory',
    statement: 'balance sheet',
    preferTotal: true,
    names: 'inventory; inventories; merchandise inventories; merchandise inventory',
    labels: 'inventories; inventory; merchandise inventories; total inventories; inventories net; inventory net; merchandise inventory',
    exclude: 'change; changes; increase; decrease; turnover; days; reserve; reserves; obsolescence; write down; lifo; excess',
    source: 'US GAAP taxonomy: InventoryNet; IAS 1.54(g) "inventories"; IAS 2.36',
  },
  {
    id: 'total_current_assets',
    statement: 'balance sheet',
    preferTotal: true,
    names: 'total current assets; current assets',
    labels: 'total current assets; current assets',
    exclude: 'other; noncurrent; prepaid; held for sale',
    source: 'US GAAP taxonomy: AssetsCurrent; IAS 1.60, 1.66',
  },
  {
    id: 'ppe_net',
    statement: 'balance sheet',
    names:
      'net pp&e; pp&e; ppne; ppe; pp&e net; property plant and equipment; net property plant and equipment; property and equipment; net property and equipment; fixed assets; net fixed assets; land buildings and equipment',
    labels:
      'property plant and equipment net; property and equipment net; net property plant and equipment; net property and equipment; land buildings and equipment net; property net; properties plant and equipment net; net fixed assets; fixed assets net; total property plant and equipment net',
    exclude:
      'gross; at cost; accumulated; purchase; purchases; additions; acquire; acquisition; payments; proceeds; sale; sales; disposal; disposals; depreciation; impairment; held for sale; gain; gains; loss; losses',
    source: 'US GAAP taxonomy: PropertyPlantAndEquipmentNet; IAS 1.54(a) "property, plant and equipment"; IAS 16.73',
  },
  {
    id: 'ppe_gross',
    statement: 'balance sheet',
    names: 'gross pp&e; gross ppe; gross property plant and equipment; gross property and equipment; gross fixed assets; pp&e at cost',
    labels:
      'property plant and equipment gross; property and equipment gross; gross property plant and equipment; property plant and equipment at cost; property and equipment at cost; total property plant and equipment at cost; gross fixed assets',
    exclude: 'net; accumulated; purchase; purchases; additions; payments; proceeds; sale; sales; disposal; disposals; depreciation; impairment; held for sale',
    source: 'US GAAP taxonomy: PropertyPlantAndEquipmentGross; IAS 16.73(d) "gross carrying amount"',
  },
  {
    id: 'goodwill',
    statement: 'balance sheet',
    names: 'goodwill',
    labels: 'goodwill; goodwill net',
    exclude: 'impairment; impairments; acquired; amortization; tax; change',
    source: 'US GAAP taxonomy: Goodwill; IAS 1.54(c); IFRS 3.B67',
  },
  {
    id: 'intangible_assets',
    statement: 'balance sheet',
    names: 'intangible assets; intangibles; other intangible assets; acquired intangible assets',
    labels:
      'intangible assets net; intangible assets; other intangible assets net; other intangible assets; acquired intangible assets net; identifiable intangible assets; intangibles net',
    exclude: 'amortization; impairment; impairments; purchase; purchases; acquisition; acquisitions; tax',
    source: 'US GAAP taxonomy: IntangibleAssetsNetExcludingGoodwill; IAS 1.54(c) "intangible assets"; IAS 38.118',
  },
  {
    id: 'total_assets',
    statement: 'balance sheet',
    preferTotal: true,
    names: 'total assets; assets',
    labels: 'total assets',
    exclude: 'current; noncurrent; other; segment; held for sale; long term; intangible; identifiable; net assets; return on',
    source: 'US GAAP taxonomy: Assets; IAS 1.55 (total assets)',
  },
  {
    id: 'accounts_payable',
    statement: 'balance sheet',
    names: 'accounts payable; payables; trade payables; trade accounts payable; ap',
    labels:
      'accounts payable; trade payables; trade accounts payable; accounts payable trade; trade and other payables; accounts payable and accrued liabilities; payables; accounts payable and accrued expenses',
    exclude: 'change; changes; increase; decrease; days; income tax; income taxes; taxes; dividend; dividends; interest; construction; noncurrent',
    source: 'US GAAP taxonomy: AccountsPayableCurrent, AccountsPayableAndAccruedLiabilitiesCurrent; IAS 1.54(k) "trade and other payables"',
  },
  {
    id: 'accrued_liabilities',
    statement: 'balance sheet',
    names: 'accrued liabilities; accrued expenses; accruals',
    labels:
      'accrued liabilities; accrued expenses; accrued expenses and other current liabilities; accrued and other current liabilities; accrued liabilities current; accrued expenses and other liabilities; other accrued liabilities; accruals',
    exclude: 'change; changes; increase; decrease; compensation; payroll; income tax; income taxes; interest; noncurrent',
    source: 'US GAAP taxonomy: AccruedLiabilitiesCurrent; IAS 1.54(k) (other payables); IAS 37.11(c)',
  },
  {
    id: 'deferred_revenue',
    statement: 'balance sheet',
    names: 'deferred revenue; unearned revenue; contract liabilities; deferred income',
    labels: 'deferred revenue; unearned revenue; contract liabilities; contract liability; deferred revenue current; deferred income; deferred revenues and customer advances',
    exclude: 'noncurrent; long term; change; changes; increase; decrease; tax; taxes; recognized',
    source: 'US GAAP taxonomy: ContractWithCustomerLiabilityCurrent, DeferredRevenueCurrent; IFRS 15.105 (contract liabilities)',
  },
  {
    id: 'current_debt',
    statement: 'balance sheet',
    names:
      'current debt; short term debt; short term borrowings; current portion of long term debt; current maturities of long term debt; debt due within one year; current borrowings; notes payable',
    labels:
      'current portion of long term debt; current maturities of long term debt; short term debt; short term borrowings; long term debt due within one year; current portion of debt; debt current; current borrowings; borrowings current; commercial paper; notes payable; short term debt and current portion of long term debt; long term debt current portion; long term debt current; loans and notes payable; debt due within one year',
    exclude: 'proceeds; repayment; repayments; payments; issuance; operating lease; noncurrent; interest; fair value',
    source: 'US GAAP taxonomy: LongTermDebtCurrent, DebtCurrent, ShortTermBorrowings, CommercialPaper; IAS 1.54(m), 1.69, 1.71 (current borrowings)',
  },
  {
    id: 'long_term_debt',
    statement: 'balance sheet',
    names: 'long term debt; lt debt; long term borrowings; noncurrent borrowings; long term debt net of current portion; long term debt excluding current portion',
    labels:
      'long term debt; long term debt net; long term debt excluding current portion; long term debt excluding current maturities; long term debt less current portion; long term borrowings; noncurrent borrowings; borrowings noncurrent; long term debt noncurrent; long term notes payable; notes payable long term; long term debt and finance leases',
    exclude:
      'current; due within; within one year; proceeds; repayment; repayments; payments; issuance; fair value; interest; extinguishment; retirement; retirements; operating lease; issued; cost',
    source: 'US GAAP taxonomy: LongTermDebtNoncurrent ("Long-term Debt, Excluding Current Maturities"), LongTermDebt; IAS 1.54(m), 1.69 (non-current financial liabilities)',
  },
  {
    id: 'total_debt',
    statement: 'balance sheet',
    preferTotal: true,
    names: 'total debt; total borrowings; gross debt; debt; total long term debt',
    labels: 'total debt; total borrowings; debt; borrowings; total long term debt including current portion',
    exclude: 'net debt; ratio; equity; proceeds; repayment; repayments; issuance; extinguishment; discount; fair value; cost; costs; current portion; issued',
    source: 'US GAAP taxonomy: DebtLongtermAndShorttermCombinedAmount, LongTermDebt (including current maturities); IAS 1.54(m); IFRS 7.8(g)',
  },
  {
    id: 'total_current_liabilities',
    statement: 'balance sheet',
    preferTotal: true,
    names: 'total current liabilities; current liabilities',
    labels: 'total current liabilities; current liabilities',
    exclude: 'other; noncurrent; accrued; held for sale',
    source: 'US GAAP taxonomy: LiabilitiesCurrent; IAS 1.60, 1.69',
  },
  {
    id: 'total_liabilities',
    statement: 'balance sheet',
    preferTotal: true,
    names: 'total liabilities; liabilities',
    labels: 'total liabilities',
    exclude: 'current; noncurrent; long term; other; equity; stockholder; shareholder; shareowner; deficit; held for sale; contingent; capital; segment',
    source: 'US GAAP taxonomy: Liabilities; IAS 1.55 (total liabilities)',
  },
  {
    id: 'retained_earnings',
    statement: 'balance sheet',
    alsoIn: ['equity statement'],
    names: 'retained earnings; accumulated deficit; reinvested earnings; accumulated earnings',
    labels:
      'retained earnings; accumulated deficit; retained earnings accumulated deficit; reinvested earnings; earnings reinvested in the business; accumulated earnings; earnings retained; retained earnings deficit',
    exclude: 'comprehensive; per share; appropriated; change',
    source: 'US GAAP taxonomy: RetainedEarningsAccumulatedDeficit; IAS 1.78(e) "retained earnings"',
  },
  {
    id: 'total_equity',
    statement: 'balance sheet',
    alsoIn: ['equity statement'],
    preferTotal: true,
    names:
      "total equity; shareholders' equity; stockholders' equity; shareowners' equity; total shareholders' equity; total stockholders' equity; book value; net worth; equity; owners' equity",
    labels:
      "total equity; total stockholders' equity; total shareholders' equity; stockholders' equity; shareholders' equity; total shareowners' equity; shareowners' equity; total stockholders' deficit; total shareholders' deficit; total equity attributable to owners of the parent; equity attributable to owners of the parent; total owners' equity; total common shareholders' equity",
    exclude:
      'liabilities; noncontrolling; minority; per share; return on; method; investments; investment; securities; earnings; income; statement; statements; changes; change; compensation; awards; other comprehensive',
    source:
      'US GAAP taxonomy: StockholdersEquity, StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest; IAS 1.54(r) "issued capital and reserves attributable to owners of the parent", 1.55',
  },
  {
    id: 'total_liabilities_and_equity',
    statement: 'balance sheet',
    preferTotal: true,
    names: "total liabilities and equity; total liabilities and shareholders' equity; total liabilities and stockholders' equity",
    labels:
      "total liabilities and equity; total liabilities and stockholders' equity; total liabilities and shareholders' equity; total liabilities and shareowners' equity; total equity and liabilities; total liabilities and stockholders' deficit",
    exclude: 'current; per share',
    source: 'US GAAP taxonomy: LiabilitiesAndStockholdersEquity; IAS 1.55',
  },
  {
    id: 'shares_outstanding',
    statement: 'balance sheet',
    alsoIn: ['equity statement'],
    names: 'shares outstanding; outstanding shares; common shares outstanding; number of shares outstanding; shares of common stock outstanding; share count',
    labels:
      'shares outstanding; common stock shares outstanding; common shares outstanding; shares of common stock outstanding; number of shares outstanding; outstanding shares; shares issued and outstanding; common stock outstanding',
    exclude: 'weighted; average; per share; options; warrants; repurchased; authorized; used in; restricted; units',
    source: 'US GAAP taxonomy: CommonStockSharesOutstanding; dei: EntityCommonStockSharesOutstanding (cover page); IAS 1.79(a)(ii), (iv)',
  },
];
