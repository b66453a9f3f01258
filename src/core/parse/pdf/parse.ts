import { IngestError } from '../../errors';
import type { ParsedDocument } from '../../types';
import { assemble } from './assemble';
import { buildBlocks, type Block } from './blocks';
import { readingFlows } from './columns';
import { detectHeadings } from './headings';
import { Vocabulary } from './hyphenation';
import { buildPageLines } from './lines';
import { outlineHeadings } from './outline';
import { removeRunningLines } from './running';
import { sectionsFromHeadings, type PlacedHeading } from './sections';
import type { PdfSource } from './source';
import { bodyStyle } from './stats';
import { chooseTitle } from './title';

/** Turns what the PDF adapter read into the cleaned document text with its pages and sections. */
export function parsePdfSource(source: PdfSource, fileName: string): ParsedDocument {
  const { pages: pageLines, warnings } = removeRunningLines(
    source.pages.map((p) => ({ page: p.page, ...buildPageLines(p) })),
  );
  const allLines = pageLines.flatMap((p) => p.lines);
  const body = bodyStyle(allLines);
  const flows = pageLines.map((p) => readingFlows(p.lines));
  const vocabulary = new Vocabulary();
  for (const flow of flows.flat()) vocabulary.addLines(flow.map((l) => l.text));

  const paged = pageLines.map((p, i) => ({ page: p.page, blocks: flows[i].flatMap((flow) => buildBlocks(flow, body)) }));
  const headings = detectHeadings(paged.flatMap((p) => p.blocks), body);
  const headingBlocks = new Set<Block>(headings.map((h) => h.block));
  const { text, pages, placed } = assemble(paged, vocabulary, body, (b) => headingBlocks.has(b));
  if (!text.trim()) {
    throw new IngestError('no-text', fileName, 'No text could be found in this PDF: it looks like a scanned document (images only), and OCR is not supported.');
  }

  const fromOutline = outlineHeadings(source.outline, placed, pages);
  let placedHeadings: PlacedHeading[] = fromOutline;
  if (fromOutline.length < 2) {
    const startOf = new Map(placed.map((p) => [p.block, p.start]));
    placedHeadings = headings.map((h) => ({ start: startOf.get(h.block)!, level: h.level, title: h.title }));
  }

  warnings.push(...pageWarnings(source));
  return {
    kind: 'pdf',
    title: chooseTitle(source.title, headings, body, fileName),
    text,
    pages,
    sections: sectionsFromHeadings(placedHeadings, text.length),
    warnings,
  };
}

function pageWarnings(source: PdfSource): string[] {
  const warnings: string[] = [];
  const failed = source.pages.filter((p) => p.error).map((p) => p.page);
  const blank = source.pages.filter((p) => !p.error && p.items.length === 0).map((p) => p.page);
  if (failed.length > 0) warnings.push(`Could not read ${count(failed.length, 'page')} (${list(failed)}); they were skipped`);
  if (blank.length > 0 && blank.length < source.pages.length) {
    warnings.push(`${count(blank.length, 'page')} had no text and may be scanned images (${list(blank)}); OCR is not supported`);
  }
  return warnings;
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function list(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  return pages.length <= 8 ? `pages ${pages.join(', ')}` : `pages ${pages.slice(0, 8).join(', ')}…`;
}
