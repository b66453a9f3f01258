import type { PageSpan } from '../../types';
import { LIST_ITEM, type Block } from './blocks';
import { joinLines, type Vocabulary } from './hyphenation';
import type { BodyStyle } from './stats';

interface PagedBlocks {
  page: number;
  blocks: Block[];
}

/** Where a block's text ended up in the document text. */
export interface PlacedBlock {
  block: Block;
  start: number;
  end: number;
}

interface Assembly {
  text: string;
  /** Contiguous: each page runs up to where the next begins, so every offset has a page. */
  pages: PageSpan[];
  placed: PlacedBlock[];
}

const SEPARATOR = '\n\n';
const OPEN_END = /[^.!?:;"”’)\]]$/;

function renderBlock(block: Block, vocabulary: Vocabulary): string {
  if (block.kind === 'table') return block.lines.map((l) => l.cells.map((c) => c.text).join(' | ')).join('\n');
  return block.lines.reduce((text, line) => joinLines(text, line.text, vocabulary), '');
}

/**
 * Lays the blocks out as one text: blocks separated by a blank line, except a paragraph cut by
 * a page break, which is joined back together.
 */
export function assemble(pages: PagedBlocks[], vocabulary: Vocabulary, body: BodyStyle, isHeading: (block: Block) => boolean): Assembly {
  const parts: string[] = [];
  const placed: PlacedBlock[] = [];
  const pageStarts: Array<number | null> = [];
  let length = 0;
  for (const { blocks } of pages) {
    let pageStart: number | null = null;
    blocks.forEach((block, i) => {
      const text = renderBlock(block, vocabulary);
      const prev = placed[placed.length - 1];
      if (i === 0 && prev && continues(prev.block, block, body, isHeading)) {
        const last = parts.pop()!;
        const joined = joinLines(last, text, vocabulary);
        parts.push(joined);
        length += joined.length - last.length;
        const start = length - text.length;
        prev.end = Math.min(prev.end, start);
        placed.push({ block, start, end: length });
        pageStart = start;
        return;
      }
      if (parts.length > 0) length += SEPARATOR.length;
      const start = length;
      parts.push(text);
      length += text.length;
      placed.push({ block, start, end: length });
      pageStart ??= start;
    });
    pageStarts.push(pageStart);
  }
  return { text: parts.join(SEPARATOR), pages: pageSpans(pages, pageStarts, length), placed };
}

function continues(prev: Block, next: Block, body: BodyStyle, isHeading: (block: Block) => boolean): boolean {
  if (prev.kind !== 'paragraph' || next.kind !== 'paragraph' || isHeading(prev) || isHeading(next)) return false;
  const last = prev.lines[prev.lines.length - 1];
  const first = next.lines[0];
  return (
    next.page > prev.page && OPEN_END.test(last.text) && !LIST_ITEM.test(first.text) && first.bold === last.bold && Math.abs(first.fontSize - last.fontSize) <= 0.1 * body.fontSize
  );
}

function pageSpans(pages: PagedBlocks[], starts: Array<number | null>, length: number): PageSpan[] {
  const resolved: number[] = new Array(pages.length);
  let next = length;
  for (let i = pages.length - 1; i >= 0; i--) {
    next = starts[i] ?? next;
    resolved[i] = next;
  }
  if (resolved.length > 0) resolved[0] = 0;
  return pages.map(({ page }, i) => ({ page, start: resolved[i], end: i + 1 < pages.length ? resolved[i + 1] : length }));
}
