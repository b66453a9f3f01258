import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../testing/table-docs';
import { askedFigure, computeFigure, figureText } from '.';
import { JUDGEMENTS } from './judgements';

const FILING = `Consolidated Statement of Income

(Millions) | 2022 | 2021
Net sales | 10,000 | 9,000
Net income | 900 | 800

Consolidated Statement of Cash Flows

(Millions) | 2022 | 2021
Net cash provided by operating activities | 1,500 | 1,400
Purchases of property, plant and equipment | (1,200) | (300)`;

describe('judgements against a published reference', () => {
  it('sets capex as a percent of revenue beside the reference, and gives no Yes or No of its own', () => {
    const asked = askedFigure('Is the company a capital-intensive business based on FY2022 data?');
    expect(asked).toMatchObject({ yes: 'reference', aggregate: 'single', years: [2022] });
    const figure = computeFigure(asked!, [{ docId: 'd', tables: tablesOf(FILING).tables }]);
    expect(figure.value).toBeCloseTo(12, 10);
    expect(figure.verdict).toBeUndefined();
    const text = figureText(figure, 'q', () => 1);
    expect(text.headline).toMatch(/^Sieve cannot judge “capital intensive” by a fixed threshold .*: capex as a percent of revenue was 12(\.0)?% in FY2022, above the 3\.7% median/);
    expect(text.headline).toContain('GMT Research');
    const low = computeFigure(askedFigure('Is it capital intensive in FY2021?')!, [{ docId: 'd', tables: tablesOf(FILING).tables }]);
    expect(figureText(low, 'q', () => 1).headline).toMatch(/3\.3% in FY2021, below the 3\.7%/);
  });

  it('asks no judgement of a question that is not yes/no, and every reference names its source', () => {
    expect(askedFigure('What is capital intensity?')?.yes).toBeUndefined();
    for (const j of JUDGEMENTS) expect(j.reference.source.length).toBeGreaterThan(10);
  });

  it('answers "consistent year to year?" with the metric each year and its spread, and no Yes or No', () => {
    const threeYears = `Consolidated Statement of Income

(Millions) | 2022 | 2021 | 2020
Net sales | 10,000 | 9,000 | 8,000
Cost of sales | 6,000 | 5,310 | 4,800
Gross profit | 4,000 | 3,690 | 3,200`;
    const asked = askedFigure('Are its gross margins consistent year to year?')!;
    expect(asked).toMatchObject({ aggregate: 'spread', yes: 'reference' });
    const figure = computeFigure(asked, [{ docId: 'd', tables: tablesOf(threeYears).tables }]);
    expect(figure.steps.map((s) => s.fy)).toEqual([2020, 2021, 2022]);
    expect(figure.value).toBeCloseTo(41 - 40, 10);
    expect(figure.verdict).toBeUndefined();
    expect(figureText(figure, 'q', () => 1).headline).toMatch(
      /^Sieve cannot judge “consistent” by a fixed threshold .*: gross margin was 40(\.0)?% \(FY2020\), 41(\.0)?% \(FY2021\), 40(\.0)?% \(FY2022\), a spread of 1\.0 percentage points/,
    );
  });
});
