import { describe, expect, it } from 'vitest';
import type { OcrLine } from './engine';
import { GARBAGE_CONFIDENCE, LOW_CONFIDENCE, judgeOcr, meanConfidence } from './quality';

const line = (text: string, confidence: number): OcrLine => ({ text, confidence, x0: 0, y0: 0, x1: 100, y1: 20, baseline: 16 });

describe('judgeOcr', () => {
  it('keeps a page read with good confidence', () => {
    const judged = judgeOcr({ lines: [line('The harbour was rebuilt in 1921.', 92), line('Its wall is granite.', 88)] });
    expect(judged.verdict).toBe('read');
    expect(judged.lines).toHaveLength(2);
    expect(judged.confidence).toBeGreaterThan(88);
    expect(judged.confidence).toBeLessThan(92);
  });

  it('keeps a page below the low-confidence line, marked low', () => {
    const judged = judgeOcr({ lines: [line('Tbe harhour was rebuilt', LOW_CONFIDENCE - 15)] });
    expect(judged).toMatchObject({ verdict: 'low', confidence: LOW_CONFIDENCE - 15 });
    expect(judged.lines).toHaveLength(1);
  });

  it('drops a page whose text is garbage, keeping its confidence for the warning', () => {
    const judged = judgeOcr({ lines: [line('~~ i1l ;:. ,,', GARBAGE_CONFIDENCE - 5), line('rn mm ii', GARBAGE_CONFIDENCE - 8)] });
    expect(judged.verdict).toBe('garbage');
    expect(judged.lines).toEqual([]);
    expect(judged.confidence).toBeLessThan(GARBAGE_CONFIDENCE);
  });

  it('calls a page with no letters or digits blank', () => {
    expect(judgeOcr({ lines: [] }).verdict).toBe('blank');
    expect(judgeOcr({ lines: [line('. , —', 40)] }).verdict).toBe('blank');
  });

  it('leaves out noise lines without letting them sink a good page', () => {
    const judged = judgeOcr({ lines: [line('A full line of well printed words here.', 95), line('x~', 5)] });
    expect(judged.verdict).toBe('read');
    expect(judged.lines.map((l) => l.text)).toEqual(['A full line of well printed words here.']);
    expect(judged.confidence).toBe(95);
  });
});

describe('meanConfidence', () => {
  it('weights lines by their characters, spaces excluded', () => {
    expect(meanConfidence([line('abcd', 90), line('a b', 60)])).toBe(80);
    expect(meanConfidence([])).toBe(0);
  });
});
