import type { Placement, Rect } from '../../core/locate-passage';
import type { Chunk } from '../../core/types';
import type { PageText, PdfPageView } from '../../adapters/pdf/page-view';
import { placementNote } from '../source-note';

/** Widest a page is drawn, in CSS pixels. */
export const MAX_PAGE_WIDTH = 900;
/** Zoom steps, as multiples of the fitted width. */
export const ZOOMS = [1, 1.5, 2, 3, 4];

export type OpenedPdf = PdfPageView | { error: string };
export type DrawnPage = { page: number; text: PageText; placement?: Placement } | { page: number; error: string };
export type ReadyPage = Extract<DrawnPage, { text: PageText }>;

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The page drawn, once it is the page asked for and it was drawn without error. */
export function readyPage(drawn: DrawnPage | undefined, page: number): ReadyPage | undefined {
  return drawn && drawn.page === page && 'text' in drawn ? drawn : undefined;
}

/** Why the document or the page asked for could not be drawn, if it could not. */
export function drawFailure(pdf: OpenedPdf | undefined, drawn: DrawnPage | undefined, page: number): string | undefined {
  return (pdf && 'error' in pdf ? pdf.error : undefined) ?? (drawn && drawn.page === page && 'error' in drawn ? drawn.error : undefined);
}

/** Whether the page is one of the pages the passage spans (any page, for a passage without pages). */
export function isPassagePage(chunk: Pick<Chunk, 'pageStart' | 'pageEnd'>, page: number): boolean {
  return chunk.pageStart === undefined || (page >= chunk.pageStart && page <= (chunk.pageEnd ?? chunk.pageStart));
}

/** What the viewer says about the passage on the page drawn; nothing until it is drawn. */
export function pageNote(ready: ReadyPage | undefined, chunk: Pick<Chunk, 'pageStart' | 'pageEnd'>, page: number) {
  if (!ready) return undefined;
  const placement: Placement | undefined = isPassagePage(chunk, page) ? (ready.placement ?? { status: 'not-found', rects: [], coverage: 0, reason: 'no-match' }) : undefined;
  return placementNote(placement, page, chunk.pageStart, chunk.pageEnd);
}

/** How far to pan a zoomed page so the passage's lines are read from their left end. */
export function passageScrollLeft(rects: Rect[], text: PageText, drawWidth: number): number {
  const left = (Math.min(...rects.map((r) => r.x)) / text.width) * drawWidth;
  return Math.max(0, left - 12);
}

/** Where a highlight sits over the page, in percentages of the page's size. */
export function markStyle(r: Rect, text: PageText) {
  return {
    left: `${(r.x / text.width) * 100}%`,
    top: `${(r.y / text.height) * 100}%`,
    width: `${(r.width / text.width) * 100}%`,
    height: `${(r.height / text.height) * 100}%`,
  };
}
