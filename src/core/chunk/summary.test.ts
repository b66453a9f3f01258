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
    const long = cleanSummary(`A ${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')} long sentence without an end`)!;
    expect(long.length).toBeLessThanOrEqual(240);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('cleanSummary refuses a reply caught in a loop', () => {
  it('drops a sentence that repeats a run of words, keeps one that does not', () => {
    expect(
      cleanSummary('The 2022 report on Orchard Beekeeping notes that the 2022 report on Orchard Beekeeping notes that the 2022 report on Orchard Beekeeping notes that the 20'),
    ).toBeUndefined();
    expect(cleanSummary('Notes on the hives of an orchard, covering honey harvests and mite treatment.')).toBe(
      'Notes on the hives of an orchard, covering honey harvests and mite treatment.',
    );
  });
});
