import type { PageSpan } from '../../types';
import type { PlacedBlock } from './assemble';
import { blockText } from './headings';
import type { PlacedHeading } from './sections';
import type { PdfOutlineEntry } from './source';

/**
 * Bookmarks placed in the text: on the bookmark's page, the block whose text starts like the
 * bookmark's title, else the first block at or below the bookmark's position, else the page start.
 */
export function outlineHeadings(outline: PdfOutlineEntry[], placed: PlacedBlock[], pages: PageSpan[]): PlacedHeading[] {
  const byPage = new Map<number, PlacedBlock[]>();
  for (const p of placed) {
    const list = byPage.get(p.block.page);
    if (list) list.push(p);
    else byPage.set(p.block.page, [p]);
  }
  const pageStart = new Map(pages.map((p) => [p.page, p.start]));
  const out: PlacedHeading[] = [];
  const visit = (entries: PdfOutlineEntry[], level: number) => {
    for (const entry of entries) {
      if (entry.page !== null && pageStart.has(entry.page)) {
        out.push({ start: locate(entry, byPage.get(entry.page) ?? [], pageStart.get(entry.page)!), level, title: entry.title });
      }
      visit(entry.children, level + 1);
    }
  };
  visit(outline, 1);
  return out;
}

function locate(entry: PdfOutlineEntry, blocks: PlacedBlock[], pageStart: number): number {
  const below = entry.y === null ? blocks : blocks.filter((b) => b.block.lines[0].y >= entry.y! - 2);
  const startsLike = (title: string, text: string) => title && (text.startsWith(title) || (text.length >= 8 && title.startsWith(text)));
  const title = squash(entry.title);
  const bare = squash(unnumbered(entry.title));
  const candidates = [...below, ...blocks];
  // As printed first; then without section numbers, on a heading-sized block only (a numbered list item is no heading).
  const named =
    candidates.find((b) => startsLike(title, squash(blockText(b.block)).slice(0, title.length + 20))) ??
    candidates.find((b) => b.block.lines.length <= 2 && startsLike(bare, squash(unnumbered(blockText(b.block))).slice(0, bare.length + 20)));
  return (named ?? below[0])?.start ?? pageStart;
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A heading without its number: bookmarks often drop the "2." or "3.1" that the page prints, or the other way round. */
function unnumbered(text: string): string {
  return text.replace(/^\s*(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,4}\.|[A-Z]\.)\s+(?=\S)/, '');
}
