import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { tokenize } from './tokenize';
import { KeywordIndex } from './bm25';
import type { Chunk } from '../types';

function chunk(docId: string, index: number, text: string): Chunk {
  return { id: `${docId}#${index}`, docId, index, text, start: 0, end: text.length, sectionPath: [], sentenceStart: index, sentenceEnd: index + 1 };
}

describe('tokenize', () => {
  const defaultTokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

  it('splits non-CJK text exactly like MiniSearch', () => {
    for (const text of ['Net income, 2022: $4.5m (up 3%)', 'naïve café—déjà vu\nl’été', 'Привет мир', 'مرحبا بالعالم', '  a  ', '']) {
      expect(tokenize(text)).toEqual(defaultTokenize(text));
    }
  });

  it('splits runs of CJK into words', () => {
    const zh = tokenize('我们在北京大学学习。');
    expect(zh).toContain('北京');
    expect(zh.length).toBeGreaterThan(2);
    expect(tokenize('東京は日本の首都です')).toContain('首都');
    expect(tokenize('revenue東京report')).toEqual(expect.arrayContaining(['revenue', '東京', 'report']));
  });
});

describe('KeywordIndex with CJK text', () => {
  const index = KeywordIndex.create();
  index.add([
    chunk('zh', 0, '我们公司今年的营业收入大幅增长，利润也创下新高。'),
    chunk('ja', 0, '東京都の人口は昨年から少し増えましたが、地方では減少が続いています。'),
    chunk('en', 0, 'Revenue grew strongly this year.'),
  ]);

  it('finds a Chinese chunk by a word in the middle of a sentence', () => {
    expect(index.search('营业收入').map((h) => h.id)).toEqual(['zh#0']);
  });

  it('finds a Japanese chunk by a word in the middle of a sentence', () => {
    expect(index.search('人口').map((h) => h.id)).toEqual(['ja#0']);
    expect(index.search('地方の状況').map((h) => h.id)[0]).toBe('ja#0');
  });

  it('survives a JSON round trip', () => {
    const copy = KeywordIndex.create();
    copy.load('ja', index.segment('ja'));
    expect(copy.search('人口').map((h) => h.id)).toEqual(['ja#0']);
  });
});
