import { describe, expect, it } from 'vitest';
import { IngestError } from '../errors';
import { parsePlainText } from './text';

describe('parsePlainText', () => {
  it('titles the document with the file name and returns the text kind', () => {
    const doc = parsePlainText('Hello there.', 'dir/notes.final.txt');
    expect(doc).toMatchObject({ kind: 'text', title: 'notes.final', pages: [], warnings: [] });
  });

  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    const text = 'This report was typed\nwith hard wraps.\n \t\nSecond\r\nparagraph.\n\n\n\nThird.';
    expect(parsePlainText(text, 'a.txt').text).toBe('This report was typed with hard wraps.\n\nSecond paragraph.\n\nThird.');
  });

  it('keeps list items as lines and attaches wrapped continuations to them', () => {
    const text = 'Points:\n- first point that\n  wraps here\n- second\n• third\n2) fourth';
    expect(parsePlainText(text, 'a.txt').text).toBe('Points:\n- first point that wraps here\n- second\n• third\n2) fourth');
  });

  it('turns column-aligned and tab-separated lines into table rows', () => {
    const text = 'Item        2023      2022\nRevenue     1,200     1,100\nCosts\t900\t850';
    expect(parsePlainText(text, 'a.txt').text).toBe('Item | 2023 | 2022\nRevenue | 1,200 | 1,100\nCosts | 900 | 850');
  });

  it('does not mistake double spaces after sentences for columns', () => {
    expect(parsePlainText('One sentence.  Another one.  A third.', 'a.txt').text).toBe('One sentence. Another one. A third.');
  });

  it('recognises lone ALL-CAPS lines, numbered titles and underlined lines as headings', () => {
    const text = 'QUARTERLY NOTES\n\nIntro text.\n\n1. Introduction\n\nBody.\n\n1.1 Scope\n\nDetails.\n\nSummary\n=======\n\nEnd.';
    const doc = parsePlainText(text, 'a.txt');
    expect(doc.sections.map((s) => s.path)).toEqual([['QUARTERLY NOTES'], ['1. Introduction'], ['1. Introduction', '1.1 Scope'], ['Summary']]);
    expect(doc.text).toBe('QUARTERLY NOTES\n\nIntro text.\n\n1. Introduction\n\nBody.\n\n1.1 Scope\n\nDetails.\n\nSummary\n\nEnd.');
  });

  it('is conservative: sentences, long lines and lines inside paragraphs are not headings', () => {
    const text = 'NOTE: THIS IS IMPORTANT.\n\n1. We shipped the product, then we shipped the next one and the next one too.\n\nINTRO\ntext right after\n\n2023';
    expect(parsePlainText(text, 'a.txt').sections).toEqual([]);
  });

  it('rejects empty and blank files', () => {
    expect(() => parsePlainText(new ArrayBuffer(0), 'empty.txt')).toThrowError(IngestError);
    expect(() => parsePlainText(new TextEncoder().encode('\n \t \n'), 'blank.txt')).toThrowError(/blank space/);
  });
});
