import { describe, expect, it } from 'vitest';
import { packTableRows } from './tables';
import { sentencesOf } from '../../testing/vectors';

const ROWS = ['Revenues | $9,070 | $9,061', 'Gross profit | 3,962 | 4,123', 'Net income | 950 | 1,249'];

describe('packTableRows', () => {
  it('packs the rows of one table, with its caption line, into one unit', () => {
    const { text, sentences } = sentencesOf(['Quarterly results:', ...ROWS], '\n');
    const units = packTableRows(text, sentences, 500);
    expect(units).toHaveLength(1);
    expect(units[0]).toMatchObject({ index: 0, start: 0, end: text.length, text });
  });

  it('leaves prose, list items and separate paragraphs alone', () => {
    const { text, sentences } = sentencesOf(['Sales rose.', 'Costs fell.'], ' ');
    expect(packTableRows(text, sentences, 500)).toEqual(sentences);
    const list = sentencesOf(['- first item', '- second item'], '\n');
    expect(packTableRows(list.text, list.sentences, 500)).toEqual(list.sentences);
    const paragraphs = sentencesOf([ROWS[0], ROWS[1]], '\n\n');
    expect(packTableRows(paragraphs.text, paragraphs.sentences, 500).map((u) => u.text)).toEqual([ROWS[0], ROWS[1]]);
  });

  it('starts a new unit when the next row would not fit, and renumbers', () => {
    const { text, sentences } = sentencesOf(['Intro sentence.', ...ROWS], '\n');
    const limit = ROWS[0].length + 1 + ROWS[1].length;
    const units = packTableRows(text, sentences.slice(1), limit);
    expect(units.map((u) => u.text)).toEqual([`${ROWS[0]}\n${ROWS[1]}`, ROWS[2]]);
    expect(units.map((u) => u.index)).toEqual([0, 1]);
    // the intro sentence ends with a terminator but is still a line of the paragraph: it joins
    expect(packTableRows(text, sentences, 500)).toHaveLength(1);
  });

  it('does not pack across a section boundary', () => {
    const { text, sentences } = sentencesOf(ROWS, '\n');
    const cut = sentences[2].start;
    const sections = [
      { start: 0, end: cut, path: ['Results'] },
      { start: cut, end: text.length, path: ['Income'] },
    ];
    expect(packTableRows(text, sentences, 500, sections).map((u) => u.text)).toEqual([`${ROWS[0]}\n${ROWS[1]}`, ROWS[2]]);
  });
});
