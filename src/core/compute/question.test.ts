import { describe, expect, it } from 'vitest';
import { askedFigure, askedYears } from './question';
import { evaluate, inputsOf } from './expr';

/** The asked figure, failing the test when the question is read as asking none. */
function asked(question: string) {
  const a = askedFigure(question);
  if (!a) throw new Error(`no figure read from: ${question}`);
  return a;
}

/** The expression evaluated over these inputs (a missing one throws). */
const valueOf = (question: string, inputs: Record<string, number>) => evaluate(asked(question).expression, (n) => inputs[n]);

describe('askedFigure: a formula the question defines', () => {
  const Q =
    'Quillon Robotics reports a plant productivity ratio. Plant productivity ratio is defined as: FY2021 revenue / (average PP&E between FY2020 and FY2021). What is it for Quillon Robotics? Round to two decimal places.';

  it('reads a ratio that names its own years as one figure for its latest year', () => {
    const a = asked(Q);
    expect(a).toMatchObject({ from: 'definition', name: 'Plant productivity ratio', years: [2021], aggregate: 'single', unit: 'ratio' });
    expect(inputsOf(a.expression).sort()).toEqual(['ppe_net_fy2020', 'ppe_net_fy2021', 'revenue_fy2021']);
    expect(valueOf(Q, { revenue_fy2021: 900, ppe_net_fy2020: 200, ppe_net_fy2021: 250 })).toBeCloseTo(4, 10);
  });

  it('substitutes a later definition for a name used in the first, keeping its grouping', () => {
    const q = 'Core spread is defined as revenue - adjusted costs. Adjusted costs is defined as cost of revenue + SG&A. What was the core spread of Tandem Tools in FY2021?';
    const a = asked(q);
    expect(a).toMatchObject({ from: 'definition', name: 'Core spread', years: [2021] });
    expect(inputsOf(a.expression).sort()).toEqual(['cost_of_revenue', 'revenue', 'sga_expense']);
    // revenue − (cost + SG&A), not (revenue − cost) + SG&A
    expect(valueOf(q, { revenue: 100, cost_of_revenue: 30, sga_expense: 20 })).toBe(50);
  });

  it('reads operator words ("divided by", "minus") and keeps the years the question asks', () => {
    const q = 'Define the debt cushion as total current assets minus total current liabilities divided by long-term debt. What was the debt cushion of Marrow Foods in FY2020?';
    const a = asked(q);
    expect(a).toMatchObject({ from: 'definition', years: [2020] });
    expect(inputsOf(a.expression).sort()).toEqual(['long_term_debt', 'total_current_assets', 'total_current_liabilities']);
  });

  it('gives a sum or difference of line items a currency unit, a quotient a ratio', () => {
    expect(asked('The liquidity buffer is defined as cash plus short term investments minus current debt. What was the liquidity buffer of Marrow Foods in FY2022?').unit).toBe(
      'currency',
    );
    expect(asked('The plant yield is defined as revenue / PP&E. What was the plant yield of Marrow Foods in FY2022?').unit).toBe('ratio');
    expect(asked('The average asset base is defined as average total assets between FY2021 and FY2022. What was it for Marrow Foods?').unit).toBe('currency');
  });

  it('reads an operand that is no line item as the table row its label names', () => {
    const a = asked('Brand heat is defined as social mentions / store visits. What was the brand heat of Lumo Apparel in 2021?');
    expect(a).toMatchObject({ from: 'definition', name: 'Brand heat', unit: 'ratio', years: [2021], aggregate: 'single' });
    expect(inputsOf(a.expression)).toEqual(['label_social_mentions', 'label_store_visits']);
  });

  it('a definition over a lab report’s rows: label inputs, no year, the name capitalised', () => {
    const q = "What is Ines Calloway's cholesterol ratio? The cholesterol ratio is defined as total cholesterol / HDL cholesterol. Round to two decimal places.";
    const a = asked(q);
    expect(a).toMatchObject({ from: 'definition', name: 'Cholesterol ratio', unit: 'ratio', years: [], aggregate: 'single' });
    expect(inputsOf(a.expression)).toEqual(['label_total_cholesterol', 'label_hdl_cholesterol']);
    expect(valueOf(q, { label_total_cholesterol: 5.9, label_hdl_cholesterol: 1.6 }).toFixed(2)).toBe('3.69');
  });

  it('a sum of rows of any table is a plain number (written as a ratio is), not dollars, unless the question says USD', () => {
    const q = 'What is the order total? The order total is defined as Terracotta pot, 30 cm + Peat-free compost, 40 litre bag.';
    expect(asked(q)).toMatchObject({ name: 'Order total', unit: 'ratio' });
    expect(inputsOf(asked(q).expression)).toEqual(['label_terracotta_pot_30_cm', 'label_peat_free_compost_40_litre_bag']);
    expect(asked(`${q} Answer in USD.`).unit).toBe('currency');
  });

  it('capitalises a defined figure’s name, as a metric’s own name is', () => {
    const a = asked('What is the FY2023 current ratio? The current ratio is defined as total current assets / total current liabilities.');
    expect(a).toMatchObject({ from: 'definition', name: 'Current ratio', unit: 'ratio', years: [2023] });
    expect(a.metric?.id).toBe('current_ratio');
  });

  it('reads no definition whose operand is too long to be a row label', () => {
    expect(
      askedFigure('Brand heat is defined as the number of social mentions during the whole spring selling season in all regions / store visits. What was the brand heat?'),
    ).toBeUndefined();
  });

  it('without its definitions, a question asks for what it names outside them', () => {
    const q = 'Terminal yield is defined as operating income / goodwill. What was the terminal yield of Harbourline Ferries in FY2022?';
    expect(askedFigure(q, { definitions: false })).toBeUndefined();
    const named = 'What is the FY2022 current ratio of Harbourline? The current ratio is defined as current assets / current debts.';
    expect(askedFigure(named, { definitions: false })).toMatchObject({ from: 'metric', name: 'Current ratio' });
  });
});

describe('askedFigure: a standard metric', () => {
  it.each([
    ['What is the current ratio of Ostrava Mills for FY2022?', 'current_ratio', 'ratio'],
    ['What was the gross margin of Pelican Shipping in FY2021?', 'gross_margin', 'percent'],
    ['What is the FY2022 EBITDA % margin for Harrow Labs?', 'ebitda_margin', 'percent'],
    ['What is Harrow Labs capex as a % of revenue in FY2022?', 'capex_to_revenue', 'percent'],
  ])('%s → %s', (question, id, unit) => {
    const a = asked(question);
    expect(a).toMatchObject({ from: 'metric', unit, aggregate: 'single' });
    expect(a.metric?.id).toBe(id);
  });

  it('a metric that is also a line item carries it, so its printed row can be read first', () => {
    const a = asked('What was the total debt of Harrow Labs in FY2022?');
    expect(a).toMatchObject({ from: 'metric', name: 'Total debt', unit: 'currency' });
    expect(a.metric?.id).toBe('total_debt');
    expect(a.quantity?.id).toBe('total_debt');
    expect(inputsOf(a.expression)).toEqual(['long_term_debt', 'current_debt']);
    expect(asked('What is the current ratio of Harrow Labs in FY2022?').quantity).toBeUndefined();
  });

  it('a line item "as a % of revenue" is that item over revenue, in percent', () => {
    const q = 'What was Harrow Labs research and development expense as a % of revenue in FY2022?';
    const a = asked(q);
    expect(a).toMatchObject({ from: 'metric', unit: 'percent', years: [2022] });
    expect(valueOf(q, { research_development: 30, revenue: 200 })).toBeCloseTo(15, 10);
  });
});

describe('askedFigure: one line item', () => {
  it('reads the item and its year; "in USD millions" does not change what is asked', () => {
    const a = asked('What was the FY2022 capital expenditure of Harrow Labs in USD millions?');
    expect(a).toMatchObject({ from: 'line item', name: 'Capital expenditure', unit: 'currency', years: [2022], aggregate: 'single' });
    expect(a.quantity?.id).toBe('capital_expenditure');
    expect(inputsOf(a.expression)).toEqual(['capital_expenditure']);
  });

  it('a "3 year average … from FY2019 to FY2021" is the mean over each year', () => {
    expect(asked('What is the 3 year average of capital expenditure for Harrow Labs from FY2019 to FY2021?')).toMatchObject({ years: [2019, 2020, 2021], aggregate: 'average' });
    expect(asked('What is the three year average net income of Harrow Labs from 2019 to 2021?')).toMatchObject({ years: [2019, 2020, 2021], aggregate: 'average' });
  });

  it('a quarter asks for three-month columns', () => {
    expect(asked('What was the revenue of Oxbow Cafes in Q3 FY2022?')).toMatchObject({ months: 3, years: [2022] });
    expect(asked('What was Oxbow Cafes revenue for the six months ended June 30, 2022?')).toMatchObject({ months: 6 });
    expect(asked('What was Oxbow Cafes revenue in FY2022?').months).toBeUndefined();
  });

  it('notes the statement the question names', () => {
    expect(asked('How much inventory did Oxbow Cafes hold at the end of FY2022, according to its balance sheet?').statements).toEqual(['balance sheet']);
  });
});

describe('askedFigure: yes/no questions', () => {
  it('"Did … improve …" compares with the year before, "yes" meaning up', () => {
    expect(asked('Did Foo Corp improve its gross margin in FY2022?')).toMatchObject({ yes: 'up', aggregate: 'compare', years: [2022] });
  });

  it('"Did … decline from … to …" compares the two ends, "yes" meaning down', () => {
    expect(asked("Did Foo Corp's operating margin decline from FY2020 to FY2022?")).toMatchObject({ yes: 'down', aggregate: 'compare' });
  });

  it('"Does … have positive working capital" is one year, "yes" meaning above zero', () => {
    const a = asked('Does Foo Corp have positive working capital based on its FY2022 balance sheet?');
    expect(a).toMatchObject({ yes: 'positive', aggregate: 'single', statements: ['balance sheet'] });
    expect(a.metric?.id).toBe('working_capital');
  });

  it('"Has … improved or declined" names both ways: it compares, with no yes/no direction', () => {
    const a = asked('Has Foo Corp gross margin improved or declined from FY2021 to FY2022?');
    expect(a).toMatchObject({ aggregate: 'compare', years: [2021, 2022] });
    expect(a).not.toHaveProperty('yes');
  });

  it('a question that is not yes/no has no direction', () => {
    expect(asked('How much did Foo Corp revenue increase in FY2022?').yes).toBeUndefined();
  });
});

describe('askedFigure: "what were …" naming an amount', () => {
  it.each([
    ['What were Foo Corp’s capital expenditures in FY2022?', 'capital_expenditure'],
    ['What were the dividend payments of Foo Corp in FY2021?', 'dividends_paid'],
  ])('%s', (question, id) => {
    expect(askedFigure(question)?.quantity?.id).toBe(id);
  });
});

describe('askedFigure: no figure asked', () => {
  it.each([
    'Which segment drove the most revenue growth for Foo Corp in FY2022?',
    'What are the acquisitions Foo Corp made in FY2022?',
    'Why did Foo Corp revenue fall in FY2021?',
    'Who is the chief executive of Foo Corp?',
    'Where is the Foo Corp headquarters?',
  ])('%s', (question) => {
    expect(askedFigure(question)).toBeUndefined();
  });
});

describe('askedYears', () => {
  it.each([
    ['revenue in FY21', [2021]],
    ["revenue in FY'22", [2022]],
    ['sales in fiscal 2020', [2020]],
    ['sales in fiscal year 2019', [2019]],
    ['revenue in 2021 and 2019', [2019, 2021]],
    ['FY2017 - FY2019', [2017, 2018, 2019]],
    ['FY2019 through FY2021', [2019, 2020, 2021]],
    ['from FY19 to FY21', [2019, 2020, 2021]],
    ['from 2018 to 2020', [2018, 2019, 2020]],
    ['fiscal 2020 to fiscal 2022', [2020, 2021, 2022]],
    ['no year here', []],
  ])('%s → %j', (question, years) => {
    expect(askedYears(question).list).toEqual(years);
  });

  it('reads no year from amounts, percentages or a long range', () => {
    expect(askedYears('revenue of $2,019 million rose 2020%').list).toEqual([]);
    expect(askedYears('from FY1990 to FY2022').list).toEqual([1990, 2022]);
  });
});
