import { describe, expect, it } from 'vitest';
import { isIngestError } from '../errors';
import type { OcrEngine, OcrResult } from '../ocr';
import { readImageText } from './image';

const image = { width: 1000, height: 400, bytes: new Uint8Array([1, 2, 3]) };
const engine = (result: OcrResult): OcrEngine => ({ recognize: async () => result });
const line = (text: string, confidence: number, y: number) => ({ text, confidence, x0: 120, y0: y - 22, x1: 800, y1: y + 8, baseline: y });

describe('readImageText', () => {
  it('reads an image as one OCR page of kind image', async () => {
    const progress: unknown[] = [];
    const doc = await readImageText(
      image,
      engine({ lines: [line('Twelve cinnamon rolls and one rye loaf,', 93, 220), line('paid in cash on Saturday morning.', 91, 264)] }),
      'receipt.png',
      {
        onProgress: (p) => progress.push(p),
      },
    );
    expect(doc.kind).toBe('image');
    expect(doc.text).toBe('Twelve cinnamon rolls and one rye loaf, paid in cash on Saturday morning.');
    expect(doc.pages).toEqual([{ page: 1, start: 0, end: doc.text.length, ocr: { confidence: expect.closeTo(92, 0) } }]);
    expect(doc.warnings).toEqual([]);
    expect(progress).toEqual([
      { stage: 'ocr', done: 0, total: 1 },
      { stage: 'ocr', done: 1, total: 1 },
    ]);
  });

  it('warns about a low-confidence image', async () => {
    const doc = await readImageText(image, engine({ lines: [line('Twe1ve cinnamon ro11s', 50, 220)] }), 'receipt.png');
    expect(doc.warnings).toEqual(['OCR confidence is low (under 60%) on page 1 (50%); check their text before relying on it']);
  });

  it('refuses an image with nothing readable', async () => {
    const error = await readImageText(image, engine({ lines: [] }), 'blank.png').catch((e: unknown) => e);
    expect(isIngestError(error) && error.code).toBe('no-text');
    expect((error as Error).message).toMatch(/^blank\.png: No readable text was found in this image, even by OCR/);
  });
});
