import type { Line } from './lines';
import type { BodyStyle } from './stats';

/** A paragraph (lines that flow into one another) or a table (rows that stay separate). */
export interface Block {
  kind: 'paragraph' | 'table';
  page: number;
  lines: Line[];
}

export const BULLET = /^(?:[•●▪■◦○‣⁃∙·\u2013\u2014\uE000-\uF8FF]|-(?=\s))/;
/** A bullet, or a list or footnote marker such as "(a) ", "(12) ", "3. ". */
export const LIST_ITEM = /^(?:[•●▪■◦○‣⁃∙·\u2013\u2014\uE000-\uF8FF]|-(?=\s)|\([a-z0-9]{1,2}\)\s|\d{1,2}\.\s)/i;
const SENTENCE_END = /[.!?:]["”’)\]]?$/;
// Consecutive table rows are never further apart than this many body line spacings.
const ROW_SPACING = 3;

/** Splits one page's lines into blocks, in reading order. */
export function buildBlocks(lines: Line[], body: BodyStyle): Block[] {
  const inTable = tableLines(lines, body);
  const prose = lines.filter((_, i) => !inTable[i]);
  const right = Math.max(...prose.map((l) => l.x1));
  const left = Math.min(...prose.map((l) => l.x0));
  const blocks: Block[] = [];
  let current: Block | null = null;
  lines.forEach((line, i) => {
    const kind = inTable[i] ? 'table' : 'paragraph';
    const prev: Line | undefined = current?.lines[current.lines.length - 1];
    const breaks =
      !current ||
      current.kind !== kind ||
      (kind === 'paragraph' && startsParagraph(current.lines, line, body, { left, right })) ||
      (kind === 'table' && prev !== undefined && line.y - prev.y > ROW_SPACING * body.lineSpacing);
    if (breaks) {
      current = { kind, page: line.page, lines: [line] };
      blocks.push(current);
    } else {
      current!.lines.push(line);
    }
  });
  return blocks;
}

/**
 * A table is a run of at least two lines that have several cells; single-cell lines in between
 * (group labels such as "Revenues by:") belong to it when a multi-cell row follows.
 */
function tableLines(lines: Line[], body: BodyStyle): boolean[] {
  const multi = lines.map((l) => l.cells.length >= 2);
  const close = (k: number) => lines[k].y - lines[k - 1].y <= ROW_SPACING * body.lineSpacing;
  const marks = lines.map(() => false);
  let i = 0;
  while (i < lines.length) {
    if (!multi[i]) {
      i++;
      continue;
    }
    let last = i;
    let rows = 1;
    let k = i + 1;
    while (k < lines.length && close(k)) {
      if (multi[k]) {
        last = k;
        rows++;
        k++;
      } else if (k + 1 < lines.length && multi[k + 1] && close(k + 1)) {
        k++;
      } else {
        break;
      }
    }
    if (rows >= 2) for (let j = i; j <= last; j++) marks[j] = true;
    i = last + 1;
  }
  return marks;
}

function startsParagraph(para: Line[], line: Line, body: BodyStyle, margins: { left: number; right: number }): boolean {
  const prev = para[para.length - 1];
  const size = Math.max(line.fontSize, prev.fontSize);
  const gap = line.y - prev.y;
  if (gap > 1.3 * body.lineSpacing * (size / body.fontSize) || gap <= 0) return true;
  if (Math.abs(line.fontSize - prev.fontSize) > 0.1 * body.fontSize) return true;
  if (line.bold !== prev.bold) return true;
  if (LIST_ITEM.test(line.text)) return true;
  const em = line.fontSize;
  // A centred block (a title over two lines): each line inside the one before, about one centre.
  if (centredUnder(line, prev, em)) return false;
  // First-line indent; a list item's hanging indent is not one.
  if (line.x0 - prev.x0 > em && !LIST_ITEM.test(prev.text)) return true;
  // Back out past the paragraph's own margin: the list item or quote has ended.
  if (para.length > 1 && line.x0 < prev.x0 - em) return true;
  // A sentence that stops well short of the right margin ends its paragraph.
  const width = margins.right - margins.left;
  return SENTENCE_END.test(prev.text) && prev.x1 < margins.right - 0.15 * width;
}

/** A line set inside the one before on both sides, about the same centre, in the same type: centred text going on. */
function centredUnder(line: Line, prev: Line, em: number): boolean {
  const centre = (l: Line) => (l.x0 + l.x1) / 2;
  return line.x0 > prev.x0 + em && line.x1 < prev.x1 - em && Math.abs(centre(line) - centre(prev)) < em && line.bold === prev.bold && line.fontSize === prev.fontSize;
}
