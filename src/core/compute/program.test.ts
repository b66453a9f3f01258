import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { docOf } from '../../testing/table-docs';
import { readTables } from '../tables';
import { askedFigure } from './question';
import { computeFigure } from './compute';
import { programCells, programOfThought, programPrompt } from './program';
import { figureText } from './answer-text';

const BALANCE = [
  'Harbor Tools Inc. Consolidated Balance Sheets',
  '(In millions) | 2023 | 2022',
  'Total current assets | 1,240 | 1,100',
  'Total current liabilities | 800 | 880',
].join('\n');
const QUESTION = 'What is the FY2023 current ratio for Harbor Tools? Round to two decimal places.';

function figure() {
  const doc = docOf(BALANCE);
  const asked = askedFigure(QUESTION)!;
  return computeFigure(asked, [{ docId: 'h', tables: readTables(doc.text, doc.pages) }]);
}

describe('program of thought', () => {
  it('names each cell once and shows the model its value, label and year', () => {
    const f = figure();
    const cells = programCells(f);
    expect(cells.map((c) => c.name)).toEqual(['c1', 'c2']);
    const prompt = programPrompt(QUESTION, cells, false);
    expect(prompt[1].content).toContain('c1 = 1240000000 (Total current assets, FY2023');
    expect(prompt[1].content).toContain('c2 = 800000000 (Total current liabilities, FY2023');
  });

  it("evaluates the model's expression with Sieve's parser and says when Sieve's formula agrees", async () => {
    const engine = new ScriptedEngine([{ match: /Expression:/, reply: 'Expression: c1 / c2 = 1.55' }]);
    const out = await programOfThought(engine, QUESTION, figure());
    expect(out).toMatchObject({ ok: true, expression: 'c1 / c2', agrees: true });
    if (out.ok) expect(out.value).toBeCloseTo(1.55, 2);
  });

  it('refuses a reply that is not arithmetic over the given cells, naming why', async () => {
    for (const [reply, why] of [
      ['I think the ratio is healthy.', /no expression/],
      ['c1 / c9', /do not exist \(c9\)/],
      ['c1.constructor(c2)', /could not be used/],
    ] as const) {
      const out = await programOfThought(new ScriptedEngine([{ match: /Expression:/, reply }]), QUESTION, figure());
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.problem).toMatch(why);
    }
  });

  it("keeps a standard metric's value when the model's expression differs, and shows both", async () => {
    const f = figure();
    const out = await programOfThought(new ScriptedEngine([{ match: /Expression:/, reply: 'c2 / c1' }]), QUESTION, f);
    const text = figureText(f, QUESTION, () => 1, out);
    expect(text.headline).toContain('1.55');
    expect(text.computation.join('\n')).toMatch(/the language model's expression: .* = 0\.65/);
    expect(text.computation.join('\n')).toMatch(/Sieve’s formula gives 1\.55, shown above; the model's differs/);
    const refused = figureText(f, QUESTION, () => 1, await programOfThought(new ScriptedEngine([], [], 'no idea'), QUESTION, f));
    expect(refused.headline).toContain('1.55');
    expect(refused.basis).toMatch(/not used \(the model wrote no expression\)/);
  });

  it("keeps the question's own definition's value first when the model's expression differs, the model's beside it", async () => {
    const defined = `${QUESTION} The current ratio is defined as total current assets / total current liabilities.`;
    const doc = docOf(BALANCE);
    const f = computeFigure(askedFigure(defined)!, [{ docId: 'h', tables: readTables(doc.text, doc.pages) }]);
    const out = await programOfThought(new ScriptedEngine([{ match: /Expression:/, reply: 'c2 / c1' }]), defined, f);
    const text = figureText(f, defined, () => 1, out);
    expect(text.headline).toContain('1.55');
    expect(text.computation.join('\n')).toMatch(/the language model's expression: .* = 0\.65/);
    expect(text.computation.join('\n')).toMatch(/Sieve’s formula gives 1\.55, shown above; the model's differs/);
    expect(text.basis).not.toMatch(/The language model wrote the expression/);
  });
});
