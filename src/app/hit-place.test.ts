import { describe, expect, it } from 'vitest';
import { headerSummary, sectionAfterTitle } from './hit-place';

describe('sectionAfterTitle', () => {
  it('joins the section path', () => {
    expect(sectionAfterTitle('Annual report', ['Results', 'Revenue'])).toBe('Results › Revenue');
  });
  it('leaves out a heading that repeats the title, whatever its case and spacing', () => {
    expect(sectionAfterTitle('Orchard  notes', ['orchard notes', 'Bees'])).toBe('Bees');
    expect(sectionAfterTitle('Orchard notes', ['Orchard notes'])).toBe('');
  });
  it("leaves out the last heading when the hit's text opens with it", () => {
    expect(sectionAfterTitle('Notes', ['Harvest', 'Treatments'], 'Treatments\n\nVarroa mites are treated in December.')).toBe('Harvest');
    expect(sectionAfterTitle('Notes', ['Harvest', 'Treatments'], 'Treatments are given in December.')).toBe('Harvest › Treatments');
    expect(sectionAfterTitle('Notes', ['Hives'], 'Hives\nThe apiary holds 14 hives.')).toBe('');
  });
  it('is empty for a chunk with no section', () => {
    expect(sectionAfterTitle('Notes', [])).toBe('');
    expect(sectionAfterTitle('Notes', ['  '])).toBe('');
  });
});

describe('headerSummary', () => {
  it('is the lines after the path', () => {
    expect(headerSummary('Notes › Bees\nAn orchard diary.\nKept since 2019.')).toBe('An orchard diary. Kept since 2019.');
  });
  it('is empty without a summary or a header', () => {
    expect(headerSummary('Notes › Bees')).toBe('');
    expect(headerSummary(undefined)).toBe('');
  });
});
