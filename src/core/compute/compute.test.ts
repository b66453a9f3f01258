import { describe, expect, it } from 'vitest';
import { computeFigure, inputYear } from './compute';
import { askedFigure } from './question';
import { readTables } from '../tables';
import { docOf } from '../../testing/table-docs';
import type { DocumentTables } from './find-cell';
import { brindleFiling, debtBalanceSheet } from '../../testing/filing-fixtures';
import { everydayDocs, LAB_REPORT, PRICE_LIST } from '../../testing/everyday-fixtures';

const { docs } = brindleFiling();

function figureFor(question: string, over: DocumentTables[] = docs) {
  const asked = askedFigure(question);
  if (!asked) throw new Error(`no figure read from: ${question}`);
  return computeFigure(asked, over);
}

describe('computeFigure: one line item', () => {
  it('reads the cell of the year asked, the table’s scale applied, with where it was printed', () => {
    const f = figureFor('What was Brindle net income in FY2021?');
    expect(f.value).toBe(569e6);
    expect(f.missing).toEqual([]);
    expect(f.steps).toHaveLength(1);
    const [input] = f.steps[0].inputs;
    expect(input).toMatchObject({ name: 'net_income', fy: 2021, label: 'Net income', statement: 'income statement' });
    expect(input.cell).toMatchObject({ docId: 'brindle', page: 1, raw: '$569', rowText: 'Net income | $695 | $569 | $371' });
  });

  it('does not scale a per-share row', () => {
    expect(figureFor('What was Brindle diluted EPS in FY2022?').value).toBe(3.48);
  });

  it('takes the latest year the statements print when none is asked', () => {
    const f = figureFor('What was Brindle net income?');
    expect(f.steps.map((s) => s.fy)).toEqual([2022]);
    expect(f.value).toBe(695e6);
  });

  it('reads a cost printed in parentheses as its magnitude', () => {
    const f = figureFor('What was FY2022 capital expenditure for Brindle in USD millions?');
    expect(f.value).toBe(1577e6);
    expect(f.steps[0].inputs[0].cell.raw).toBe('(1,577)');
    expect(f.steps[0].shown).toBe('1,577');
    expect(figureFor('What was Brindle income tax expense in FY2022?').value).toBe(185e6);
  });

  it('averages over the years of a range', () => {
    const f = figureFor('What is the 3 year average net income for Brindle from FY2020 to FY2022?');
    expect(f.steps.map((s) => [s.fy, s.value])).toEqual([
      [2020, 371e6],
      [2021, 569e6],
      [2022, 695e6],
    ]);
    expect(f.value).toBe(545e6);
  });
});

describe('computeFigure: a formula', () => {
  it('a turnover over the average balance reads the prior year’s balance', () => {
    const f = figureFor('What is the inventory turnover of Brindle for FY2022?');
    expect(f.value).toBeCloseTo(3120 / ((1140 + 1020) / 2), 10);
    expect(f.steps[0].inputs.map((i) => [i.name, i.fy, i.value])).toEqual([
      ['cost_of_revenue', 2022, 3120e6],
      ['inventory', 2022, 1140e6],
      ['prior_inventory', 2021, 1020e6],
    ]);
    expect(f.steps[0].shown).toBe('3,120 ÷ ((1,140 + 1,020) ÷ 2)');
  });

  it('a ratio whose terms are in different tables reads each from its own', () => {
    const f = figureFor('What is Brindle capex as a % of revenue in FY2022?');
    expect(f.value).toBeCloseTo((1577 / 5240) * 100, 10);
    expect(f.steps[0].inputs.map((i) => i.cell.page)).toEqual([3, 1]);
  });

  it('a definition naming its own years is computed once, over those years', () => {
    const f = figureFor('Plant productivity is defined as FY2022 revenue / (average PP&E between FY2021 and FY2022). What is the plant productivity of Brindle?');
    expect(f.steps.map((s) => s.fy)).toEqual([2022]);
    expect(f.value).toBeCloseTo(5240 / ((1380 + 1290) / 2), 10);
    expect(f.steps[0].inputs.map((i) => [i.name, i.fy, i.label])).toEqual([
      ['revenue_fy2022', 2022, 'Net revenues'],
      ['ppe_net_fy2021', 2021, 'Property and equipment, net'],
      ['ppe_net_fy2022', 2022, 'Property and equipment, net'],
    ]);
  });
});

describe('computeFigure: comparisons and verdicts', () => {
  it('"Did … improve … in FY2022" compares with FY2021: Yes when it rose', () => {
    const f = figureFor('Did Brindle improve its gross margin in FY2022?');
    expect(f.steps.map((s) => s.fy)).toEqual([2021, 2022]);
    expect(f.steps[0].value).toBeCloseTo((1860 / 4810) * 100, 10);
    expect(f.value).toBeCloseTo((2120 / 5240) * 100, 10);
    expect(f.verdict).toBe('Yes');
  });

  it('"Did … decline" is No when it rose', () => {
    expect(figureFor("Did Brindle's operating margin decline from FY2021 to FY2022?").verdict).toBe('No');
    expect(figureFor('Did Brindle net income decrease from FY2020 to FY2022?').verdict).toBe('No');
    expect(figureFor('Did Brindle long-term debt decrease in FY2022?').verdict).toBe('Yes');
  });

  it('compares only the two ends of a longer range', () => {
    expect(figureFor('Did Brindle revenue grow from FY2020 to FY2022?').steps.map((s) => s.fy)).toEqual([2020, 2022]);
  });

  it('"positive working capital" is Yes for a figure above zero', () => {
    const f = figureFor('Does Brindle have positive working capital at the end of FY2022?');
    expect(f.value).toBe((2457 - 1310) * 1e6);
    expect(f.verdict).toBe('Yes');
  });

  it('an unchanged figure is No both ways', () => {
    // The balance sheet's cash made equal in both years.
    const asked = askedFigure('Did Brindle cash increase in FY2022?')!;
    const flat = docs.map((d) => ({
      ...d,
      tables: d.tables.map((t) => ({ ...t, rows: t.rows.map((r) => (r.label.startsWith('Cash') ? { ...r, cells: r.cells.map((c) => ({ ...c, value: 600 })) } : r)) })),
    }));
    expect(computeFigure(asked, flat).verdict).toBe('No');
    expect(computeFigure(askedFigure('Did Brindle cash decrease in FY2022?')!, flat).verdict).toBe('No');
  });
});

describe('computeFigure: a missing input', () => {
  it('leaves the value undefined, names the input and year, and offers the nearest rows', () => {
    // Return on assets in FY2021 needs FY2020 total assets; the balance sheet prints 2022 and 2021 only.
    const f = figureFor('What was the FY2021 return on assets for Brindle?');
    expect(f.value).toBeUndefined();
    expect(f.verdict).toBeUndefined();
    expect(f.missing).toEqual(['total_assets (FY2020)']);
    expect(f.steps).toEqual([]);
    expect(f.nearest[0]).toMatchObject({ docId: 'brindle', label: 'Total assets', page: 2 });
  });

  it('an input no row matches is missing for each year it is needed', () => {
    const f = figureFor('Goodwill cover is defined as operating income / goodwill. What was the goodwill cover of Brindle in FY2022?');
    expect(f.value).toBeUndefined();
    expect(f.missing).toEqual(['goodwill (FY2022)']);
  });

  it('an average with one year missing has no value', () => {
    const f = figureFor('What is the 3 year average total assets for Brindle from FY2020 to FY2022?');
    expect(f.value).toBeUndefined();
    expect(f.missing).toEqual(['total_assets (FY2020)']);
  });
});

describe('computeFigure: a definition over any table’s rows', () => {
  it('reads each operand from the row its label names, once, for no year (a lab report)', () => {
    const f = figureFor('The cholesterol ratio is defined as total cholesterol / HDL cholesterol. What is the cholesterol ratio?', everydayDocs(LAB_REPORT));
    expect(f.value).toBeCloseTo(5.9 / 1.6, 10);
    expect(f.value!.toFixed(2)).toBe('3.69');
    expect(f.missing).toEqual([]);
    expect(f.steps).toHaveLength(1);
    expect(f.steps[0].fy).toBe(0);
    expect(f.steps[0].shown).toBe('5.9 ÷ 1.6');
    expect(f.steps[0].inputs.map((i) => [i.name, i.label, i.fy, i.period, i.value])).toEqual([
      ['label_total_cholesterol', 'Total cholesterol', 0, 'Result', 5.9],
      ['label_hdl_cholesterol', 'HDL cholesterol', 0, 'Result', 1.6],
    ]);
  });

  it('matches a label by its exact content words, punctuation aside (a price list)', () => {
    const f = figureFor('The order total is defined as Terracotta pot, 30 cm + Peat-free compost, 40 litre bag. What is the order total?', everydayDocs(PRICE_LIST));
    expect(f.value).toBeCloseTo(21.45, 10);
    expect(f.steps[0].inputs.map((i) => [i.label, i.period, i.cell.raw])).toEqual([
      ['Terracotta pot, 30 cm', 'Price (EUR)', '14.50'],
      ['Peat-free compost, 40 litre bag', 'Price (EUR)', '6.95'],
    ]);
  });

  it('a label no row prints in full is missing, not matched in part', () => {
    const f = figureFor('The pot ratio is defined as terracotta pot / compost bag. What is the pot ratio?', everydayDocs(PRICE_LIST));
    expect(f.value).toBeUndefined();
    // a table without years: no "(FY0)"
    expect(f.missing).toEqual(['label_terracotta_pot', 'label_compost_bag']);
  });
});

describe('computeFigure: line items a company may not print', () => {
  it('short-term investments without a row count as 0, and the step says which were absent', () => {
    const f = figureFor('What was the cash ratio of Brindle in FY2022?');
    expect(f.value).toBeCloseTo(612 / 1310, 10);
    expect(f.missing).toEqual([]);
    expect(f.steps[0].absent).toEqual(['short term investments']);
    expect(f.steps[0].shown).toBe('(612 + 0) ÷ 1,310');
    expect(f.steps[0].inputs.map((i) => i.name)).toEqual(['cash', 'total_current_liabilities']);
  });

  it('total debt without a printed row is long-term debt plus its current portion', () => {
    const f = figureFor('What was the total debt of Brindle in FY2022?', debtBalanceSheet());
    expect(f.value).toBe(1020e6);
    expect(f.asked.from).toBe('metric');
    expect(f.steps[0].inputs.map((i) => [i.name, i.label, i.value])).toEqual([
      ['long_term_debt', 'Long-term debt', 900e6],
      ['current_debt', 'Current portion of long-term debt', 120e6],
    ]);
  });

  it('total debt printed on its own row is read from it, not summed', () => {
    // The printed total (1,045) differs from long-term + current (1,020): it holds what the parts do not.
    const f = figureFor('What was the total debt of Brindle in FY2022?', debtBalanceSheet(['1,045', '1,080']));
    expect(f.value).toBe(1045e6);
    expect(f.asked.from).toBe('line item');
    expect(f.steps[0].inputs.map((i) => [i.name, i.label])).toEqual([['total_debt', 'Total debt']]);
    expect(figureFor('How did Brindle debt change from FY2021 to FY2022?', debtBalanceSheet(['1,045', '1,080'])).steps.map((s) => s.value)).toEqual([1080e6, 1045e6]);
  });

  it('one printed row is not read as two line items: "Long-term debt" is not also its current portion', () => {
    const f = figureFor('What was the total debt of Brindle in FY2022?');
    expect(f.value).toBeUndefined();
    expect(f.missing).toEqual(['current_debt (FY2022)']);
  });
});

describe('inputYear', () => {
  it.each([
    ['inventory', 2022, { quantity: 'inventory', year: 2022 }],
    ['prior_inventory', 2022, { quantity: 'inventory', year: 2021 }],
    ['prior_prior_total_assets', 2022, { quantity: 'total_assets', year: 2020 }],
    ['revenue_fy2019', 2022, { quantity: 'revenue', year: 2019 }],
    ['ppe_net_fy2018', 2030, { quantity: 'ppe_net', year: 2018 }],
  ])('%s in %i', (name, fy, expected) => {
    expect(inputYear(name, fy)).toEqual(expected);
  });
});

describe('computeFigure: inputs of one page in two scales', () => {
  it('gives an input under no unit line the unit the page states for the other (a release’s income statement split in two)', () => {
    const page = `Consolidated Statements of Income

(In millions) | 2022 | 2021
Net revenue | $14,042 | $20,528
Cost of sales | 8,542 | 9,521

Gross margin summary

| 2022 | 2021
Gross profit | 5,500 | 11,007
Research and development | 4,470 | 3,861`;
    const d = docOf(page);
    const figure = computeFigure(askedFigure('What was the gross margin in FY2022?')!, [{ docId: 'release', tables: readTables(d.text, d.pages) }]);
    expect(figure.value).toBeCloseTo(39.17, 1);
  });
});
