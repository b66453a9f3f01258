import type { SectionSpan, Sentence } from '../types';
import { sectionPathAt } from './locate';
import { sameSection } from './make-chunk';

/** A table row as parsers write it: cells joined by " | ". */
export function isTableRow(line: string): boolean {
  return line.includes(' | ');
}

/**
 * Packs the rows of a table into units of at most maxChars, so a table is chunked as a block
 * of rows rather than row by row. Two neighbouring units join when they are consecutive lines
 * of one paragraph (a single line break between them), at least one of them is a table row
 * (so a caption line such as "Financial ratios:" stays with its rows), they lie in the same
 * section, and the packed unit still fits. Everything else passes through unchanged.
 * Units are renumbered from 0.
 */
export function packTableRows(text: string, units: Sentence[], maxChars: number, sections: SectionSpan[] = []): Sentence[] {
  const out: Sentence[] = [];
  let current: Sentence | undefined;
  let currentHasRow = false;
  for (const unit of units) {
    const row = isTableRow(unit.text);
    if (current && (row || currentHasRow) && joinable(text, current, unit, maxChars, sections)) {
      current.end = unit.end;
      current.text = text.slice(current.start, current.end);
      currentHasRow ||= row;
      continue;
    }
    if (current) out.push(current);
    current = { index: out.length, start: unit.start, end: unit.end, text: unit.text };
    currentHasRow = row;
  }
  if (current) out.push(current);
  return out;
}

function joinable(text: string, a: Sentence, b: Sentence, maxChars: number, sections: SectionSpan[]): boolean {
  if (b.end - a.start > maxChars) return false;
  const gap = text.slice(a.end, b.start);
  if (!/^[ \t]*\n[ \t]*$/.test(gap)) return false;
  return sameSection(sectionPathAt(sections, a.start), sectionPathAt(sections, b.start));
}
