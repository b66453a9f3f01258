import type { ParsedDocument } from '../types';
import { cleanLine } from '../text';
import { DocumentBuilder } from './builder';
import { assertHasText, fileStem, readSource, type TextInput } from './source';
import { tableRow } from './table-row';

const LIST_MARKER = /^[ \t]*(?:[-*•◦▪‣·–]|\d{1,3}[.)]|[a-zA-Z][.)]|\([a-zA-Z0-9]{1,3}\))[ \t]+\S/;
/** A column gap: a tab, or 2+ spaces not after sentence punctuation (typists' double spaces). */
const COLUMN_GAP = /(?<=\S)(?:\t+[ \t]*|(?<![.!?:;]) {2,})(?=\S)/g;
const UNDERLINE = /^[ \t]*(={3,}|-{3,})[ \t]*$/;
const NUMBERED_HEADING = /^(\d{1,2}(?:\.\d{1,2})*)\.?[ \t]+(\p{Lu}.*)$/u;
const ROMAN_HEADING = /^[IVX]{1,5}\.[ \t]+\p{Lu}/u;
const SENTENCE_END = /[.!?,;:]$/;

/**
 * Plain text. Paragraphs are separated by blank lines; inside one, wrapped prose lines are
 * joined while list items and column-aligned rows stay lines of their own. Headings are
 * recognised only conservatively: a lone short ALL-CAPS line, a lone "1.2 Title" line, or an
 * underlined line. Title: the file name.
 */
export function parsePlainText(input: TextInput, fileName: string): ParsedDocument {
  const source = readSource(input, fileName);
  const builder = new DocumentBuilder();
  for (const paragraph of paragraphs(source)) addParagraph(builder, paragraph);
  const { text, sections } = builder.build();
  assertHasText(text, fileName);
  return { kind: 'text', title: fileStem(fileName), text, pages: [], sections, warnings: [] };
}

function paragraphs(source: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const line of source.split('\n')) {
    if (cleanLine(line) === '') {
      if (current.length > 0) out.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length > 0) out.push(current);
  return out;
}

function addParagraph(builder: DocumentBuilder, lines: string[]): void {
  const underline = lines.length === 2 ? UNDERLINE.exec(lines[1]) : null;
  if (underline) return builder.heading(underline[1][0] === '=' ? 1 : 2, lines[0]);
  const level = lines.length === 1 ? headingLevel(cleanLine(lines[0])) : 0;
  if (level > 0) return builder.heading(level, lines[0]);

  let prose = '';
  for (const line of lines) {
    const cells = columns(line);
    if (cells.length > 1 || LIST_MARKER.test(line)) {
      builder.line(prose);
      prose = '';
      if (cells.length > 1) builder.line(tableRow(cells, true));
      else prose = line;
    } else {
      prose = prose ? `${prose} ${line}` : line; // a wrapped line continues the one before
    }
  }
  builder.line(prose);
  builder.endBlock();
}

/** Cells of a column-aligned line (2+ gaps, or any tab); a single cell for ordinary prose. */
function columns(line: string): string[] {
  const trimmed = line.trim();
  const gaps = trimmed.match(COLUMN_GAP);
  if (!gaps || (gaps.length < 2 && !gaps[0].includes('\t'))) return [trimmed];
  return trimmed.split(COLUMN_GAP);
}

/** 0 if the lone line is not a heading, else its level. */
function headingLevel(line: string): number {
  if (line.length > 80 || line.split(' ').length > 10 || SENTENCE_END.test(line)) return 0;
  const numbered = NUMBERED_HEADING.exec(line);
  if (numbered) return numbered[1].split('.').length;
  if (ROMAN_HEADING.test(line)) return 1;
  const isAllCaps = /\p{Lu}.*\p{Lu}/u.test(line) && !/\p{Ll}/u.test(line) && line.length <= 60;
  return isAllCaps ? 1 : 0;
}
