import { describe, expect, it } from 'vitest';
import { chunkHeader, withHeader } from './header';

describe('chunkHeader', () => {
  it('joins title and section path, skipping blanks and repeats', () => {
    expect(chunkHeader('NIKE, Inc.', ['PART II', 'Item 8.  Financial Statements', 'nike, inc.', ' '])).toBe('NIKE, Inc. › PART II › Item 8. Financial Statements');
    expect(chunkHeader('Notes', [])).toBe('Notes');
  });

  it('adds a document summary on its own line', () => {
    expect(chunkHeader('Report', ['Sales'], ' Annual report of a kelp farm. ')).toBe('Report › Sales\nAnnual report of a kelp farm.');
  });

  it('puts the header before the text for search, and leaves header-less chunks alone', () => {
    expect(withHeader({ text: 'Revenue rose.', header: 'Report › Sales' })).toBe('Report › Sales\nRevenue rose.');
    expect(withHeader({ text: 'Revenue rose.' })).toBe('Revenue rose.');
  });
});
