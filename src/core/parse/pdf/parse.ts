import { IngestError } from '../../errors';
import type { ParsedDocument } from '../../types';
import { assemble } from './assemble';
import { buildBlocks, type Block } from './blocks';
import { readingFlows } from './columns';
import { detectHeadings } from './headings';
import { Vocabulary } from './hyphenation';
import { unmappedMender, UNMAPPED } from './ligatures';
import { buildPageLines, type Line } from './lines';
import { outlineHeadings } from './outline';
import { removeRunningLines } from './running';
import { sectionsFromHeadings, type PlacedHeading } from './sections';
import type { PdfSource } from './source';
import { bodyStyle } from './stats';
import { chooseTitle } from './title';
import { markOcrSpans, noTextReason, ocrWarnings } from '../../ocr';

/** Turns what the PDF adapter read into the cleaned document text with its pages and sections. */
export function parsePdfSource(source: PdfSource, fileName: string): ParsedDocument {
  const steps = parseSteps(source, fileName);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same, handing the thread back between pages (`pace`, e.g. core/yield's pacer, which also
 * throws when cancelled): a 10,000-page PDF takes seconds to clean up, and a worker that never
 * yields answers neither Cancel nor searches meanwhile.
 */
export async function parsePdfSourcePaced(source: PdfSource, fileName: string, pace: () => Promise<void>): Promise<ParsedDocument> {
  const steps = parseSteps(source, fileName);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pace();
  }
}

/** The parse as a generator that pauses after each page of each per-page step, so it can run paced or straight through. */
function* parseSteps(source: PdfSource, fileName: string): Generator<void, ParsedDocument, void> {
  const built = [];
  for (const p of source.pages) {
    built.push({ page: p.page, ...buildPageLines(p) });
    yield;
  }
  const { pages: pageLines, warnings } = removeRunningLines(built);
  yield;
  const body = bodyStyle(pageLines.flatMap((p) => p.lines));
  const flows = [];
  const vocabulary = new Vocabulary();
  for (const p of pageLines) {
    const pageFlows = readingFlows(p.lines);
    for (const flow of pageFlows) vocabulary.addLines(flow.map((l) => l.text));
    flows.push(pageFlows);
    yield;
  }
  const mend = unmappedMender(vocabulary);
  for (const line of flows.flat(2)) mendLine(line, mend);
  const paged = [];
  for (const [i, p] of pageLines.entries()) {
    paged.push({ page: p.page, blocks: flows[i].flatMap((flow) => buildBlocks(flow, body)) });
    yield;
  }
  const headings = detectHeadings(
    paged.flatMap((p) => p.blocks),
    body,
  );
  yield;
  const headingBlocks = new Set<Block>(headings.map((h) => h.block));
  const { text, pages, placed } = assemble(paged, vocabulary, body, (b) => headingBlocks.has(b));
  if (!text.trim()) throw new IngestError('no-text', fileName, noTextReason(source));

  const fromOutline = outlineHeadings(source.outline, placed, pages);
  let placedHeadings: PlacedHeading[] = fromOutline;
  if (fromOutline.length < 2) {
    const startOf = new Map(placed.map((p) => [p.block, p.start]));
    placedHeadings = headings.map((h) => ({ start: startOf.get(h.block)!, level: h.level, title: h.title }));
  }

  warnings.push(...pageWarnings(source));
  const title = chooseTitle(source.title, headings, body, fileName);
  // A first heading that is the document's title, set above every other heading, names the document, not a section of it:
  // it is not every section's parent.
  const [first, ...rest] = placedHeadings;
  if (fromOutline.length < 2 && first?.title === title && rest.length > 0 && rest.every((h) => h.level > first.level)) placedHeadings = rest;
  return {
    kind: 'pdf',
    title,
    text,
    pages: markOcrSpans(pages, source.pages),
    sections: sectionsFromHeadings(placedHeadings, text.length),
    warnings,
  };
}

function pageWarnings(source: PdfSource): string[] {
  const warnings: string[] = [];
  const slow = source.pages.filter((p) => p.error && p.timedOut).map((p) => p.page);
  if (slow.length > 0) warnings.push(`${capitalise(list(slow))} could not be read in time; ${slow.length === 1 ? 'it was' : 'they were'} skipped`);
  const failed = source.pages.filter((p) => p.error && !p.timedOut).map((p) => p.page);
  if (failed.length > 0) warnings.push(`Could not read ${count(failed.length, 'page')} (${list(failed)}); they were skipped`);
  return [...warnings, ...ocrWarnings(source)];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function list(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  return pages.length <= 8 ? `pages ${pages.join(', ')}` : `pages ${pages.slice(0, 8).join(', ')}…`;
}

/** A line's glyphs with no text mended by the document's words (core/parse/pdf/ligatures), in its cells and its text alike. */
function mendLine(line: Line, mend: (text: string) => string): void {
  if (!line.text.includes(UNMAPPED)) return;
  for (const cell of line.cells) cell.text = mend(cell.text);
  line.text = line.cells.map((c) => c.text).join(' ');
}
