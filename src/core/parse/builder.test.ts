import { describe, expect, it } from 'vitest';
import { DocumentBuilder } from './builder';

describe('DocumentBuilder', () => {
  it('separates blocks with a blank line and lines inside a block with one newline', () => {
    const b = new DocumentBuilder();
    b.line('first paragraph');
    b.endBlock();
    b.line('row one');
    b.line('  row   two ');
    b.line('   ');
    b.endBlock();
    b.endBlock();
    b.line('last');
    expect(b.build().text).toBe('first paragraph\n\nrow one\nrow two\n\nlast');
  });

  it('nests headings by level and spans each section from its heading to its last line', () => {
    const b = new DocumentBuilder();
    b.line('preface');
    b.heading(1, 'Report');
    b.line('intro');
    b.heading(2, 'Sales');
    b.line('sales text');
    b.heading(3, 'Europe');
    b.heading(2, 'Costs');
    b.line('cost text');
    b.heading(1, 'Appendix');
    const { text, sections } = b.build();
    expect(sections.map((s) => s.path)).toEqual([['Report'], ['Report', 'Sales'], ['Report', 'Sales', 'Europe'], ['Report', 'Costs'], ['Appendix']]);
    expect(sections.map((s) => text.slice(s.start, s.end))).toEqual(['Report\n\nintro', 'Sales\n\nsales text', 'Europe', 'Costs\n\ncost text', 'Appendix']);
    for (let i = 1; i < sections.length; i++) expect(sections[i].start).toBeGreaterThanOrEqual(sections[i - 1].end);
  });

  it('treats a deeper heading after a shallower jump correctly and ignores empty headings', () => {
    const b = new DocumentBuilder();
    b.heading(2, 'Two');
    b.heading(4, 'Four');
    b.heading(3, '  ');
    b.heading(3, 'Three');
    expect(b.build().sections.map((s) => s.path)).toEqual([['Two'], ['Two', 'Four'], ['Two', 'Three']]);
  });

  it('remembers the first level-1 heading', () => {
    const b = new DocumentBuilder();
    expect(b.firstH1).toBeNull();
    b.heading(2, 'Minor');
    b.heading(1, 'Main');
    b.heading(1, 'Second');
    expect(b.firstH1).toBe('Main');
  });
});
