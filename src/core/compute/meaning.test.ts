import { describe, expect, it } from 'vitest';
import { FakeEmbedder, ThesaurusEmbedder } from '../../testing/fake-embedder';
import { tablesOf } from '../../testing/table-docs';
import { figureAnswer, figureText } from './answer-text';
import { computeFigure } from './compute';
import { matchByMeaning, MEANING_MIN_SIMILARITY } from './meaning';
import { askedFigure } from './question';

const CASH_FLOW = `Consolidated Statements of Cash Flows

(In millions) | 2022 | 2021
Net income | 121 | 104
Net cash provided by operating activities | 402 | 366
Additions to vessels and terminals | (310) | (280)
Net cash used in investing activities | (295) | (301)`;

const docs = [{ docId: 'ferries', tables: tablesOf(CASH_FLOW).tables }];
const capex = askedFigure('What was FY2022 capital expenditure?')!;

describe('rows matched by meaning', () => {
  it('reads the row whose label means the line item when no row names it in words, and says so', async () => {
    const byWords = computeFigure(capex, docs);
    expect(byWords.value).toBeUndefined();
    expect(byWords.missing).toEqual(['capital_expenditure (FY2022)']);
    const meaning = await matchByMeaning(byWords, docs, new ThesaurusEmbedder({ 'vessels and terminals': 'property and equipment' }));
    expect(meaning.get('capital_expenditure')).toMatchObject({ label: 'Additions to vessels and terminals' });
    expect(meaning.get('capital_expenditure')!.similarity).toBeGreaterThanOrEqual(MEANING_MIN_SIMILARITY);
    const figure = computeFigure(capex, docs, meaning);
    expect(Math.abs(figure.value!)).toBe(310e6);
    expect(figure.steps[0].inputs[0]).toMatchObject({ label: 'Additions to vessels and terminals', cell: { raw: '(310)' } });
    expect(figureAnswer(figureText(figure, 'What was FY2022 capital expenditure?', () => 1))).toMatch(/row matched by meaning, similarity \d\.\d\d/);
  });

  it('matches nothing when no label is similar enough', async () => {
    const meaning = await matchByMeaning(computeFigure(capex, docs), docs, new FakeEmbedder(256));
    expect(meaning.size).toBe(0);
  });

  it('never takes a row another line item names in words, however similar its vector', async () => {
    // This embedder reads "net income" as capital expenditure; the row is still net income.
    const meaning = await matchByMeaning(computeFigure(capex, docs), docs, new ThesaurusEmbedder({ 'net income': 'capital expenditure', 'vessels and terminals': 'zzz' }));
    expect([...meaning]).toEqual([]);
  });

  it('never takes a row whose words the line item excludes', async () => {
    const income = tablesOf(`Consolidated Statements of Operations

(In millions) | 2022 | 2021
Cost of fares collected | 610 | 580
Operating income | 188 | 161`).tables;
    const revenue = askedFigure('What was FY2022 revenue?')!;
    const byWords = computeFigure(revenue, [{ docId: 'f', tables: income }]);
    expect(byWords.value).toBeUndefined();
    const meaning = await matchByMeaning(byWords, [{ docId: 'f', tables: income }], new ThesaurusEmbedder({ 'cost of fares collected': 'revenue' }));
    expect(meaning.has('revenue')).toBe(false);
  });

  it('keeps the row words match over a row matched by meaning', () => {
    const both = tablesOf(`${CASH_FLOW}\nPurchases of property and equipment | (300) | (270)`).tables;
    const figure = computeFigure(capex, [{ docId: 'f', tables: both }], new Map([['capital_expenditure', { label: 'Additions to vessels and terminals', similarity: 0.9 }]]));
    expect(figure.steps[0].inputs[0]).toMatchObject({ label: 'Purchases of property and equipment' });
    expect(figure.steps[0].inputs[0].meaning).toBeUndefined();
  });

  it('matches a label input of a defined formula by meaning too', async () => {
    const lab = tablesOf(`Lipid panel

Test | Result
LDL cholesterol | 131
HDL cholesterol | 52`).tables;
    const asked = askedFigure('What is the ratio of bad cholesterol to good cholesterol? The ratio is defined as bad cholesterol / good cholesterol.')!;
    const byWords = computeFigure(asked, [{ docId: 'lab', tables: lab }]);
    expect(byWords.value).toBeUndefined();
    const embedder = new ThesaurusEmbedder({ 'ldl cholesterol': 'bad cholesterol', 'hdl cholesterol': 'good cholesterol' });
    const meaning = await matchByMeaning(byWords, [{ docId: 'lab', tables: lab }], embedder);
    const figure = computeFigure(asked, [{ docId: 'lab', tables: lab }], meaning);
    expect(figure.value).toBeCloseTo(131 / 52, 6);
  });
});
