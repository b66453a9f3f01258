import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { inventedFacts, rewriteQuery } from './rewrite';

describe('inventedFacts', () => {
  it('finds a figure or a name the question does not state', () => {
    expect(inventedFacts('What is the FY2018 capital expenditure for 3M?', 'FY2018 capital expenditure for 3M was $1.1 trillion')).toEqual(['$1.1 trillion']);
    expect(inventedFacts('What drove revenue growth at Nike?', 'Nike and Adidas revenue growth drivers')).toEqual(['Adidas']);
  });

  it('lets a rewrite reword, keeping the question’s own figures, names and statement words', () => {
    expect(inventedFacts('What is the FY2018 capital expenditure for 3M?', '3M capital expenditures (purchases of property, plant and equipment) in fiscal year 2018')).toEqual([]);
    expect(inventedFacts('nike revenue 2021?', 'Nike total revenues in the Consolidated Statements of Income, 2021')).toEqual([]);
  });
});

describe('rewriteQuery', () => {
  it('uses the original question when the rewrite invents a figure, and says why', async () => {
    const engine = new ScriptedEngine([], [], 'FY2018 capital expenditure for 3M was $1.1 trillion');
    const r = await rewriteQuery(engine, 'What is the FY2018 capital expenditure for 3M?');
    expect(r.rewritten).toBe('What is the FY2018 capital expenditure for 3M?');
    expect(r.problem).toMatch(/added “\$1\.1 trillion”, which the question does not say; the original was used/);
  });

  it('uses a faithful rewrite', async () => {
    const engine = new ScriptedEngine([], [], 'Rewritten query: 3M capital expenditures in fiscal 2018');
    expect((await rewriteQuery(engine, 'What is the FY2018 capital expenditure for 3M?')).rewritten).toBe('3M capital expenditures in fiscal 2018');
  });
});
