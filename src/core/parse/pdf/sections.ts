import type { SectionSpan } from '../../types';

export interface PlacedHeading {
  start: number;
  /** 1 is outermost. */
  level: number;
  title: string;
}

/**
 * Each heading's section runs to the next heading of any level; its path is the chain of open
 * headings above it, a heading closing every open one of its own level or deeper.
 */
export function sectionsFromHeadings(headings: PlacedHeading[], textLength: number): SectionSpan[] {
  const sorted = headings.map((h, i) => ({ ...h, i })).sort((a, b) => a.start - b.start || a.i - b.i);
  const open: PlacedHeading[] = [];
  const sections: SectionSpan[] = [];
  sorted.forEach((h, k) => {
    while (open.length > 0 && open[open.length - 1].level >= h.level) open.pop();
    open.push(h);
    const end = k + 1 < sorted.length ? sorted[k + 1].start : textLength;
    if (end > h.start) sections.push({ start: h.start, end, path: open.map((o) => o.title) });
  });
  return sections;
}
