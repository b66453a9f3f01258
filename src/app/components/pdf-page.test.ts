import { describe, expect, it } from 'vitest';
import { drawFailure, isPassagePage, markStyle, pageNote, passageScrollLeft, readyPage, type DrawnPage } from './pdf-page';

const text = { width: 200, height: 400, items: [] };

describe('the PDF page in the source viewer', () => {
  it('knows the pages a passage spans, and any page for a passage without pages', () => {
    expect(isPassagePage({ pageStart: 3, pageEnd: 4 }, 4)).toBe(true);
    expect(isPassagePage({ pageStart: 3, pageEnd: 4 }, 5)).toBe(false);
    expect(isPassagePage({ pageStart: 3 }, 3)).toBe(true);
    expect(isPassagePage({}, 9)).toBe(true);
  });

  it('is ready only when the page asked for was drawn, and says why it could not be drawn', () => {
    const drawn: DrawnPage = { page: 2, text };
    expect(readyPage(drawn, 2)).toBe(drawn);
    expect(readyPage(drawn, 3)).toBeUndefined();
    expect(readyPage({ page: 2, error: 'bad page' }, 2)).toBeUndefined();
    expect(drawFailure(undefined, { page: 2, error: 'bad page' }, 2)).toBe('bad page');
    expect(drawFailure(undefined, { page: 2, error: 'bad page' }, 3)).toBeUndefined();
    expect(drawFailure({ error: 'not a PDF' }, drawn, 2)).toBe('not a PDF');
  });

  it('says nothing until the page is drawn, then where the passage is', () => {
    expect(pageNote(undefined, { pageStart: 2 }, 2)).toBeUndefined();
    const found = { page: 2, text, placement: { status: 'found' as const, rects: [], coverage: 1 } };
    expect(pageNote(found, { pageStart: 2, pageEnd: 2 }, 2)?.kind).toBe('found');
    expect(pageNote({ page: 2, text }, { pageStart: 2, pageEnd: 2 }, 2)?.kind).toBe('not-found');
    expect(pageNote({ page: 5, text }, { pageStart: 2, pageEnd: 2 }, 5)?.kind).toBe('elsewhere');
  });

  it('places highlights in percentages of the page and pans to the passage’s left end', () => {
    expect(markStyle({ x: 50, y: 100, width: 20, height: 40 }, text)).toEqual({ left: '25%', top: '25%', width: '10%', height: '10%' });
    expect(passageScrollLeft([{ x: 100, y: 0, width: 10, height: 10 }], text, 800)).toBe(388);
    expect(passageScrollLeft([{ x: 1, y: 0, width: 10, height: 10 }], text, 800)).toBe(0);
  });
});
