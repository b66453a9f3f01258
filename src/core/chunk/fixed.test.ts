import { describe, expect, it } from 'vitest';
import { fixedChunks } from './fixed';
import { sentencesOf } from '../../testing/vectors';

describe('fixedChunks', () => {
  const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
  const { text, sentences } = sentencesOf(words);

  it('covers the text in windows no longer than size, cutting only at whitespace', () => {
    const { chunks } = fixedChunks({ docId: 'd', text, sentences, pages: [], sections: [], size: 100, overlap: 0 });
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(100);
      expect(c.text).toBe(text.slice(c.start, c.end));
      expect(c.text.startsWith('word')).toBe(true);
      expect(/\d$/.test(c.text)).toBe(true);
    }
    expect(chunks.map((c) => c.text).join(' ')).toBe(text);
  });

  it('overlaps consecutive windows by about the overlap', () => {
    const { chunks } = fixedChunks({ docId: 'd', text, sentences, pages: [], sections: [], size: 100, overlap: 30 });
    for (let i = 1; i < chunks.length; i++) {
      const shared = chunks[i - 1].end - chunks[i].start;
      expect(shared).toBeGreaterThan(15);
      expect(shared).toBeLessThanOrEqual(30);
    }
    expect(chunks.at(-1)!.end).toBe(text.length);
  });

  it('records the sentences each chunk overlaps', () => {
    const { chunks } = fixedChunks({ docId: 'd', text, sentences, pages: [], sections: [], size: 100, overlap: 0 });
    const c = chunks[1];
    expect(sentences[c.sentenceStart].start).toBe(c.start);
    expect(sentences[c.sentenceEnd - 1].end).toBe(c.end);
  });

  it('gives no chunks for blank text', () => {
    expect(fixedChunks({ docId: 'd', text: '   ', sentences: [], pages: [], sections: [], size: 10, overlap: 2 }).chunks).toEqual([]);
  });
});
