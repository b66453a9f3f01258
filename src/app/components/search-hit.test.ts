import { describe, expect, it } from 'vitest';
import type { Trace } from '../../core/types';
import { openSourceAriaLabel, scoreBarWidth, searchMs } from './search-hit';

describe('a search hit', () => {
  it('labels its link to the passage for a screen reader', () => {
    expect(openSourceAriaLabel({ docTitle: 'Lights', chunk: { pageStart: 2, pageEnd: 2 } as never })).toBe('View page: this passage in Lights, p. 2');
    expect(openSourceAriaLabel({ docTitle: 'Notes', chunk: {} as never })).toBe('View in document: this passage in Notes');
  });

  it('draws its score as a share of 1, and the search’s time in whole milliseconds', () => {
    expect(scoreBarWidth(1.4)).toBe('100.0%');
    expect(scoreBarWidth(-0.2)).toBe('0.0%');
    expect(scoreBarWidth(0.1234)).toBe('12.3%');
    expect(searchMs([{ ms: 1.4 }, { ms: 2.3 }] as Trace[])).toBe('4');
  });
});
