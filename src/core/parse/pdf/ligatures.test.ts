import { describe, expect, it } from 'vitest';
import { Vocabulary } from './hyphenation';
import { unmappedMender, UNMAPPED } from './ligatures';

const mendUnmapped = (text: string, v: Vocabulary) => unmappedMender(v)(text);
import { parsePdfSource } from './parse';
import { page, prose, source } from '../../../testing/synthetic-pdf';

const M = UNMAPPED;

function vocabulary(...lines: string[]): Vocabulary {
  const v = new Vocabulary();
  v.addLines(lines);
  return v;
}

describe('mendUnmapped', () => {
  it('fills a glyph with no text by the spelling the document prints elsewhere', () => {
    const v = vocabulary('The Corporation reported its operations.', 'Other corporations did too.');
    expect(mendUnmapped(`Oracle Corpora${M}on and its opera${M}ons`, v)).toBe('Oracle Corporation and its operations');
  });

  it('where the document never prints the word whole, takes the letters it lacks that make the likeliest English word', () => {
    // A font whose fi, ff and fl glyphs read back as marks: the text prints no fi, ff or fl, but plenty of ti, th and st.
    const noF = vocabulary(
      'The statement of the position and the estimates of the auditors at the station, the third time.',
      'Most of these institutions stated that the options tested the strategy with the authorities.',
    );
    expect(mendUnmapped(`${M}nancial`, noF)).toBe('financial');
    expect(mendUnmapped(`E${M}ective cash ${M}ow`, noF)).toBe('Effective cash flow');
    // A font whose ti and tt glyphs read back as marks: no ti or tt left, but fi, ff and fl plenty.
    const noT = vocabulary(
      'The first filing was final and fine; we find the field and file fifteen figures.',
      'An offer differs from the staff effort; the fleet flew over the flood flats of the far side.',
    );
    expect(mendUnmapped(`Corpora${M}on and its commi${M}ee`, noT)).toBe('Corporation and its committee');
  });

  it('removes a glyph with no text that is not inside a word, and leaves text without one untouched', () => {
    const v = vocabulary('Nothing here.');
    expect(mendUnmapped(`Total ${M} 3${M}`, v)).toBe('Total  3');
    expect(mendUnmapped('Plain text.', v)).toBe('Plain text.');
  });
});

describe('parsePdfSource: ligatures without text', () => {
  it('mends words whose ligature glyphs read back as U+0000, so they can be searched', () => {
    const doc = parsePdfSource(
      source([
        page(1, [
          ...prose(100, ['Oracle Corporation describes its operations and its consolidated', 'statements below, with notes.']),
          ...prose(160, ['Oracle Corpora\u0000on reported results of opera\u0000ons for the year.']),
        ]),
      ]),
      'oracle.pdf',
    );
    expect(doc.text).toContain('Oracle Corporation reported results of operations for the year.');
    expect(doc.text).not.toContain(UNMAPPED);
  });
});
