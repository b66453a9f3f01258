import { describe, expect, it } from 'vitest';
import { embeddingText } from './embedding-text';

describe('embeddingText', () => {
  it('keeps prose as it is, figures included', () => {
    const s = 'Revenues rose 4% to $36.4 billion in fiscal 2018.';
    expect(embeddingText(s)).toBe(s);
  });

  it('keeps Chinese, Japanese and Korean text, so different CJK chunks give different texts', () => {
    const zh = '我们公司今年的营业收入大幅增长，利润也创下新高。';
    const ja = '東京都の人口は昨年から少し増えました。';
    const ko = '올해 매출이 크게 늘었습니다.';
    for (const s of [zh, ja, ko]) expect(embeddingText(s)).toBe(s);
    const rows = ['项目 | 2022 | 2021', '营业收入 | １，２３４ | 1,100', '净利润 | ￥500 | （20）'].join('\n');
    expect(embeddingText(rows)).toContain('营业收入');
    expect(embeddingText(rows)).toContain('净利润');
    expect(new Set([zh, ja, ko].map(embeddingText)).size).toBe(3);
  });

  it('drops figure-only cells from table rows but keeps labels, headings and years', () => {
    const table = [
      '(Dollars in millions) | Fiscal 2018 | FY2017 | 2016 | % Change',
      'Gross margin | 43.8% | 44.6% | (80) bps | (160bps | —',
      'Net income (loss) | $ 950 | (1,249) | 2.5x | 12 pts | 3*',
    ].join('\n');
    expect(embeddingText(table)).toBe(['(Dollars in millions) | Fiscal 2018 | FY2017 | 2016 | % Change', 'Gross margin', 'Net income (loss)'].join('\n'));
  });

  it('drops rows that are figures only, and keeps the text when nothing would remain', () => {
    expect(embeddingText('Balance sheet\n1,200 | 3,400\nTotal assets | 9')).toBe('Balance sheet\nTotal assets');
    expect(embeddingText('1,200 | 3,400')).toBe('1,200 | 3,400');
  });
});
