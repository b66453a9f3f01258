import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { cleanSummary, summarizeDocument } from './summary';

describe('summarizeDocument', () => {
  it('asks for one sentence about the document and keeps only that sentence', async () => {
    const engine = new ScriptedEngine([{ match: /Title: Kelp report/, reply: 'Summary: "The annual report of a kelp farm, covering its 2023 harvest." It also says more.' }]);
    expect(await summarizeDocument(engine, 'Kelp report', 'In 2023 the farms harvested 12,400 tonnes.')).toBe('The annual report of a kelp farm, covering its 2023 harvest.');
    expect(engine.calls[0].messages[1].content).toContain('In 2023 the farms harvested');
  });

  it('gives nothing for replies without a usable sentence, and cuts long ones', () => {
    expect(cleanSummary('')).toBeUndefined();
    expect(cleanSummary('...\n42')).toBeUndefined();
    expect(cleanSummary('Ok.')).toBeUndefined();
    const long = cleanSummary(`A ${'very '.repeat(80)}long sentence without an end`)!;
    expect(long.length).toBeLessThanOrEqual(240);
    expect(long.endsWith('…')).toBe(true);
  });
});
