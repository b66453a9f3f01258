import { describe, expect, it } from 'vitest';
import { evaluate, inputsOf, parseExpression } from './expr';
import {
  changeExpression,
  findMetric,
  growthExpression,
  isMagnitudeInput,
  isQuantityInput,
  MAGNITUDE_INPUTS,
  metricById,
  metricChangeExpression,
  METRICS,
  phraseWords,
  priorExpression,
  QUANTITY_IDS,
  quantityOf,
} from './metrics';

/** A small filing: this year and the year before (prior_), in units. */
const FILING: Record<string, number> = {
  revenue: 1000,
  cost_of_revenue: 600,
  gross_profit: 400,
  operating_income: 150,
  net_income: 100,
  income_before_tax: 125,
  income_tax_expense: 25,
  interest_expense: 10,
  depreciation_amortization: 50,
  total_assets: 2200,
  prior_total_assets: 1800,
  total_current_assets: 800,
  total_current_liabilities: 400,
  total_liabilities: 1200,
  total_equity: 1000,
  prior_total_equity: 900,
  cash: 100,
  short_term_investments: 50,
  accounts_receivable: 110,
  prior_accounts_receivable: 90,
  inventory: 130,
  prior_inventory: 110,
  accounts_payable: 70,
  prior_accounts_payable: 50,
  ppe_net: 550,
  prior_ppe_net: 450,
  long_term_debt: 400,
  current_debt: 100,
  operating_cash_flow: 180,
  capital_expenditure: 60,
  dividends_paid: 40,
  shares_outstanding: 50,
  eps_diluted: 2,
  sga_expense: 200,
  research_development: 50,
};

const value = (id: string, inputs: Record<string, number> = FILING): number => evaluate(parseExpression(metricById(id)!.expression), (n) => inputs[n]);

describe('the metric table', () => {
  it('has unique ids, a name, phrases and a source for every metric', () => {
    expect(new Set(METRICS.map((m) => m.id)).size).toBe(METRICS.length);
    for (const m of METRICS) {
      expect(m.name, m.id).not.toBe('');
      expect(m.phrases.length, m.id).toBeGreaterThan(0);
      expect(m.source.length, m.id).toBeGreaterThan(10);
    }
  });

  it('writes every formula in the expression grammar, over known quantities only', () => {
    for (const m of METRICS) {
      for (const src of [m.expression, ...(m.fallback ? [m.fallback] : []), ...(m.variants ?? []).map((v) => v.expression)]) {
        const inputs = inputsOf(parseExpression(src));
        expect(inputs.length, src).toBeGreaterThan(0);
        for (const name of inputs) expect(isQuantityInput(name), `${m.id}: ${name}`).toBe(true);
      }
    }
  });

  it('covers the standard metrics', () => {
    const ids = [
      'gross_margin operating_margin net_profit_margin ebitda ebitda_margin effective_tax_rate current_ratio quick_ratio cash_ratio working_capital ',
      'debt_to_equity debt_to_assets return_on_assets return_on_equity asset_turnover fixed_asset_turnover inventory_turnover receivables_turnover ',
      'days_inventory_outstanding days_sales_outstanding days_payable_outstanding cash_conversion_cycle interest_coverage free_cash_flow ',
      'free_cash_flow_conversion capex_to_revenue dividend_payout_ratio retention_ratio operating_cash_flow_ratio rd_to_revenue sga_to_revenue',
    ]
      .join('')
      .split(' ');
    for (const id of ids) expect(metricById(id), id).toBeDefined();
  });

  it('computes each metric on a small filing', () => {
    expect(value('gross_margin')).toBe(40);
    expect(value('operating_margin')).toBe(15);
    expect(value('net_profit_margin')).toBe(10);
    expect(value('ebitda')).toBe(200);
    expect(value('ebitda_margin')).toBe(20);
    expect(value('effective_tax_rate')).toBe(20);
    expect(value('current_ratio')).toBe(2);
    expect(value('quick_ratio')).toBeCloseTo(0.65);
    expect(value('cash_ratio')).toBeCloseTo(0.375);
    expect(value('working_capital')).toBe(400);
    expect(value('debt_to_equity')).toBe(0.5);
    expect(value('debt_to_assets')).toBeCloseTo(500 / 2200);
    expect(value('debt_to_capital')).toBeCloseTo(1 / 3);
    expect(value('return_on_assets')).toBe(5);
    expect(value('return_on_equity')).toBeCloseTo((100 / 950) * 100);
    expect(value('asset_turnover')).toBe(0.5);
    expect(value('fixed_asset_turnover')).toBe(2);
    expect(value('inventory_turnover')).toBe(5);
    expect(value('receivables_turnover')).toBe(10);
    expect(value('payables_turnover')).toBe(10);
    expect(value('days_inventory_outstanding')).toBe(73);
    expect(value('days_sales_outstanding')).toBe(36.5);
    expect(value('days_payable_outstanding')).toBe(36.5);
    expect(value('cash_conversion_cycle')).toBe(73);
    expect(value('interest_coverage')).toBe(15);
    expect(value('free_cash_flow')).toBe(120);
    expect(value('free_cash_flow_conversion')).toBe(120);
    expect(value('capex_to_revenue')).toBe(6);
    expect(value('dividend_payout_ratio')).toBe(40);
    expect(value('retention_ratio')).toBe(60);
    expect(value('operating_cash_flow_ratio')).toBe(0.45);
    expect(value('rd_to_revenue')).toBe(5);
    expect(value('sga_to_revenue')).toBe(20);
    expect(value('net_debt')).toBe(350);
    expect(value('book_value_per_share')).toBe(20);
  });

  it('agrees with its fallback and names its variants', () => {
    const gm = metricById('gross_margin')!;
    expect(evaluate(parseExpression(gm.fallback!), (n) => FILING[n])).toBe(value('gross_margin'));
    const roa = metricById('return_on_assets')!.variants!;
    expect(evaluate(parseExpression(roa[0].expression), (n) => FILING[n])).toBeCloseTo((100 / 2200) * 100);
    expect(metricById('debt_to_equity')!.variants![0].expression).toBe('total_liabilities / total_equity');
  });
});

describe('quantities', () => {
  it('knows the standard quantity ids, in any period', () => {
    expect(QUANTITY_IDS).toContain('research_development');
    expect(QUANTITY_IDS).toHaveLength(29);
    expect(isQuantityInput('prior_inventory')).toBe(true);
    expect(isQuantityInput('prior_prior_inventory')).toBe(true);
    expect(isQuantityInput('inventories')).toBe(false);
    expect(quantityOf('prior_prior_cash')).toBe('cash');
  });

  it('takes magnitudes of outflows that statements print as negatives', () => {
    expect(MAGNITUDE_INPUTS.has('capital_expenditure')).toBe(true);
    expect(MAGNITUDE_INPUTS.has('dividends_paid')).toBe(true);
    expect(MAGNITUDE_INPUTS.has('income_tax_expense')).toBe(true);
    expect(MAGNITUDE_INPUTS.has('net_income')).toBe(false);
    expect(isMagnitudeInput('prior_capital_expenditure')).toBe(true);
  });
});

describe('change templates', () => {
  it('builds growth and change over the prior period', () => {
    const inputs = { revenue: 1100, prior_revenue: 1000 };
    expect(growthExpression('revenue')).toBe('(revenue - prior_revenue) / prior_revenue * 100');
    expect(evaluate(parseExpression(growthExpression('revenue')), (n) => inputs[n as keyof typeof inputs])).toBeCloseTo(10);
    expect(evaluate(parseExpression(changeExpression('revenue')), (n) => inputs[n as keyof typeof inputs])).toBe(100);
    expect(() => growthExpression('revenue); alert(1')).toThrow(/Not a quantity id/);
  });

  it("moves a formula a period back and takes a metric's change", () => {
    expect(priorExpression('(inventory + prior_inventory) / 2')).toBe('(prior_inventory + prior_prior_inventory) / 2');
    const roa = metricChangeExpression(metricById('return_on_assets')!);
    const inputs = inputsOf(parseExpression(roa));
    expect(inputs).toContain('prior_prior_total_assets');
    expect(inputs.every(isQuantityInput)).toBe(true);
    const margins = { operating_income: 150, revenue: 1000, prior_operating_income: 180, prior_revenue: 1000 };
    const change = metricChangeExpression(metricById('operating_margin')!);
    expect(evaluate(parseExpression(change), (n) => margins[n as keyof typeof margins])).toBeCloseTo(-3);
  });
});

describe('findMetric', () => {
  it.each([
    ['What is the FY2019 fixed asset turnover ratio for General Mills?', 'fixed_asset_turnover'],
    ['What is the FY2018 asset turnover ratio for CVS Health?', 'asset_turnover'],
    ['What is the FY2019 unadjusted EBITDA % margin for AMD?', 'ebitda_margin'],
    ['What is the FY2017 unadjusted EBITDA for Adobe?', 'ebitda'],
    ["What is MGM's FY2020 capex as a % of revenue?", 'capex_to_revenue'],
    ['Capital expenditures as a percentage of net sales in FY2021', 'capex_to_revenue'],
    ['What is the operating cash flow ratio of Adobe in FY2015?', 'operating_cash_flow_ratio'],
    ['What is the cash ratio?', 'cash_ratio'],
    ['Does AMCOR have a healthy quick ratio?', 'quick_ratio'],
    ['What is the acid-test ratio?', 'quick_ratio'],
    ['What is the FY2022 working capital ratio for 3M?', 'current_ratio'],
    ['How much working capital did Boeing have?', 'working_capital'],
    ['What is the operating profit margin?', 'operating_margin'],
    ['What is the operating income margin?', 'operating_margin'],
    ['What is the gross profit margin?', 'gross_margin'],
    ['What was the gross profit in FY2020?', 'gross_profit'],
    ['What is the net profit margin?', 'net_profit_margin'],
    ["What is the return on average shareholders' equity?", 'return_on_equity'],
    ['What is the ROA for FY2021?', 'return_on_assets'],
    ['What is the debt-to-equity ratio?', 'debt_to_equity'],
    ['What is the Debt to Assets ratio?', 'debt_to_assets'],
    ['What is the times interest earned?', 'interest_coverage'],
    ['What is the inventory turnover ratio?', 'inventory_turnover'],
    ['What is the accounts receivable turnover?', 'receivables_turnover'],
    ['What is the FY2022 cash conversion cycle (CCC)? DIO is days inventory outstanding', 'cash_conversion_cycle'],
    ['What are the days sales outstanding?', 'days_sales_outstanding'],
    ['What is DPO?', 'days_payable_outstanding'],
    ['What is the free cash flow conversion rate?', 'free_cash_flow_conversion'],
    ['What is FCF conversion?', 'free_cash_flow_conversion'],
    ['What was free cash flow?', 'free_cash_flow'],
    ['What is the dividend payout ratio?', 'dividend_payout_ratio'],
    ['What is the retention ratio?', 'retention_ratio'],
    ['What is the effective tax rate?', 'effective_tax_rate'],
    ['Research and development expenses as a percentage of revenue', 'rd_to_revenue'],
    ['SG&A as a % of total revenues', 'sga_to_revenue'],
    ['Selling, general and administrative expense as a percent of sales', 'sga_to_revenue'],
  ])('%s → %s', (question, id) => {
    expect(findMetric(question)?.id).toBe(id);
  });

  it('finds nothing in a question about a printed figure', () => {
    expect(findMetric('What is the FY2018 capital expenditure amount (in USD millions) for 3M?')).toBeUndefined();
    expect(findMetric('What was the total revenue in FY2022?')).toBeUndefined();
    expect(findMetric('')).toBeUndefined();
  });

  it('passes over an adjusted (company-defined) figure', () => {
    expect(findMetric('What was adjusted EBITDA in FY2022?')).toBeUndefined();
    expect(findMetric('What was the adjusted EBITDA margin?')).toBeUndefined();
  });

  it('finds each metric by each of its own phrases, and no phrase means two metrics', () => {
    const seen = new Map<string, string>();
    for (const m of METRICS) {
      for (const p of m.phrases) {
        expect(findMetric(`What is the ${p}?`)?.id, p).toBe(m.id);
        const key = phraseWords(p).join(' ');
        expect(seen.get(key) ?? m.id, p).toBe(m.id);
        seen.set(key, m.id);
      }
    }
  });
});
