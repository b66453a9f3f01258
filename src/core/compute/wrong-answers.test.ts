import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../testing/table-docs';
import { askedFigure, computeFigure, figureAnswer, figureCells, figureText } from '.';

/** Classes of wrong answers that look right (issue "Answers that read", §4), each on a generated filing. */
function figure(question: string, ...pages: string[]) {
  const asked = askedFigure(question);
  expect(asked, question).toBeDefined();
  return computeFigure(asked!, [{ docId: 'd', tables: tablesOf(...pages).tables }]);
}

const PPE = `Note 8. Property, plant and equipment

(in millions) | 2022 | 2021
Land | 420 | 410
Buildings | 5,100 | 4,900
Machinery and equipment | 9,800 | 9,300
Property, plant and equipment, gross | 15,320 | 14,610
Less: accumulated depreciation | (8,120) | (7,700)
Property, plant and equipment, net | 7,200 | 6,910`;

const RELEASE = `Condensed Consolidated Statements of Income

(in millions) | Three months ended December 31, 2023 | Three months ended December 31, 2022 | Twelve months ended December 31, 2023 | Twelve months ended December 31, 2022
Net revenue | 5,210 | 4,980 | 20,140 | 19,020
Operating income | 810 | 700 | 3,050 | 2,900`;

const WITH_CHANGE = `Consolidated Results of Operations

(in millions) | 2023 | 2022 | Increase (decrease) 2023 | % change
Net revenue | 20,140 | 35,148 | (15,008) | (43)%
Operating income | 3,050 | 2,900 | 150 | 5%`;

describe('wrong answers that look right', () => {
  it('reads net PP&E from the net row, never the gross one, and gross from the gross row', () => {
    const net = figure('What was net PP&E at the end of 2022?', PPE);
    expect(figureCells(net)[0].label).toBe('Property, plant and equipment, net');
    expect(net.value).toBe(7200e6);
    const gross = figure('What was gross property, plant and equipment in 2022?', PPE);
    expect(gross.value).toBe(15320e6);
    // No gross row printed: what is missing is said, and the net row is not shown instead.
    const none = figure('What was gross PP&E in 2022?', PPE.replace(/^Property, plant and equipment, gross.*$/m, ''));
    expect(none.value).toBeUndefined();
    expect(none.missing.join(' ')).toMatch(/ppe_gross/);
  });

  it('picks the quarter or the full year of an earnings release by the period asked', () => {
    expect(figure('What was net revenue in the fourth quarter of 2023?', RELEASE).value).toBe(5210e6);
    expect(figure('What was net revenue for the full year 2023?', RELEASE).value).toBe(20140e6);
    expect(figure('What was FY2023 net revenue?', RELEASE).value).toBe(20140e6);
  });

  it('never reads a change column as a period', () => {
    const f = figure('What was net revenue in 2023?', WITH_CHANGE);
    expect(f.value).toBe(20140e6);
    expect(figureCells(f)[0].cell.raw).toBe('20,140');
  });

  it('says so when the row was matched loosely, and not when it matched exactly', () => {
    const loose = figure(
      'What was net PP&E in 2022?',
      `Balance sheet (in millions) | 2022 | 2021\nProperty, plant, equipment and software, net | 7,200 | 6,910\nTotal assets | 20,000 | 19,000`,
    );
    expect(loose.value).toBe(7200e6);
    const text = figureText(loose, 'q', () => 1);
    expect(text.weak).toMatch(/^Matched loosely: “Property, plant, equipment and software, net” for net pp&e\./);
    expect(figureAnswer(text).split('\n')[2]).toBe(text.weak);
    expect(figureText(figure('What was net PP&E in 2022?', PPE), 'q', () => 1).weak).toBeUndefined();
  });

  it('never reads a line item for a compound the question names with it ("cash proceeds" is not cash)', () => {
    expect(askedFigure('What is the amount of the cash proceeds it realised from the separation?')).toBeUndefined();
    expect(askedFigure('How much cash did it hold at the end of 2022?')?.quantity?.id).toBe('cash');
  });
});
