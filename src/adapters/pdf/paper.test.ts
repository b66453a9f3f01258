import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../core/types';
import { parsePdf } from './node';
import { paperPdf } from '../../../scripts/fixtures/paper-pdf';

/** The section path of the section holding a phrase of the text. */
function sectionOf(doc: ParsedDocument, phrase: string): string {
  const where = doc.text.search(new RegExp(phrase.split(' ').join('\\s+')));
  expect(where, `"${phrase}" in the text`).toBeGreaterThanOrEqual(0);
  return doc.sections.find((s) => s.start <= where && where < s.end)?.path.join(' › ') ?? '(none)';
}

describe('a two-column research paper', () => {
  it('keeps its title over two centred lines whole, and follows its own numbered headings, a heading beside body text in the other column included', async () => {
    const doc = await parsePdf(paperPdf({ outline: 'none' }), 'paper.pdf');
    expect(doc.title).toBe('Gauge-Sparse Tide Forecasting for Small Harbours with Seasonal Residual Models');
    expect(doc.sections.map((s) => s.path.join(' › '))).toEqual([
      'Abstract',
      '1. Introduction',
      '2. Overview: Example Forecast Run',
      '3. Seasonal Residual Models',
      '3. Seasonal Residual Models › 3.1 Residual Terms',
      '3. Seasonal Residual Models › 3.2 Surge Handling',
      '4. Evaluation',
      '5. Related Work',
      '6. Conclusion',
    ]);
    expect(sectionOf(doc, 'high water arrives twelve minutes later')).toBe('2. Overview: Example Forecast Run');
    expect(sectionOf(doc, 'with a half-life of sixty days')).toBe('3. Seasonal Residual Models › 3.1 Residual Terms');
    expect(sectionOf(doc, 'one reading in forty was held out')).toBe('3. Seasonal Residual Models › 3.2 Surge Handling');
    expect(sectionOf(doc, 'the median error in the time of high water was nine minutes')).toBe('4. Evaluation');
    expect(sectionOf(doc, 'We thank the volunteers')).toBe('6. Conclusion');
  });

  it('places bookmarks that drop the section numbers the page prints at their headings', async () => {
    const doc = await parsePdf(paperPdf({ outline: 'unnumbered' }), 'paper.pdf');
    expect(doc.sections.map((s) => s.path.join(' › '))).toEqual([
      'Abstract',
      'Introduction',
      'Overview: Example Forecast Run',
      'Seasonal Residual Models',
      'Residual Terms',
      'Surge Handling',
      'Evaluation',
      'Related Work',
      'Conclusion',
    ]);
    expect(sectionOf(doc, 'high water arrives twelve minutes later')).toBe('Overview: Example Forecast Run');
    expect(sectionOf(doc, 'one reading in forty was held out')).toBe('Surge Handling');
    expect(sectionOf(doc, 'We thank the volunteers')).toBe('Conclusion');
  });
});
