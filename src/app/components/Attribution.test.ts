import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AttributionReport } from '../../core/attribution';
import { AttributionLine, SourceUse, quotedLine } from './Attribution';

const totals = { sources: 4, cited: 4, used: 4, meanUtilization: 0.9, completeness: 0.86, threshold: 0.7 } as AttributionReport['totals'];
const line = (report: Partial<AttributionReport>, extractive = false) =>
  renderToStaticMarkup(createElement(AttributionLine, { report: { sources: [], answerSupport: [], totals, ...report } as AttributionReport, extractive }));

describe('AttributionLine', () => {
  it('gives the figures for an answer in the model’s own words', () => {
    expect(line({ copied: 0.1 })).toContain('the answer cites 4 and uses 4 of 4 sources; utilization of the used ones 90%; completeness 86%');
  });

  it('does not offer the figures as reassurance for an answer that copies its sources', () => {
    const html = line({ copied: 0.95 });
    expect(html).toContain('copies its sources word for word (95% of its words)');
    expect(html).toContain('which shows copying, not that the model understood them');
    expect(html).not.toContain('completeness');
  });

  it('says in a user’s words which sources Sieve’s quoted answer quotes, without similarity figures', () => {
    const html = line({ copied: 1 }, true);
    expect(html).toContain('The answer quotes 4 of the 4 sources below.');
    expect(html).not.toContain('completeness');
    expect(html).not.toContain('by construction');
    expect(quotedLine(2, 7, 8)).toBe('The answer quotes 2 of the 8 sources below; 5 more say much the same.');
    expect(quotedLine(1, 2, 3)).toBe('The answer quotes 1 of the 3 sources below; 1 more says much the same.');
    expect(quotedLine(1, 1, 1)).toBe('The answer quotes 1 of the 1 source below.');
  });

  it('labels a quoted answer’s sources quoted, alike or not quoted, with no percentage', () => {
    const sources = [
      { n: 1, cited: true, used: true, utilization: 1, usedSentences: [0], sentences: 1 },
      { n: 2, cited: false, used: true, utilization: 1, usedSentences: [0], sentences: 1 },
      { n: 3, cited: false, used: false, utilization: 0, usedSentences: [], sentences: 2 },
    ];
    const report = { sources, answerSupport: [], totals } as unknown as AttributionReport;
    const badge = (n: number, extractive: boolean) => renderToStaticMarkup(createElement(SourceUse, { report, n, extractive }));
    expect([1, 2, 3].map((n) => badge(n, true))).toEqual([
      expect.stringContaining('>quoted<'),
      expect.stringContaining('>says much the same<'),
      expect.stringContaining('>not quoted<'),
    ]);
    expect(badge(2, false)).toContain('used, not cited · 100%');
  });
});
