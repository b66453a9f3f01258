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
});
