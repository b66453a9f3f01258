import { describe, expect, it } from 'vitest';
import { ocrLabel, stageText } from './format';

describe('OCR in the UI text', () => {
  it('names the page OCR is reading in the job row', () => {
    expect(stageText({ stage: 'ocr', done: 0, total: 3 })).toBe('OCR page 1 / 3');
    expect(stageText({ stage: 'ocr', done: 3, total: 3 })).toBe('OCR page 3 / 3');
    expect(stageText({ stage: 'embedding', done: 5, total: 10 })).toBe('Embedding');
  });

  it('labels OCR text with its rounded confidence', () => {
    expect(ocrLabel({ confidence: 86.6 })).toBe('OCR 87%');
  });
});
