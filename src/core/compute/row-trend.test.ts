import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../testing/table-docs';
import { askedRowTrend, computeFigure, figureText, namedRowLabel } from '.';

const VAR = `Value-at-risk by business (in millions)

Three months ended | June 30, 2023 | June 30, 2022
(in millions) | Avg. | Min | Max | Avg. | Min | Max
Markets VaR | 41 | 31 | 50 | 50 | 38 | 66
Lending VaR | 14 | 11 | 18 | 17 | 6 | 31
Total VaR | $ 47 | $ 36 | $ 56 | $ 54 | $ 41 | $ 71`;

const MEMBERS = `Project membership

Category | 2021 | 2020 | 2019
Prior year members | 990 | 1,010 | 960
Registered developers | 1,012 | 1,045 | 990
Maintainers | 310 | 298 | 285`;

function trend(question: string, text: string) {
  const docs = [{ docId: 'd', tables: tablesOf(text).tables }];
  const row = namedRowLabel(question, docs);
  const asked = row ? askedRowTrend(question, row) : undefined;
  return { row, asked, figure: asked ? computeFigure(asked, docs) : undefined };
}

describe('a yes/no question about a row no lexicon names', () => {
  it('reads the total row the question names, in the averages of the two dates compared', () => {
    const { row, figure } = trend('Did VaR decrease in the second quarter of 2023 compared to the same period of 2022?', VAR);
    expect(row).toEqual({ label: 'Total VaR', money: true });
    expect(figure!.verdict).toBe('Yes');
    expect(figure!.steps.map((s) => s.value)).toEqual([54e6, 47e6]);
    const text = figureText(figure!, 'q', () => 1);
    expect(text.headline).toMatch(/^Yes: total VaR fell from \$54(\.00)? million \(Q2 FY2022\) to \$47(\.00)? million \(Q2 FY2023\)/);
  });

  it('answers No when the row moved the other way, in a table that prints no money', () => {
    const { row, figure } = trend('Has the number of registered developers increased from 2020 to 2021?', MEMBERS);
    expect(row).toEqual({ label: 'Registered developers', money: false });
    expect(figure!.steps.map((s) => s.value)).toEqual([1045, 1012]);
    expect(figure!.verdict).toBe('No');
  });

  it('never takes a row of only period words ("Prior year members" needs "members"), and asks nothing of a question that is not yes/no', () => {
    expect(trend('Did the prior year figure increase in 2021?', MEMBERS).row).toBeUndefined();
    expect(trend('How many maintainers were there in 2021?', MEMBERS).asked).toBeUndefined();
    expect(trend('Did maintainers rise or fall in 2021?', MEMBERS).asked).toBeUndefined();
  });
});
