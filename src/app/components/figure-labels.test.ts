import { describe, expect, it } from 'vitest';
import { afterFigure, citationsAfter, figureInputLines, headlineText } from './figure-labels';
import { askedFigure, computeFigure, figureAnswer, figureText, type Figure } from '../../core/compute';
import type { AskResult, CandidateRow } from '../../core/pipeline';
import type { Chunk } from '../../core/types';
import { brindleFiling } from '../../testing/filing-fixtures';
import { everydayDocs, LAB_REPORT } from '../../testing/everyday-fixtures';

type FigureResult = NonNullable<AskResult['figure']>;

const { text, pages, docs } = brindleFiling('brindle');

/** One chunk per page of the filing. */
const chunks: Chunk[] = pages.map((p, i) => ({
  id: `brindle#${i}`,
  docId: 'brindle',
  index: i,
  text: text.slice(p.start, p.end),
  start: p.start,
  end: p.end,
  pageStart: p.page,
  pageEnd: p.page,
  sectionPath: [],
  sentenceStart: i,
  sentenceEnd: i + 1,
}));

const rowOf = (chunk: Chunk, rank: number, source?: number): CandidateRow => ({
  chunk,
  title: 'Brindle 10-K',
  rank,
  bm25: 0,
  dense: 0,
  bm25Norm: 0,
  denseNorm: 0,
  hybrid: 0,
  ...(source !== undefined ? { source, verdict: 'kept' as const } : {}),
});

const key = (i: { cell: { docId: string; start: number } }) => `${i.cell.docId}:${i.cell.start}`;

/** Inventory turnover (cost of revenues on page 1, inventories on page 2), page 1 cited as [2] and page 2 as [1]. */
function turnover(): { result: FigureResult; rows: CandidateRow[]; figure: Figure } {
  const q = 'What is the inventory turnover of Brindle for FY2022?';
  const figure = computeFigure(askedFigure(q)!, docs);
  const sourceOfCell: Record<string, number> = {};
  for (const i of figure.steps[0].inputs) sourceOfCell[key(i)] = i.cell.page === 1 ? 2 : 1;
  const t = figureText(figure, q, (i) => sourceOfCell[key(i)]);
  const rows = [rowOf(chunks[1], 1, 1), rowOf(chunks[0], 2, 2), rowOf(chunks[2], 3)];
  return { result: { figure, text: t, answer: figureAnswer(t), sourceOfCell }, rows, figure };
}

describe('figureInputLines', () => {
  it('lists each input with its label, year and page, printed value with the table’s unit, and source number', () => {
    const { result, rows } = turnover();
    const lines = figureInputLines(result, rows);
    expect(lines.map(({ label, where, raw, source }) => ({ label, where, raw, source }))).toEqual([
      { label: 'Cost of revenues', where: 'FY2022 · page 1', raw: '3,120 million', source: 2 },
      { label: 'Inventories', where: 'FY2022 · page 2', raw: '1,140 million', source: 1 },
      { label: 'Inventories', where: 'FY2021 · page 2', raw: '1,020 million', source: 1 },
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(3);
  });

  it('opens each input’s own table row, on its page, in the chunk of its source', () => {
    const { result, rows, figure } = turnover();
    const [cost, inventory] = figureInputLines(result, rows);
    const costInput = figure.steps[0].inputs[0];
    expect(cost.passage).toMatchObject({
      id: 'brindle#0',
      docId: 'brindle',
      text: 'Cost of revenues | 3,120 | 2,950 | 2,610',
      start: costInput.cell.rowStart,
      end: costInput.cell.rowEnd,
      pageStart: 1,
      pageEnd: 1,
    });
    expect(text.slice(cost.passage!.start, cost.passage!.end)).toBe(cost.passage!.text);
    expect(inventory.passage).toMatchObject({ id: 'brindle#1', text: 'Inventories | 1,140 | 1,020', pageStart: 2, pageEnd: 2 });
  });

  it('lists an input read in several years’ steps once', () => {
    const { result, rows } = turnover();
    const step = result.figure.steps[0];
    const twice: FigureResult = { ...result, figure: { ...result.figure, steps: [step, { ...step, fy: 2023 }] } };
    expect(figureInputLines(twice, rows)).toHaveLength(3);
  });

  it('an input without a source has no number and no passage', () => {
    const { result, rows } = turnover();
    const line = figureInputLines({ ...result, sourceOfCell: {} }, rows)[0];
    expect(line.source).toBeUndefined();
    expect(line.passage).toBeUndefined();
    expect(line).not.toHaveProperty('source');
  });

  it('no passage when no cited row holds the cell', () => {
    const { result } = turnover();
    // the rows cited [1] and [2] are other chunks than the cells'
    const rows = [rowOf(chunks[2], 1, 1), rowOf(chunks[2], 2, 2)];
    expect(figureInputLines(result, rows).every((l) => l.passage === undefined)).toBe(true);
  });

  it('a cell without a page says only the year', () => {
    const { result, rows } = turnover();
    const step = result.figure.steps[0];
    const inputs = step.inputs.map((i) => ({ ...i, cell: { ...i.cell, page: undefined } }));
    const pageless: FigureResult = { ...result, figure: { ...result.figure, steps: [{ ...step, inputs }] } };
    expect(figureInputLines(pageless, rows).map((l) => l.where)).toEqual(['FY2022', 'FY2022', 'FY2021']);
  });
});

describe('figureInputLines: a table without years', () => {
  it('says the column an input was read from, not "FY0", and its value as printed', () => {
    const q = 'The cholesterol ratio is defined as total cholesterol / HDL cholesterol. What is it?';
    const figure = computeFigure(askedFigure(q)!, everydayDocs(LAB_REPORT));
    const t = figureText(figure, q, () => undefined);
    const lines = figureInputLines({ figure, text: t, answer: figureAnswer(t), sourceOfCell: {} }, []);
    expect(lines.map(({ label, where, raw }) => ({ label, where, raw }))).toEqual([
      { label: 'Total cholesterol', where: 'Result · page 1', raw: '5.9' },
      { label: 'HDL cholesterol', where: 'Result · page 1', raw: '1.6' },
    ]);
  });
});

describe('afterFigure', () => {
  const block = 'Inventory turnover, FY2022: 2.89x [1][2]\n\n• Inventories, FY2022: 1,140 million (page 2) [1]';

  it('is the prose after the figure block, with how far its citations move', () => {
    const prose = 'Inventories rose with the new stores [3].';
    const whole = `${block}\n\n${prose}`;
    const out = afterFigure(whole, block);
    expect(out).toEqual({ text: prose, shift: block.length + 2 });
    expect(whole.slice(out.shift)).toBe(prose);
  });

  it('is the whole text when it does not start with the figure block, or there is none', () => {
    expect(afterFigure('Something else [1].', block)).toEqual({ text: 'Something else [1].', shift: 0 });
    expect(afterFigure('Plain answer [1].', undefined)).toEqual({ text: 'Plain answer [1].', shift: 0 });
  });

  it('is empty when the answer is the figure block alone', () => {
    expect(afterFigure(block, block)).toEqual({ text: '', shift: block.length });
  });
});

describe('headlineText', () => {
  it.each([
    ['Inventory turnover, FY2022: 2.89x [1][2]', 'Inventory turnover, FY2022: 2.89x'],
    [
      'Yes: gross margin rose from 38.7% (FY2021) to 40.5% (FY2022), a change of 1.8 percentage points [4]',
      'Yes: gross margin rose from 38.7% (FY2021) to 40.5% (FY2022), a change of 1.8 percentage points',
    ],
    ['Net income, FY2022: $695 million', 'Net income, FY2022: $695 million'],
    ['Revenue [2] rose, FY2022: $5 million [12]', 'Revenue [2] rose, FY2022: $5 million'],
  ])('%s', (headline, expected) => {
    expect(headlineText(headline)).toBe(expected);
  });
});

describe('citationsAfter', () => {
  it('keeps the citations after the figure block, moved to the text that follows it', () => {
    const marks = [
      { sources: [1], start: 5, end: 8 },
      { sources: [2], start: 40, end: 43 },
    ];
    expect(citationsAfter(marks, 30)).toEqual([{ sources: [2], start: 10, end: 13 }]);
    expect(citationsAfter(undefined, 30)).toBeUndefined();
  });
});
