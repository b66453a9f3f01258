import { BULLET, type Block } from './blocks';
import type { BodyStyle } from './stats';

export interface Heading {
  block: Block;
  /** 1 is outermost. Only the order matters: a heading closes every open one of its level or deeper. */
  level: number;
  title: string;
}

const PART = /^part\s+[ivx]{1,4}\b/i;
const ITEM = /^item\s+\d{1,2}[a-z]?\s*[.:\-–—]/i;
const MAX_CHARS = 150;
const MAX_LINES = 3;
const LARGER = 1.15;

export function blockText(block: Block): string {
  return block.lines.map((l) => l.text).join(' ');
}

/**
 * Headings found from typography when the PDF has no outline: short paragraphs set larger than
 * the body or all in bold, and the "PART II" / "Item 7." headings of SEC filings.
 */
export function detectHeadings(blocks: Block[], body: BodyStyle): Heading[] {
  const found: Array<{ block: Block; title: string; rank: number | 'part' | 'item' }> = [];
  for (const block of blocks) {
    if (block.kind !== 'paragraph' || block.lines.length > MAX_LINES) continue;
    const title = blockText(block);
    if (!looksLikeHeading(title)) continue;
    const size = Math.max(...block.lines.map((l) => l.fontSize));
    const bold = block.lines.every((l) => l.bold);
    if (PART.test(title) && title.length <= 80) found.push({ block, title, rank: 'part' });
    else if (ITEM.test(title)) found.push({ block, title, rank: 'item' });
    else if (size >= LARGER * body.fontSize) found.push({ block, title, rank: size });
    else if (bold && size >= body.fontSize * 0.95) found.push({ block, title, rank: 0 });
  }
  // Bigger type is a higher level; body-size bold headings (rank 0) come last.
  const sizes = [...new Set(found.map((f) => f.rank).filter((r): r is number => typeof r === 'number'))].sort((a, b) => b - a);
  return found.map(({ block, title, rank }) => ({
    block,
    title: title.length > 120 ? title.slice(0, 117) + '…' : title,
    level: rank === 'part' ? 1 : rank === 'item' ? 2 : 3 + sizes.indexOf(rank),
  }));
}

function looksLikeHeading(text: string): boolean {
  if (text.length < 2 || text.length > MAX_CHARS) return false;
  if (!/\p{L}{2}/u.test(text) || !/^[\p{Lu}\p{Lt}\p{N}"“‘'(]/u.test(text)) return false;
  if (BULLET.test(text) || /[,;]$/.test(text)) return false;
  return text.split(/\s+/).length <= 25;
}
