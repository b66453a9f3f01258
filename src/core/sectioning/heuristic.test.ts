import { describe, expect, it } from 'vitest';
import type { ParsedDocument, SectionSpan } from '../types';
import { heuristicSections, isTitleLike, needsSectioning } from './heuristic';
import { ferry, kelp, twoTopics } from '../../testing/sectioning-fixtures';

function checkWellFormed(text: string, sections: SectionSpan[]) {
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i];
    expect(s.start).toBeLessThan(s.end);
    expect(s.end).toBeLessThanOrEqual(text.length);
    expect(s.path).toHaveLength(1);
    expect(s.path[0].length).toBeGreaterThan(0);
    expect(text.slice(s.start, s.end)).toBe(text.slice(s.start, s.end).trim());
    if (i > 0) expect(s.start).toBeGreaterThanOrEqual(sections[i - 1].end);
  }
}

const doc = (text: string, sections: SectionSpan[] = []): ParsedDocument => ({ kind: 'text', title: 't', text, pages: [], sections, warnings: [] });

describe('needsSectioning', () => {
  const long = kelp(10).join('\n\n');
  it('is false for short documents', () => {
    expect(needsSectioning(doc('Short text.'))).toBe(false);
  });
  it('is true for a long document without sections or with one', () => {
    expect(needsSectioning(doc(long))).toBe(true);
    expect(needsSectioning(doc(long, [{ start: 0, end: long.length, path: ['All'] }]))).toBe(true);
  });
  it('is true when sections cover less than half of the text', () => {
    expect(
      needsSectioning(
        doc(long, [
          { start: 0, end: 100, path: ['A'] },
          { start: 100, end: 300, path: ['B'] },
        ]),
      ),
    ).toBe(true);
  });
  it('is false when sections describe the document', () => {
    const mid = Math.floor(long.length / 2);
    expect(
      needsSectioning(
        doc(long, [
          { start: 0, end: mid, path: ['A'] },
          { start: mid, end: long.length, path: ['B'] },
        ]),
      ),
    ).toBe(false);
  });
});

describe('isTitleLike', () => {
  it('accepts short Title Case and ALL CAPS lines', () => {
    expect(isTitleLike('Kelp Farming in Maine')).toBe(true);
    expect(isTitleLike('2. Ferry Timetables')).toBe(true);
    expect(isTitleLike('BACKGROUND')).toBe(true);
    expect(isTitleLike('What Is Kelp?')).toBe(true);
  });
  it('rejects sentences, long lines and lower-case lines', () => {
    expect(isTitleLike('Kelp Farming In Maine.')).toBe(false);
    expect(isTitleLike('kelp farming in maine')).toBe(false);
    expect(isTitleLike('The farm grew quickly over the years')).toBe(false);
    expect(isTitleLike('A'.repeat(100))).toBe(false);
    expect(isTitleLike('Page 3')).toBe(false);
  });
});

describe('heuristicSections: short text and title lines', () => {
  it('returns nothing for empty or blank text', () => {
    expect(heuristicSections('')).toEqual([]);
    expect(heuristicSections('  \n\n \n')).toEqual([]);
  });

  it('gives short text a single section named by its first sentence', () => {
    const text = 'Kelp grows fast. It likes cold water.';
    expect(heuristicSections(text)).toEqual([{ start: 0, end: text.length, path: ['Kelp grows fast.'] }]);
  });

  it('starts sections at title lines and names them by the line', () => {
    const text = ['Kelp Farming', ...kelp(2), 'FERRY TIMETABLES', ...ferry(2)].join('\n\n');
    const sections = heuristicSections(text);
    checkWellFormed(text, sections);
    expect(sections.map((s) => s.path[0])).toEqual(['Kelp Farming', 'FERRY TIMETABLES']);
    expect(sections[0].start).toBe(0);
    expect(sections[1].start).toBe(text.indexOf('FERRY TIMETABLES'));
    expect(sections[1].end).toBe(text.length);
    expect(sections[0].end).toBe(text.indexOf('FERRY TIMETABLES') - 2);
  });

  it('keeps text before the first title as its own section', () => {
    const text = [kelp(1)[0], 'Ferry Timetables', ...ferry(2)].join('\n\n');
    const sections = heuristicSections(text);
    checkWellFormed(text, sections);
    expect(sections).toHaveLength(2);
    expect(sections[0].start).toBe(0);
    expect(sections[0].path[0]).toMatch(/^Kelp farming begins/);
    expect(sections[1].path[0]).toBe('Ferry Timetables');
  });

  it('does not take a title-like line followed by a short line as a title', () => {
    const text = ['Kelp Farming', ...kelp(2), 'Ferry Timetables', 'Only a line.', ...ferry(2)].join('\n\n');
    const sections = heuristicSections(text);
    expect(sections.map((s) => s.path[0])).toEqual(['Kelp Farming']);
    expect(sections[0]).toMatchObject({ start: 0, end: text.length });
  });
});

describe('heuristicSections: topic changes, lengths and determinism', () => {
  it('places a boundary near a change of topic when there are no titles', () => {
    const { text, change } = twoTopics();
    const sections = heuristicSections(text);
    checkWellFormed(text, sections);
    expect(sections.length).toBe(2);
    expect(Math.abs(sections[1].start - change)).toBeLessThan(400);
    expect(sections[1].path[0]).toMatch(/ferry|terminal|passengers|departures|ticket|timetable|weekends|delays/i);
  });

  it('names lexical sections by distinctive words when asked', () => {
    const { text } = twoTopics();
    const names = heuristicSections(text, { naming: 'keywords' }).map((s) => s.path[0]);
    expect(names[0]).toMatch(/kelp/);
    expect(names[1]).toMatch(/ferry|terminal|passenger|ticket|timetable|departure/);
    expect(names[0].split(', ')).toHaveLength(3);
  });

  it('respects the minimum section length', () => {
    const { text } = twoTopics();
    for (const minChars of [500, 1500, 3000]) {
      const sections = heuristicSections(text, { minChars });
      for (const s of sections) expect(s.end - s.start).toBeGreaterThanOrEqual(minChars - 2);
    }
    expect(heuristicSections(text, { minChars: 4000 })).toHaveLength(1);
  });

  it('splits sections longer than the maximum where it can', () => {
    const text = kelp(40).join('\n\n');
    const sections = heuristicSections(text, { minChars: 1500, maxChars: 5000 });
    checkWellFormed(text, sections);
    expect(sections.length).toBeGreaterThan(1);
    for (const s of sections) {
      expect(s.end - s.start).toBeLessThanOrEqual(5000);
      expect(s.end - s.start).toBeGreaterThanOrEqual(1500);
    }
  });

  it('handles one giant paragraph by comparing sentences', () => {
    const text = kelp(10).join(' ') + ' ' + ferry(10).join(' ');
    const change = kelp(10).join(' ').length + 1;
    const sections = heuristicSections(text);
    checkWellFormed(text, sections);
    expect(sections.length).toBe(2);
    expect(Math.abs(sections[1].start - change)).toBeLessThan(500);
  });

  it('is deterministic', () => {
    const { text } = twoTopics();
    const long = text + '\n\n' + kelp(15, 2).join('\n\n') + '\n\nSummary Notes\n\n' + ferry(6, 1).join('\n\n');
    expect(heuristicSections(long)).toEqual(heuristicSections(long));
    expect(JSON.stringify(heuristicSections(long, { naming: 'keywords' }))).toBe(JSON.stringify(heuristicSections(long, { naming: 'keywords' })));
  });
});
