import { describe, expect, it } from 'vitest';
import { figureAnswer, figureText, inputValueText } from './answer-text';
import { computeFigure, type FigureInput } from './compute';
import { askedFigure } from './question';
import type { DocumentTables } from './find-cell';
import { brindleFiling, debtBalanceSheet } from '../../testing/filing-fixtures';
import { everydayDocs, LAB_REPORT, PRICE_LIST } from '../../testing/everyday-fixtures';

const { docs } = brindleFiling();

/** Source numbers by page: the income statement is [4], the balance sheet [7], the cash flow statement [2]. */
const SOURCE_BY_PAGE: Record<number, number> = { 1: 4, 2: 7, 3: 2 };
const sourceOf = (i: FigureInput) => SOURCE_BY_PAGE[i.cell.page!];

function textFor(question: string, cite: (i: FigureInput) => number | undefined = sourceOf, over: DocumentTables[] = docs) {
  const figure = computeFigure(askedFigure(question)!, over);
  expect(figure.value).toBeDefined();
  return figureText(figure, question, cite);
}

describe('figureText: a metric', () => {
  const t = textFor('What is the inventory turnover of Brindle for FY2022?');

  it('heads with the name, the year, the value in the metric’s unit and every input’s citation', () => {
    expect(t.headline).toBe('Inventory turnover, FY2022: 2.89x [4][7]');
  });

  it('shows the computation with the values as printed', () => {
    expect(t.computation).toEqual(['FY2022: 3,120 ÷ ((1,140 + 1,020) ÷ 2) = 2.89x']);
  });

  it('lists each input with its row label, year, printed value and scale, page and source number', () => {
    expect(t.inputs).toEqual([
      'Cost of revenues, FY2022: 3,120 million (page 1) [4]',
      'Inventories, FY2022: 1,140 million (page 2) [7]',
      'Inventories, FY2021: 1,020 million (page 2) [7]',
    ]);
  });

  it('names the formula and its reference', () => {
    expect(t.basis).toMatch(/^Computed by Sieve: Inventory turnover = cost_of_revenue ÷ \(\(inventory \+ prior_inventory\) ÷ 2\) \(CFA Institute/);
  });

  it('figureAnswer writes headline, computation lines (no leading "= "), "• " inputs and the basis as one text', () => {
    expect(figureAnswer(t)).toBe(
      [
        'Inventory turnover, FY2022: 2.89x [4][7]',
        '',
        'FY2022: 3,120 ÷ ((1,140 + 1,020) ÷ 2) = 2.89x',
        '',
        '• Cost of revenues, FY2022: 3,120 million (page 1) [4]',
        '• Inventories, FY2022: 1,140 million (page 2) [7]',
        '• Inventories, FY2021: 1,020 million (page 2) [7]',
        '',
        t.basis,
      ].join('\n'),
    );
  });
});

describe('figureText: a line item', () => {
  it('has no computation and no basis; a cost prints as in the statement', () => {
    const t = textFor('What was FY2022 capital expenditure for Brindle in USD millions?');
    expect(t.headline).toBe('Capital expenditure, FY2022: $1,577 million [2]');
    expect(t.computation).toEqual([]);
    expect(t.inputs).toEqual(['Purchases of property and equipment, FY2022: (1,577) million (page 3) [2]']);
    expect(t.basis).toBe('');
    expect(figureAnswer(t)).toBe('Capital expenditure, FY2022: $1,577 million [2]\n\n• Purchases of property and equipment, FY2022: (1,577) million (page 3) [2]');
  });

  it('a per-share value is in dollars, with no scale word', () => {
    const t = textFor('What was Brindle diluted EPS in FY2022?');
    expect(t.headline).toMatch(/, FY2022: \$3\.48 \[4\]$/);
    expect(t.inputs).toEqual(['Diluted earnings per share, FY2022: $3.48 (page 1) [4]']);
  });

  it('an input with no source number is listed without a citation', () => {
    const t = textFor('What was FY2022 capital expenditure for Brindle?', () => undefined);
    // no unit asked: an amount from a billion up is written in billions
    expect(t.headline).toBe('Capital expenditure, FY2022: $1,577 million');
    expect(t.inputs).toEqual(['Purchases of property and equipment, FY2022: (1,577) million (page 3)']);
  });

  it('an average names its span, each year’s input listed once', () => {
    const t = textFor('What is the 3 year average net income for Brindle from FY2020 to FY2022?');
    expect(t.headline).toBe('Net income, FY2020–FY2022 average: $545 million [4]');
    expect(t.inputs.map((i) => i.split(':')[0])).toEqual(['Net income, FY2020', 'Net income, FY2021', 'Net income, FY2022']);
  });
});

describe('figureText: the rounding and unit asked', () => {
  it.each([
    ['What is the inventory turnover of Brindle for FY2022? Round to one decimal place.', 'Inventory turnover, FY2022: 2.9x [4][7]'],
    ['What is the inventory turnover of Brindle for FY2022? Round your answer to three decimal places.', 'Inventory turnover, FY2022: 2.889x [4][7]'],
    ['What is Brindle capex as a % of revenue in FY2022? Round to two decimal places.', 'Capex as a percent of revenue, FY2022: 30.10% [2][4]'],
    ['What was FY2022 capital expenditure for Brindle in USD billions?', 'Capital expenditure, FY2022: $1.58 billion [2]'],
    ['What was FY2022 capital expenditure for Brindle (in USD thousands)?', 'Capital expenditure, FY2022: $1,577,000 thousand [2]'],
    ['What was FY2022 capital expenditure for Brindle in USD billions? Round to three decimal places.', 'Capital expenditure, FY2022: $1.577 billion [2]'],
  ])('%s', (question, headline) => {
    expect(textFor(question).headline).toBe(headline);
  });

  it('a percent metric stays a percent when the question asks for USD', () => {
    expect(textFor('What is the FY2022 gross margin of Brindle in USD millions?').headline).toBe('Gross margin, FY2022: 40.5% [4]');
  });

  it('the rounding applies to the computation lines too', () => {
    expect(textFor('What is the inventory turnover of Brindle for FY2022? Round to one decimal place.').computation).toEqual(['FY2022: 3,120 ÷ ((1,140 + 1,020) ÷ 2) = 2.9x']);
  });
});

describe('figureText: yes/no questions', () => {
  it('opens with "Yes:" and says how the figure moved', () => {
    const t = textFor('Did Brindle improve its gross margin in FY2022?');
    expect(t.headline).toBe('Yes: gross margin rose from 38.7% (FY2021) to 40.5% (FY2022), a change of 1.8 percentage points [4]');
    expect(t.computation).toEqual(['FY2021: 1,860 ÷ 4,810 × 100 = 38.7%', 'FY2022: 2,120 ÷ 5,240 × 100 = 40.5%']);
  });

  it('opens with "No:" when it moved the other way', () => {
    expect(textFor("Did Brindle's operating margin decline from FY2021 to FY2022?").headline).toMatch(/^No: operating margin rose from 15\.7% \(FY2021\) to 17\.4% \(FY2022\)/);
  });

  it('an amount’s change is the amount, in millions, with its percent of the earlier year in brackets', () => {
    expect(textFor('Did Brindle long-term debt decrease in FY2022?').headline).toBe(
      'Yes: long term debt fell from $950 million (FY2021) to $900 million (FY2022), a change of -$50.00 million (-5.3%) [7]',
    );
  });

  it('a ratio’s change is a percent of the earlier year', () => {
    expect(textFor('How did Brindle current ratio change from FY2021 to FY2022?').headline).toBe('Current ratio rose from 1.79 (FY2021) to 1.88 (FY2022), a change of 4.8% [7]');
  });

  it('"improved or declined" names both ways: the direction, with no "Yes" or "No"', () => {
    expect(textFor('Has Brindle gross margin improved or declined in FY2022?').headline).toBe(
      'Gross margin rose from 38.7% (FY2021) to 40.5% (FY2022), a change of 1.8 percentage points [4]',
    );
  });

  it('"positive" says the value and the year', () => {
    expect(textFor('Does Brindle have positive working capital at the end of FY2022? Answer in USD millions.').headline).toBe(
      'Yes: working capital was $1,147 million in FY2022 [7]',
    );
  });

  it('a comparison without a yes/no question has no verdict word', () => {
    expect(textFor('How did Brindle net income change from FY2021 to FY2022?').headline).toBe(
      'Net income rose from $569 million (FY2021) to $695 million (FY2022), a change of $126 million (22.1%) [4]',
    );
  });
});

describe('figureText: a definition', () => {
  it('says the question’s definition was used', () => {
    const t = textFor(
      'Plant productivity is defined as FY2022 revenue / (average PP&E between FY2021 and FY2022). What is the plant productivity of Brindle? Round to two decimal places.',
    );
    expect(t.headline).toBe('Plant productivity, FY2022: 3.93 [4][7]');
    expect(t.computation).toEqual(['FY2022: 5,240 ÷ ((1,290 + 1,380) ÷ 2) = 3.93']);
    expect(t.basis).toBe('Computed by Sieve with the definition the question gives.');
  });
});

describe('inputValueText', () => {
  const inputOf = (question: string) => computeFigure(askedFigure(question)!, docs).steps[0].inputs[0];

  it('is the cell as printed with the table’s unit in words', () => {
    expect(inputValueText(inputOf('What was FY2022 capital expenditure for Brindle?'))).toBe('(1,577) million');
    expect(inputValueText(inputOf('What was Brindle net income in FY2021?'))).toBe('$569 million');
  });

  it('an unscaled cell (per share, a lab result) has no unit word', () => {
    expect(inputValueText(inputOf('What was Brindle diluted EPS in FY2022?'))).toBe('$3.48');
    const lab = computeFigure(askedFigure('The cholesterol ratio is defined as total cholesterol / HDL cholesterol. What is it?')!, everydayDocs(LAB_REPORT));
    expect(lab.steps[0].inputs.map(inputValueText)).toEqual(['5.9', '1.6']);
  });
});

describe('figureText: a table without years', () => {
  const one = () => 1;

  it('a defined ratio over a lab report’s rows has no "FY" in its headline, computation or inputs', () => {
    const q = "What is Ines Calloway's cholesterol ratio? The cholesterol ratio is defined as total cholesterol / HDL cholesterol. Round to two decimal places.";
    const t = textFor(q, one, everydayDocs(LAB_REPORT));
    expect(t.headline).toBe('Cholesterol ratio: 3.69 [1]');
    expect(t.computation).toEqual(['5.9 ÷ 1.6 = 3.69']);
    expect(t.inputs).toEqual(['Total cholesterol: 5.9 (page 1) [1]', 'HDL cholesterol: 1.6 (page 1) [1]']);
    expect(t.basis).toBe('Computed by Sieve with the definition the question gives.');
  });

  it('a defined sum of prices is a plain number, not dollars', () => {
    const q = 'What is the order total? The order total is defined as Terracotta pot, 30 cm + Peat-free compost, 40 litre bag.';
    const t = textFor(q, one, everydayDocs(PRICE_LIST));
    expect(t.headline).toBe('Order total: 21.45 [1]');
    expect(t.computation).toEqual(['14.50 + 6.95 = 21.45']);
  });
});

describe('figureText: line items a company may not print', () => {
  it('short-term investments without a row count as 0, and the computation says so', () => {
    const t = textFor('What was the cash ratio of Brindle in FY2022?');
    expect(t.headline).toBe('Cash ratio, FY2022: 0.47 [7]');
    expect(t.computation).toEqual(['FY2022: (612 + 0) ÷ 1,310 = 0.47 (no row for short term investments: taken as 0)']);
    expect(t.inputs).toEqual(['Cash and cash equivalents, FY2022: $612 million (page 2) [7]', 'Total current liabilities, FY2022: 1,310 million (page 2) [7]']);
  });

  it('total debt is the sum of its parts, in millions, when no row prints it', () => {
    const t = textFor('What was the total debt of Brindle in FY2022?', () => 1, debtBalanceSheet());
    expect(t.headline).toBe('Total debt, FY2022: $1,020 million [1]');
    expect(t.computation).toEqual(['FY2022: 900 + 120 = $1,020 million']);
    expect(t.basis).toMatch(/^Computed by Sieve: Total debt = long_term_debt \+ current_debt/);
  });

  it('total debt printed on its own row is read as a line item: no computation, no formula named', () => {
    const t = textFor('What was the total debt of Brindle in FY2022?', () => 1, debtBalanceSheet(['1,045', '1,080']));
    expect(t.headline).toBe('Total debt, FY2022: $1,045 million [1]');
    expect(t.computation).toEqual([]);
    expect(t.inputs).toEqual(['Total debt, FY2022: 1,045 million (page 1) [1]']);
    expect(t.basis).toBe('');
  });

  it('money is in millions from a billion up, unless another unit is asked', () => {
    expect(textFor('What was Brindle revenue in FY2022?').headline).toBe('Revenue, FY2022: $5,240 million [4]');
    expect(textFor('What was Brindle revenue in FY2022 in USD billions?').headline).toBe('Revenue, FY2022: $5.24 billion [4]');
  });
});
