import type { OcrMark, PageSpan, SectionSpan, Sentence } from '../types';

/** Index of the last span whose start is ≤ offset, by binary search; -1 if none. */
function lastStartingAtOrBefore(spans: ReadonlyArray<{ start: number }>, offset: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].start <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * 1-based inclusive page range covered by [start, end), or undefined for unpaginated text;
 * with `ocr` when any of those pages was read by OCR (the lowest confidence among them).
 */
export function pageRange(pages: PageSpan[], start: number, end: number): { pageStart: number; pageEnd: number; ocr?: OcrMark } | undefined {
  if (pages.length === 0) return undefined;
  const first = Math.max(0, lastStartingAtOrBefore(pages, start));
  const last = Math.max(first, lastStartingAtOrBefore(pages, Math.max(start, end - 1)));
  const read = pages.slice(first, last + 1).filter((p) => p.ocr);
  const ocr = read.length > 0 ? { confidence: Math.min(...read.map((p) => p.ocr!.confidence)) } : undefined;
  return { pageStart: pages[first].page, pageEnd: pages[last].page, ...(ocr ? { ocr } : {}) };
}

/** Heading path of the section containing offset; [] outside every section. */
export function sectionPathAt(sections: SectionSpan[], offset: number): string[] {
  const i = lastStartingAtOrBefore(sections, offset);
  if (i < 0) return [];
  const s = sections[i];
  return offset < s.end ? s.path : [];
}

/** Indices [first, last) of the sentences overlapping [start, end), by binary search; [i, i) when none. */
export function sentenceRange(sentences: Sentence[], start: number, end: number): [number, number] {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sentences[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  let last = lo;
  while (last < sentences.length && sentences[last].start < end) last++;
  return [lo, last];
}
