import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AttributionReport } from '../../core/attribution';
import { AttributionLine } from './Attribution';

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

  it('says Sieve’s quotes use their sources by construction', () => {
    const html = line({ copied: 1 }, true);
    expect(html).toContain('quotes its sources, so it cites 4 and uses 4 of 4 sources by construction');
    expect(html).not.toContain('completeness');
  });
});
