import type { Placement } from '../core/locate-passage';

/** The pages a passage spans, as a sentence fragment: "page 3", "pages 3–4". */
export function pagesPhrase(start: number, end = start): string {
  return start === end ? `page ${start}` : `pages ${start}–${end}`;
}

/**
 * What the source viewer says about the passage on the page shown: highlighted, partly
 * highlighted, or not placed — and then where it is in the document.
 */
export function placementNote(
  placement: Placement | undefined,
  page: number,
  pageStart?: number,
  pageEnd = pageStart,
): { kind: 'found' | 'partial' | 'not-found' | 'elsewhere'; text: string } {
  const where = pageStart === undefined ? 'in this document' : `on ${pagesPhrase(pageStart, pageEnd)} of the document`;
  if (pageStart !== undefined && (page < pageStart || page > (pageEnd ?? pageStart))) return { kind: 'elsewhere', text: `The cited passage is not on this page; it is ${where}.` };
  if (!placement) return { kind: 'not-found', text: 'Looking for the passage on this page…' };
  const more =
    pageStart !== undefined && pageEnd !== undefined && pageEnd > pageStart ? (page < pageEnd ? ` It continues on page ${page + 1}.` : ` It begins on page ${pageStart}.`) : '';
  if (placement.status === 'found') return { kind: 'found', text: `The cited passage is highlighted.${more}` };
  if (placement.status === 'partial') {
    const pct = Math.round(placement.coverage * 100);
    return { kind: 'partial', text: `Only part of the passage (${pct}% of its text) could be placed on the page with confidence; that part is highlighted.${more}` };
  }
  const why =
    placement.reason === 'no-text'
      ? ' This page has no text layer (its text was read by OCR from the image), so there is nothing to match it against.'
      : placement.reason === 'ambiguous'
        ? ' Its words occur more than once here, so which one is meant cannot be told.'
        : '';
  return { kind: 'not-found', text: `This passage could not be placed on the page; it is ${where}.${why} Its text is quoted under Cited passage.` };
}
