import { describe, expect, it } from 'vitest';
import { foldLetters, locatePassage, mergeLines, passageOnPage, type PageTextItem } from '.';

/** One text item per line, 5 units per character, lines 14 units apart. */
function lines(...rows: string[]): PageTextItem[] {
  return rows.map((str, i) => ({ str, x: 72, y: 100 + 14 * i, width: 5 * str.length, height: 10 }));
}

const PAGE = lines(
  'Annual Report 2023',
  'Company Overview',
  'Brightwater Kelp Co. farms sugar kelp and dulse on longlines anchored in the sheltered',
  'waters of Marrow Sound. The company was founded in 2011 by three former fishermen and',
  'today employs 86 people across its farms, its hatchery and its drying plant.',
  'In 2023 the farms harvested 12,400 tonnes of wet kelp, the largest crop in the history of',
  'the company. Most of the crop was dried at the Tidepool plant in Port Averne, where manu-',
  'facturing of kelp flakes and kelp salt continued through the winter for the first time.',
  'Brightwater Kelp Co.   Page 1 of 3',
);

describe('foldLetters', () => {
  it('keeps only letters and digits, lower-cased, without accents or ligatures', () => {
    expect(foldLetters('Ca\u0301fe\u0301 — ﬁnal, 12,400 t')).toBe('cafefinal12400t');
  });
});

describe('locatePassage: finding a passage', () => {
  it('finds a passage that is exactly on one line, and highlights just its words', () => {
    const p = locatePassage('founded in 2011 by three former fishermen', PAGE);
    expect(p.status).toBe('found');
    expect(p.coverage).toBe(1);
    expect(p.rects).toHaveLength(1);
    const line = PAGE[3];
    const start = line.str.indexOf('founded');
    expect(p.rects[0].y).toBe(line.y);
    expect(p.rects[0].x).toBeCloseTo(72 + 5 * start);
    expect(p.rects[0].width).toBeCloseTo(5 * 'founded in 2011 by three former fishermen'.length);
  });

  it('finds a passage across line breaks and undone hyphenation, one rectangle per line', () => {
    // As the parser stores it: lines joined, "manu-" + "facturing" rejoined.
    const passage =
      'Most of the crop was dried at the Tidepool plant in Port Averne, where manufacturing of kelp flakes and kelp salt continued through the winter for the first time.';
    const p = locatePassage(passage, PAGE);
    expect(p.status).toBe('found');
    expect(p.coverage).toBe(1);
    expect(p.rects.map((r) => r.y)).toEqual([PAGE[6].y, PAGE[7].y]);
    // The second line is covered from its start to its last word (the full stop is not a letter).
    expect(p.rects[1].x).toBe(72);
    expect(p.rects[1].width).toBeCloseTo(PAGE[7].width - 5);
    // The first starts at "Most", not at the start of the line.
    expect(p.rects[0].x).toBeCloseTo(72 + 5 * PAGE[6].str.indexOf('Most'));
  });

  it('ignores whitespace, case, punctuation and letter-spaced words', () => {
    const spaced = lines('C ash  Flow s from operating activities were 4,210 in 2023');
    const p = locatePassage('Cash Flows from operating ACTIVITIES were 4210 in 2023.', spaced);
    expect(p.status).toBe('found');
    expect(p.rects).toHaveLength(1);
  });

  it('places a passage whose page has a running footer in the middle of it', () => {
    const page = lines('the kelp harvest grew by a fifth in the year', 'Brightwater Kelp Co.   Page 1 of 3', 'and the hatchery doubled its output of seed string');
    const p = locatePassage('the kelp harvest grew by a fifth in the year and the hatchery doubled its output of seed string', page);
    expect(p.status).toBe('found');
    expect(p.rects.map((r) => r.y)).toEqual([page[0].y, page[2].y]);
  });

  it('keeps the passage order: a repeated phrase is matched where the passage continues', () => {
    const page = lines(
      'The board approved a new solar dryer.',
      'Other business followed at length today.',
      'The board approved a new solar dryer for the Tidepool plant which should halve the energy used',
    );
    const p = locatePassage('The board approved a new solar dryer for the Tidepool plant, which should halve the energy used', page);
    expect(p.status).toBe('found');
    expect(p.rects.map((r) => r.y)).toEqual([page[2].y]);
  });
});

describe('locatePassage: the rectangles it highlights', () => {
  it('highlights the cells of a table row, not the blank between them', () => {
    const page: PageTextItem[] = [
      { str: 'North Reach', x: 72, y: 200, width: 56, height: 10 },
      { str: ' ', x: 128, y: 200, width: 172, height: 10 },
      { str: '4,210', x: 300, y: 200, width: 25, height: 10 },
      { str: '3,980', x: 380, y: 200, width: 25, height: 10 },
    ];
    const p = locatePassage('North Reach | 4,210 | 3,980', page);
    expect(p.status).toBe('found');
    expect(p.rects).toEqual([
      { x: 72, y: 200, width: 56, height: 10 },
      { x: 300, y: 200, width: 25, height: 10 },
      { x: 380, y: 200, width: 25, height: 10 },
    ]);
  });

  it('merges the touching items of one line into one rectangle', () => {
    const page: PageTextItem[] = [
      { str: 'Net sales ', x: 72, y: 200, width: 50, height: 10 },
      { str: 'rose by a fifth', x: 122, y: 200, width: 75, height: 10 },
    ];
    expect(locatePassage('Net sales rose by a fifth', page).rects).toEqual([{ x: 72, y: 200, width: 125, height: 10 }]);
  });

  it('uses a rotated item whole', () => {
    const page: PageTextItem[] = [{ str: 'Vertical caption about the kelp harvest', x: 20, y: 300, width: 10, height: 200, rotated: true }];
    const p = locatePassage('caption about the kelp harvest', page);
    expect(p.status).toBe('found');
    expect(p.rects).toEqual([{ x: 20, y: 300, width: 10, height: 200 }]);
  });
});

describe('locatePassage: passages it cannot place in full', () => {
  it('labels a passage that is not on the page as not found, with nothing to highlight', () => {
    const p = locatePassage('Storm damage in February cost the company about two weeks of harvesting at Gull Point.', PAGE);
    expect(p).toMatchObject({ status: 'not-found', rects: [], reason: 'no-match' });
    expect(p.coverage).toBe(0);
  });

  it('labels a page without a text layer (a scan read by OCR) as not found', () => {
    expect(locatePassage('Willowmere pear harvest', [])).toMatchObject({ status: 'not-found', reason: 'no-text', rects: [] });
    expect(locatePassage('Willowmere pear harvest', lines('', ' '))).toMatchObject({ status: 'not-found', reason: 'no-text' });
  });

  it('does not trust scattered short matches: OCR-garbled text is not placed', () => {
    // The same words, but no stretch of 12 letters survives.
    const garbled = lines('Tbe cornpany was f0unded in 2O11 by tbree forrner fisherrnen');
    const p = locatePassage('The company was founded in 2011 by three former fishermen', garbled);
    expect(p.status).toBe('not-found');
    expect(p.rects).toEqual([]);
  });

  it('highlights only the part it could place, and says it is partial', () => {
    const passage =
      'In 2023 the farms harvested 12,400 tonnes of wet kelp, the largest crop in the history of the company. The new drying plant in Lowhaven opened in September with twelve staff.';
    const p = locatePassage(passage, PAGE);
    expect(p.status).toBe('partial');
    expect(p.coverage).toBeGreaterThan(0.5);
    expect(p.coverage).toBeLessThan(0.85);
    expect(p.rects.map((r) => r.y)).toEqual([PAGE[5].y, PAGE[6].y]);
  });

  it('refuses to choose between two places for a short passage', () => {
    const page = lines('Net sales rose in the year.', 'Costs fell.', 'Net sales rose in the year.');
    expect(locatePassage('Net sales rose', page)).toMatchObject({ status: 'not-found', reason: 'ambiguous' });
  });

  it('says an empty passage cannot be placed', () => {
    expect(locatePassage(' — ', PAGE)).toMatchObject({ status: 'not-found', reason: 'empty-passage' });
  });
});

describe('mergeLines', () => {
  it('keeps separate lines and far-apart boxes apart', () => {
    const out = mergeLines([
      { x: 300, y: 10, width: 20, height: 10 },
      { x: 10, y: 10, width: 20, height: 10 },
      { x: 10, y: 30, width: 20, height: 10 },
    ]);
    expect(out).toEqual([
      { x: 10, y: 10, width: 20, height: 10 },
      { x: 300, y: 10, width: 20, height: 10 },
      { x: 10, y: 30, width: 20, height: 10 },
    ]);
  });
});

describe('passageOnPage', () => {
  const text = 'page one text. page two text.';
  it('cuts a passage to the part on a page', () => {
    const passage = { start: 5, end: 24 };
    expect(passageOnPage(text, passage, { start: 0, end: 15 })).toBe('one text. ');
    expect(passageOnPage(text, passage, { start: 15, end: 29 })).toBe('page two ');
    expect(passageOnPage(text, { start: 0, end: 4 }, { start: 15, end: 29 })).toBe('');
    expect(passageOnPage(text, passage, undefined)).toBe('');
  });
});
