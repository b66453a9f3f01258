import { describe, expect, it } from 'vitest';
import { pagesPhrase, placementNote } from './source-note';

describe('placementNote', () => {
  it('says a placed passage is highlighted, and where a long one continues', () => {
    expect(placementNote({ status: 'found', rects: [], coverage: 1 }, 3, 3, 3)).toEqual({ kind: 'found', text: 'The cited passage is highlighted.' });
    expect(placementNote({ status: 'found', rects: [], coverage: 1 }, 3, 3, 4).text).toBe('The cited passage is highlighted. It continues on page 4.');
    expect(placementNote({ status: 'found', rects: [], coverage: 1 }, 4, 3, 4).text).toBe('The cited passage is highlighted. It begins on page 3.');
  });

  it('says how much of a partly placed passage is highlighted', () => {
    expect(placementNote({ status: 'partial', rects: [], coverage: 0.62 }, 2, 2, 2).text).toMatch(/^Only part of the passage \(62% of its text\)/);
  });

  it('says when a passage could not be placed, and on which page it is', () => {
    const note = placementNote({ status: 'not-found', rects: [], coverage: 0, reason: 'no-text' }, 12, 12, 12);
    expect(note.kind).toBe('not-found');
    expect(note.text).toMatch(/^This passage could not be placed on the page; it is on page 12 of the document\./);
    expect(note.text).toContain('no text layer');
  });

  it('says when the page shown is not one the passage is on', () => {
    expect(placementNote(undefined, 1, 3, 4)).toEqual({ kind: 'elsewhere', text: 'The cited passage is not on this page; it is on pages 3–4 of the document.' });
  });

  it('names pages', () => {
    expect(pagesPhrase(2)).toBe('page 2');
    expect(pagesPhrase(2, 5)).toBe('pages 2–5');
  });
});
